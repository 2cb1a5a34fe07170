/**
 * How full a server is, as the player column's bar shows it (spec: site-statistics §9 "Fill ratio colours:
 * 100%+ full (red), 80%+ high (orange), 40%+ medium (green), under 40 low (blue); 0 empty").
 */

export type FillLevel = 'full' | 'high' | 'medium' | 'low' | 'empty';

const FILL_FULL = 1;
const FILL_HIGH = 0.8;
const FILL_MEDIUM = 0.4;

/** Players over slots, 0 when the server reports no slots. Can exceed 1 (reserved slots, feed lag). */
export function fillRatio(numPlayers: number, maxPlayers: number): number {
  if (!Number.isFinite(numPlayers) || numPlayers <= 0) return 0;
  if (!Number.isFinite(maxPlayers) || maxPlayers <= 0) return 0;
  return numPlayers / maxPlayers;
}

export function fillLevel(numPlayers: number, maxPlayers: number): FillLevel {
  if (!Number.isFinite(numPlayers) || numPlayers <= 0) return 'empty';
  // Players on a server that reports no slots: it cannot take more, so it reads as full.
  if (!Number.isFinite(maxPlayers) || maxPlayers <= 0) return 'full';
  const ratio = numPlayers / maxPlayers;
  if (ratio >= FILL_FULL) return 'full';
  if (ratio >= FILL_HIGH) return 'high';
  if (ratio >= FILL_MEDIUM) return 'medium';
  return 'low';
}

/** Token colour classes per level: red, orange, green, blue, and a quiet grey for an empty server. */
export const FILL_LEVEL_STYLES: Record<FillLevel, { bar: string; text: string; label: string }> = {
  full: { bar: 'bg-danger', text: 'text-danger', label: 'Full' },
  high: { bar: 'bg-warn', text: 'text-warn', label: 'Almost full' },
  medium: { bar: 'bg-good', text: 'text-good', label: 'Filling up' },
  low: { bar: 'bg-info', text: 'text-info', label: 'Few players' },
  empty: { bar: 'bg-faint', text: 'text-faint', label: 'Empty' },
};
