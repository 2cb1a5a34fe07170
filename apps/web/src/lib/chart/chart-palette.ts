/**
 * The colours of the uPlot charts (the server browser's history, the server profile's activity): the theme's
 * tokens, read when a chart is drawn, since a canvas cannot use CSS variables.
 */

export interface ChartPalette {
  players: string;
  peak: string;
  lowest: string;
  average: string;
  busy: string;
  quiet: string;
  weekend: string;
  grid: string;
  axis: string;
  ink: string;
  surface: string;
  fontFamily: string;
}

type PaletteColour = Exclude<keyof ChartPalette, 'fontFamily'>;

/** Which token each part of a chart takes: red for the high marks, blue for the low ones. */
const CHART_COLOUR_TOKENS = {
  players: '--fl-accent',
  peak: '--fl-danger',
  lowest: '--fl-info',
  average: '--fl-olive',
  busy: '--fl-danger',
  quiet: '--fl-info',
  weekend: '--fl-line',
  grid: '--fl-line',
  axis: '--fl-muted',
  ink: '--fl-ink',
  surface: '--fl-surface',
} as const satisfies Record<PaletteColour, `--fl-${string}`>;

/** The light theme's values, for a page whose stylesheet has not applied (tests, a failed CSS load). */
const FALLBACK_PALETTE: ChartPalette = {
  players: '#8b5407',
  peak: '#b3322c',
  lowest: '#2d62a3',
  average: '#4f6a2a',
  busy: '#b3322c',
  quiet: '#2d62a3',
  weekend: '#d8d0bc',
  grid: '#d8d0bc',
  axis: '#5a5f52',
  ink: '#1f231d',
  surface: '#fbf9f3',
  fontFamily: 'system-ui, sans-serif',
};

/** The theme in force, as the root element's variables say. */
export function readChartPalette(root: HTMLElement = document.documentElement): ChartPalette {
  const style = getComputedStyle(root);
  const palette = { ...FALLBACK_PALETTE };
  for (const [part, token] of Object.entries(CHART_COLOUR_TOKENS) as [PaletteColour, string][]) {
    const value = style.getPropertyValue(token).trim();
    if (value) palette[part] = value;
  }
  const fontFamily = style.getPropertyValue('--font-sans').trim() || style.fontFamily.trim();
  if (fontFamily) palette.fontFamily = fontFamily;
  return palette;
}

/** `#rgb` / `#rrggbb` / `rgb(…)` with an alpha; other colour syntaxes are returned unchanged (opaque). */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1];
    const [r, g, b] = [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(colour.trim());
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return colour;
}
