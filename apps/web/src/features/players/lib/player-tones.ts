import { bandTone, type Tone } from '../../../lib/tones.ts';

/**
 * The player profile's own tones: the kill-rate band (spec: site-statistics §9 "kill-rate thresholds 1.2, 0.8,
 * 0.6, 0.4") and the fill and line colours of the bands for its charts. The bands themselves, the K/D and
 * session tones are in lib/tones.ts.
 */

/** Fill colours of the bands of lib/tones.ts, for chart dots and bars (SVG fill through currentColor). */
export const TONE_FILL_CLASSES: Record<Tone, string> = {
  elite: 'fill-accent',
  good: 'fill-good',
  fair: 'fill-info',
  even: 'fill-muted',
  low: 'fill-danger',
  warn: 'fill-warn',
  plain: 'fill-muted',
};

export const KILL_RATE_THRESHOLDS = [1.2, 0.8, 0.6, 0.4] as const;

/** Kills per minute. */
export function killRateTone(killsPerMinute: number): Tone {
  return bandTone(killsPerMinute, KILL_RATE_THRESHOLDS);
}

/** Line colours of the bands of lib/tones.ts, for threshold guides. */
export const TONE_STROKE_CLASSES: Record<Tone, string> = {
  elite: 'stroke-accent',
  good: 'stroke-good',
  fair: 'stroke-info',
  even: 'stroke-muted',
  low: 'stroke-danger',
  warn: 'stroke-warn',
  plain: 'stroke-muted',
};
