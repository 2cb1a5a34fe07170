import { useId, type ReactNode } from 'react';
import type { BadgeFamily } from './badge-family.ts';
import type { KnownTier } from './tiers.ts';

/**
 * The badge drawings, one per family, drawn for Frontline (issue 18 "Badge art"). Loaded on demand by
 * badge-image.tsx: no screen of the first page shows a badge. Each is a plain 64 × 64 SVG: an outline (shield,
 * medal or hexagon) in the tier's metal, a glyph for the family, and a frame that grows with the tier: one rim for
 * the lowest, an inner ring from the second, a star on top from the third, rays behind for legend.
 */

interface Metal {
  light: string;
  mid: string;
  dark: string;
  /** 0 for the lowest tiers up to 3 for legend: how rich the frame is. */
  rank: 0 | 1 | 2 | 3;
}

/** Fixed colours per tier (site-statistics §3 "each has a fixed colour"), the same in both themes. */
const METALS: Record<KnownTier, Metal> = {
  bronze: { light: '#f3c08d', mid: '#c27a3a', dark: '#6b3a12', rank: 0 },
  silver: { light: '#f4f7fa', mid: '#a7b1bf', dark: '#46505e', rank: 1 },
  gold: { light: '#fff0a8', mid: '#e2a51f', dark: '#6f4203', rank: 2 },
  legend: { light: '#ffc9d2', mid: '#d61f4a', dark: '#4a0618', rank: 3 },
  common: { light: '#ecebe9', mid: '#a6a29d', dark: '#44403c', rank: 0 },
  uncommon: { light: '#c7f5d6', mid: '#2fae5c', dark: '#124a26', rank: 0 },
  rare: { light: '#c4e9fc', mid: '#1a95d3', dark: '#0b3d5e', rank: 1 },
  epic: { light: '#e2dafe', mid: '#8a5cf0', dark: '#35105f', rank: 2 },
};

/** Legend's frame: the gold of the rays and the star, whatever the badge's own colour. */
const LEGEND_TRIM = '#f7c948';

type Outline = 'shield' | 'medal' | 'hexagon';

const OUTLINE_OF: Record<BadgeFamily, Outline> = {
  kill_streak: 'shield',
  elite_warrior: 'shield',
  team_victory: 'shield',
  sharpshooter: 'medal',
  milestone_kills: 'medal',
  milestone_playtime: 'medal',
  milestone_score: 'medal',
  placement: 'medal',
  map_mastery: 'hexagon',
  consistency: 'hexagon',
  social: 'hexagon',
};

/** Each outline's path, the centre its glyph sits on, and where the tier's star goes. */
const OUTLINES: Record<Outline, { path: string; centreY: number; starY: number }> = {
  shield: { path: 'M32 5 L54 12.5 V30 C54 44 44 53 32 58.5 C20 53 10 44 10 30 V12.5 Z', centreY: 31, starY: 6 },
  medal: { path: 'M32 17 A19.5 19.5 0 1 1 31.99 17 Z', centreY: 36.5, starY: 17 },
  hexagon: { path: 'M32 5.5 L55 18.75 V45.25 L32 58.5 L9 45.25 V18.75 Z', centreY: 32, starY: 6 },
};

const STAR_POINTS = (radius: number) => {
  const inner = radius * 0.42;
  const points: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const length = index % 2 === 0 ? radius : inner;
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    points.push(`${(length * Math.cos(angle)).toFixed(2)} ${(length * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join(' L')} Z`;
};

const RAYS =
  'M32 0.5 L36.9 7.5 L44.1 2.9 L45.9 11.2 L54.3 9.7 L52.8 18.1 L61.1 19.9 L56.5 27.1 L63.5 32 L56.5 36.9 L61.1 44.1 L52.8 45.9 L54.3 54.3 L45.9 52.8 L44.1 61.1 L36.9 56.5 L32 63.5 L27.1 56.5 L19.9 61.1 L18.1 52.8 L9.7 54.3 L11.2 45.9 L2.9 44.1 L7.5 36.9 L0.5 32 L7.5 27.1 L2.9 19.9 L11.2 18.1 L9.7 9.7 L18.1 11.2 L19.9 2.9 L27.1 7.5 Z';

/** A family's glyph, drawn around (0, 0) in a box of about ±12, in the tier's dark colour on its face. */
function Glyph({ family, ink, face }: { family: BadgeFamily; ink: string; face: string }): ReactNode {
  const stroke = {
    fill: 'none',
    stroke: ink,
    strokeWidth: 3,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  switch (family) {
    case 'kill_streak':
      // A lightning bolt: kills one after another.
      return <path d="M3 -13 L-8 3 H-1 L-4 14 L8 -4 H1 Z" fill={ink} />;
    case 'sharpshooter':
      return (
        <g {...stroke} strokeWidth={2.4}>
          <circle r={8.5} />
          <path d="M0 -13 V-5 M0 5 V13 M-13 0 H-5 M5 0 H13" />
          <circle r={1.6} fill={ink} stroke="none" />
        </g>
      );
    case 'elite_warrior':
      // Rank chevrons.
      return <path {...stroke} d="M-10 -11 L0 -4 L10 -11 M-10 -2 L0 5 L10 -2 M-10 7 L0 14 L10 7" />;
    case 'team_victory':
      return (
        <g>
          <path {...stroke} d="M-8 -13 V14" />
          <path d="M-8 -12 H11 L6.5 -5.5 L11 1 H-8 Z" fill={ink} />
        </g>
      );
    case 'milestone_kills':
      // Tally marks: kills counted.
      return <path {...stroke} strokeWidth={2.6} d="M-8 -9 V9 M-3 -9 V9 M2 -9 V9 M7 -9 V9 M-12 6 L11 -6" />;
    case 'milestone_playtime':
      return (
        <g>
          <path d="M-5.5 -8 H5.5 C5.5 -3 1.5 -1.5 0 0 C-1.5 -1.5 -5.5 -3 -5.5 -8 Z" fill={ink} opacity={0.35} />
          <path d="M-4 9.5 H4 C3 6 1 5 0 4 C-1 5 -3 6 -4 9.5 Z" fill={ink} />
          <path
            {...stroke}
            strokeWidth={2.4}
            d="M-8 -12 H8 M-8 12 H8 M-6 -12 C-6 -4 -1 -2 0 0 C1 -2 6 -4 6 -12 M-6 12 C-6 4 -1 2 0 0 C1 2 6 4 6 12"
          />
        </g>
      );
    case 'milestone_score':
      return <path d={STAR_POINTS(12.5)} transform="translate(0 1)" fill={ink} />;
    case 'placement':
      // A podium.
      return (
        <g fill={ink}>
          <rect x={-4.5} y={-8} width={9} height={19} rx={1} />
          <rect x={-13} y={-1} width={8} height={12} rx={1} />
          <rect x={5} y={3} width={8} height={8} rx={1} />
        </g>
      );
    case 'map_mastery':
      // A map pin.
      return (
        <g>
          <path
            d="M0 -13 C-6.6 -13 -11 -8.2 -11 -2.4 C-11 5 0 14 0 14 C0 14 11 5 11 -2.4 C11 -8.2 6.6 -13 0 -13 Z"
            fill={ink}
          />
          <circle cy={-2.6} r={4} fill={face} />
        </g>
      );
    case 'consistency':
      // Bars rising evenly.
      return (
        <g fill={ink}>
          <rect x={-11} y={3} width={5.5} height={9} rx={1} />
          <rect x={-2.75} y={-3} width={5.5} height={15} rx={1} />
          <rect x={5.5} y={-10} width={5.5} height={22} rx={1} />
        </g>
      );
    case 'social':
      // Two comrades.
      return (
        <g fill={ink}>
          <circle cx={-5} cy={-6} r={4.3} />
          <circle cx={6} cy={-5} r={3.8} opacity={0.7} />
          <path d="M-14 11 C-14 3.5 -10 0 -5 0 C0 0 4 3.5 4 11 Z" />
          <path d="M5.5 11 C5.5 6 4.5 3.5 3 1.8 C4 1.1 5 1 6 1 C10.5 1 14 4 14 11 Z" opacity={0.7} />
        </g>
      );
  }
}

export function BadgeArt({ family, tier, size = 48 }: { family: BadgeFamily; tier: KnownTier; size?: number }) {
  const gradientId = useId();
  const metal = METALS[tier];
  const outline = OUTLINES[OUTLINE_OF[family]];
  const inset = `translate(32 ${outline.centreY}) scale(0.82) translate(-32 ${-outline.centreY})`;
  const trim = metal.rank === 3 ? LEGEND_TRIM : metal.light;

  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-testid="badge-art"
      data-badge-family={family}
      data-badge-tier={tier}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0.35" y2="1">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="1" stopColor={metal.mid} />
        </linearGradient>
      </defs>
      {metal.rank === 3 && <path d={RAYS} fill={LEGEND_TRIM} opacity={0.85} />}
      {OUTLINE_OF[family] === 'medal' && (
        <path d="M21 2 H30 L34 19 H25 Z M43 2 H34 L30 19 H39 Z" fill={metal.dark} opacity={0.9} />
      )}
      <path
        d={outline.path}
        fill={`url(#${gradientId})`}
        stroke={metal.dark}
        strokeWidth={2.5}
        strokeLinejoin="round"
      />
      {metal.rank >= 1 && (
        <path d={outline.path} transform={inset} fill="none" stroke={trim} strokeWidth={1.6} opacity={0.9} />
      )}
      <g transform={`translate(32 ${outline.centreY})`}>
        <Glyph family={family} ink={metal.dark} face={metal.light} />
      </g>
      {metal.rank >= 2 && (
        <path
          d={STAR_POINTS(5.5)}
          transform={`translate(32 ${outline.starY})`}
          fill={trim}
          stroke={metal.dark}
          strokeWidth={1.2}
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
