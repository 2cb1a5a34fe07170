/**
 * Colour bands of a player's figures (spec: site-statistics §9 "K/D colour thresholds 3, 2, 1.5, 1; kill-rate
 * thresholds 1.2, 0.8, 0.6, 0.4"; "Session colours: kills at 5/15/30, deaths 5/10/20, total 25/50/100"). The
 * spec gives the thresholds; which colour each band gets is Frontline's: the best band in brass (the site's
 * accent), then green, blue, plain, and red for the band below the last threshold. What several screens share is
 * here; the kill-rate band and the chart colours, which only the player profile uses, are in
 * features/players/lib/player-tones.ts.
 */

export type Tone = 'elite' | 'good' | 'fair' | 'even' | 'low' | 'warn' | 'plain';

export const TONE_TEXT_CLASSES: Record<Tone, string> = {
  elite: 'text-accent',
  good: 'text-good',
  fair: 'text-info',
  even: 'text-ink',
  low: 'text-danger',
  warn: 'text-warn',
  plain: 'text-ink',
};

export const KD_THRESHOLDS = [3, 2, 1.5, 1] as const;

const BAND_TONES: readonly Tone[] = ['elite', 'good', 'fair', 'even', 'low'];

/** The band of a value among thresholds given best first: at or above the first is the best band. */
export function bandTone(value: number, thresholds: readonly number[]): Tone {
  if (!Number.isFinite(value)) return 'plain';
  const index = thresholds.findIndex((threshold) => value >= threshold);
  return BAND_TONES[index === -1 ? thresholds.length : index] ?? 'low';
}

export function kdTone(kdRatio: number): Tone {
  return bandTone(kdRatio, KD_THRESHOLDS);
}

/**
 * The same bands as the live players table (§9 "Live table colours"), whose thresholds the session colours
 * repeat: kills from 30 red, 15 orange, 5 green; deaths from 20 red, 10 orange, 5 green, else blue; score
 * from 100 green, 50 blue, 25 orange.
 */
export function sessionKillsTone(kills: number): Tone {
  if (kills >= 30) return 'low';
  if (kills >= 15) return 'warn';
  if (kills >= 5) return 'good';
  return 'plain';
}

export function sessionDeathsTone(deaths: number): Tone {
  if (deaths >= 20) return 'low';
  if (deaths >= 10) return 'warn';
  if (deaths >= 5) return 'good';
  return 'fair';
}

export function sessionScoreTone(score: number): Tone {
  if (score >= 100) return 'good';
  if (score >= 50) return 'fair';
  if (score >= 25) return 'warn';
  return 'plain';
}

/** K/D as a number (kills when there are no deaths, as §5 shows it), for colouring a pair of totals. */
export function kdValue(kills: number, deaths: number): number {
  return deaths > 0 ? kills / deaths : kills;
}
