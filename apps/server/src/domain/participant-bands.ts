import { MIN_PLAYERS_FOR_WEIGHTING_OPTIONS } from '@frontline/contract';

/**
 * Placements are counted per band of a round's participant count, so the server profile's weighted podium
 * ("rounds with at least N players", spec §9 "Min players for weighting … options 10, 15, 20, 25, 30") is a sum
 * over the bands at or above N: the collector files each closed round under its band, the profile reads them.
 */
const PARTICIPANT_BANDS = [0, ...MIN_PLAYERS_FOR_WEIGHTING_OPTIONS] as const;

/** The band of a round with `participants` players: the highest threshold it reaches. */
export function participantBand(participants: number): number {
  let band = 0;
  for (const threshold of PARTICIPANT_BANDS) if (participants >= threshold) band = threshold;
  return band;
}
