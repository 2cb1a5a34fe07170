/**
 * A count of players or an average of one, as the activity charts and the figures around them show it (the
 * server browser's history, the server profile's activity): whole numbers as they are, averages to one
 * decimal ("31.5"), thousands grouped ("1,234"); an em dash when unknown. Apart from lib/format.ts, which the
 * first bundle carries, since only the charts' chunks use it.
 */

let playerFigureFormat: Intl.NumberFormat | undefined;

export function formatPlayerFigure(value: number): string {
  if (!Number.isFinite(value)) return '—';
  playerFigureFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
  return playerFigureFormat.format(value);
}
