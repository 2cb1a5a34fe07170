import type { SimilarPlayerStats } from '@frontline/contract';
import { formatHourLabel } from '../../../lib/format.ts';
import { localHourOf } from '../../../lib/local-hours.ts';
import type { Tone } from '../../../lib/tones.ts';

/**
 * The wording and colours of the Player Intelligence & Analysis panel (spec: site-statistics §9 "Similarity: at
 * least 0.8 green, at least 0.6 amber, else red; top 2 reasons plus '+N more'; shared servers and maps 4 shown then
 * count note. Ping bands: under 50 green, under 100 yellow, else red. Ping difference: at most 10 similar, at most
 * 30 moderate, else geographic difference. Hours overlap: at least 4 high, at least 2 moderate. Pattern similarity
 * above 0.8 High, above 0.6 Medium. Overlap likelihood: below 25 Unlikely, below 70 Possible, else Most Likely").
 * The thresholds are repeated here rather than imported from the contract, whose module carries zod.
 */

export const SIMILARITY_GOOD = 0.8;
export const SIMILARITY_FAIR = 0.6;
export const REASONS_SHOWN = 2;
export const SHARED_SHOWN = 4;

/** Green, amber or red by the similarity score (0..1). */
export function similarityTone(score: number): Tone {
  if (score >= SIMILARITY_GOOD) return 'good';
  if (score >= SIMILARITY_FAIR) return 'warn';
  return 'low';
}

/** "87%": the score as a whole percentage. */
export function formatSimilarity(score: number): string {
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

/** The first `shown` items and how many are left for a "+N more" note. */
export function firstItems<Item>(items: readonly Item[], shown: number): { shown: Item[]; more: number } {
  return { shown: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}

/** Ping in ms: under 50 green, under 100 yellow, else red. */
export function pingTone(ms: number): Tone {
  if (ms < 50) return 'good';
  if (ms < 100) return 'warn';
  return 'low';
}

export type PingDifferenceLabel = 'Similar' | 'Moderate' | 'Geographic difference';

export function pingDifferenceLabel(differenceMs: number): PingDifferenceLabel {
  const difference = Math.abs(differenceMs);
  if (difference <= 10) return 'Similar';
  if (difference <= 30) return 'Moderate';
  return 'Geographic difference';
}

export type LevelLabel = 'High' | 'Moderate' | 'Low';

/** How many typical online hours the two share. */
export function hoursOverlapLabel(sharedHours: number): LevelLabel {
  if (sharedHours >= 4) return 'High';
  if (sharedHours >= 2) return 'Moderate';
  return 'Low';
}

/** The Jaccard index of the two players' typical hours (0..1). */
export function patternSimilarityLabel(similarity: number): 'High' | 'Medium' | 'Low' {
  if (similarity > 0.8) return 'High';
  if (similarity > 0.6) return 'Medium';
  return 'Low';
}

export type OverlapLikelihoodLabel = 'Unlikely' | 'Possible' | 'Most Likely';

/** A percentage (0..100). */
export function overlapLikelihoodLabel(percent: number): OverlapLikelihoodLabel {
  if (percent < 25) return 'Unlikely';
  if (percent < 70) return 'Possible';
  return 'Most Likely';
}

/**
 * The chance, in percent, that two different players with these habits would have been online together at least
 * once: the temporal non-overlap term is 1 − e^(−E/30) for names that never met (decision 0018), which is that
 * chance. Null when they did meet (the term is then 0 and says nothing about strangers).
 */
export function overlapLikelihoodPercent(candidate: SimilarPlayerStats): number | null {
  if (candidate.temporalOverlapMinutes > 0) return null;
  return Math.round(candidate.temporalNonOverlapScore * 100);
}

/** Servers both players have: both measured pings there, or it is both players' favourite. Sorted by name. */
export function sharedServers(target: SimilarPlayerStats, candidate: SimilarPlayerStats): string[] {
  const shared = new Set(Object.keys(target.serverPings).filter((server) => server in candidate.serverPings));
  if (target.favoriteServerName && target.favoriteServerName === candidate.favoriteServerName) {
    shared.add(target.favoriteServerName);
  }
  return [...shared].sort((a, b) => a.localeCompare(b));
}

/** Maps both players have a dominance score on (alias mode only; default mode sends none). Sorted by name. */
export function sharedMaps(target: SimilarPlayerStats, candidate: SimilarPlayerStats): string[] {
  return Object.keys(target.mapDominanceScores)
    .filter((map) => map in candidate.mapDominanceScores)
    .sort((a, b) => a.localeCompare(b));
}

export interface HoursComparison {
  /** UTC hours both are typically online. */
  shared: number[];
  /** Shared hours over the hours either is typically online (0..1); null when either has none. */
  patternSimilarity: number | null;
}

export function compareHours(targetHours: readonly number[], candidateHours: readonly number[]): HoursComparison {
  const target = new Set(targetHours);
  const candidate = new Set(candidateHours);
  const shared = [...target].filter((hour) => candidate.has(hour)).sort((a, b) => a - b);
  const union = new Set([...target, ...candidate]).size;
  const patternSimilarity = target.size === 0 || candidate.size === 0 ? null : shared.length / union;
  return { shared, patternSimilarity };
}

export interface PingRow {
  server: string;
  targetPing: number | null;
  candidatePing: number | null;
}

/**
 * One row per server with a ping: with `comparableOnly`, only servers both players have a ping on (the rows a
 * difference can be read from); otherwise every server of either, the missing side null. Sorted by name.
 */
export function pingRows(
  target: SimilarPlayerStats,
  candidate: SimilarPlayerStats,
  comparableOnly: boolean,
): PingRow[] {
  const servers = new Set([...Object.keys(target.serverPings), ...Object.keys(candidate.serverPings)]);
  return [...servers]
    .sort((a, b) => a.localeCompare(b))
    .map((server) => ({
      server,
      targetPing: target.serverPings[server] ?? null,
      candidatePing: candidate.serverPings[server] ?? null,
    }))
    .filter((row) => !comparableOnly || (row.targetPing !== null && row.candidatePing !== null));
}

/**
 * Typical online hours (UTC, as the API sends them) in the viewer's local time, as ranges of consecutive hours:
 * [18, 19, 20] at UTC+1 reads "7pm–10pm". A range that runs over midnight stays one range ("11pm–2am").
 */
export function formatLocalHourRanges(utcHours: readonly number[], offsetMinutes: number): string[] {
  const local = [...new Set(utcHours.map((hour) => localHourOf(hour, offsetMinutes)))].sort((a, b) => a - b);
  if (local.length === 0) return [];
  if (local.length === 24) return ['All day'];
  // Start at an hour whose previous hour is not in the set, so a run over midnight is not cut in two.
  const hours = new Set(local);
  const startIndex = local.findIndex((hour) => !hours.has((hour + 23) % 24));
  const ordered = [...local.slice(startIndex), ...local.slice(0, startIndex)];
  const ranges: string[] = [];
  let runStart = ordered[0] ?? 0;
  let previous = runStart;
  for (const hour of ordered.slice(1)) {
    if (hour === (previous + 1) % 24) {
      previous = hour;
      continue;
    }
    ranges.push(`${formatHourLabel(runStart)}–${formatHourLabel(previous + 1)}`);
    runStart = hour;
    previous = hour;
  }
  ranges.push(`${formatHourLabel(runStart)}–${formatHourLabel(previous + 1)}`);
  return ranges;
}
