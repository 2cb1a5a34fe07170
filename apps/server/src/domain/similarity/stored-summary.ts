import type { PackedIntervals } from './online-intervals.ts';
import type { PlayerFeatures } from './player-features.ts';

/**
 * A player's summary as `player_similarity_packed_summaries` holds it (migration 0021): JSON of every feature but the
 * online intervals, and the intervals as bytes (little-endian 32-bit minutes, start and end of each). The intervals
 * were three quarters of a year's active player's summary as JSON (about a thousand pairs of numbers), and parsing
 * them half the time of a similar-players answer; as bytes they are read without parsing.
 */

export interface StoredSummary {
  /** JSON: the features without `intervals`. */
  features: string;
  intervals: Uint8Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function storeSummary(features: PlayerFeatures): StoredSummary {
  const { intervals, ...rest } = features;
  const bytes = new Uint8Array(intervals.length * 4);
  const view = new DataView(bytes.buffer);
  intervals.forEach((minute, index) => view.setUint32(index * 4, minute, true));
  return { features: JSON.stringify(rest), intervals: bytes };
}

export function readStoredSummary(stored: StoredSummary): PlayerFeatures {
  const features = JSON.parse(stored.features) as PlayerFeatures;
  features.intervals = unpack(stored.intervals);
  return features;
}

function unpack(bytes: Uint8Array): PackedIntervals {
  const count = Math.floor(bytes.length / 4);
  // A copy (new Uint8Array of a typed array copies): its own buffer, aligned, whatever buffer the driver's bytes
  // share (a Buffer's slice would not copy).
  if (LITTLE_ENDIAN) return new Uint32Array(new Uint8Array(bytes.subarray(0, count * 4)).buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: count }, (_, index) => view.getUint32(index * 4, true));
}
