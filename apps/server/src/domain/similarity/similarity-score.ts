import { countOf, type SimilarityMode } from '@frontline/contract';
import { killDeathRatioOf, killsPerMinuteOf, typicalOnlineHoursOf, type PlayerFeatures } from './player-features.ts';
import { compareTemporalWith, prepareTemporalSide, type TemporalComparison } from './temporal-non-overlap.ts';

/**
 * How alike two players are (domain facts §6, with a working temporal non-overlap term;
 * docs/decisions/0018-similar-players-and-aliases.md). Each term scores 0..1 and carries the established site's
 * weight for the mode; the weighted sum is divided by the sum of the mode's weights, so the similarity stays within
 * 0..1 (the established site's weights add up to 1.08 and 1.06 and its sums could pass 1).
 */

interface Weights {
  playTime: number;
  killDeath: number;
  /** The kill-rate bonus rides on the K/D weight (domain facts §6: × 0.2). */
  killRate: number;
  favouriteServer: number;
  onlineHours: number;
  nonOverlap: number;
  ping: number;
  mapDominance: number;
}

export const SIMILARITY_WEIGHTS: Record<SimilarityMode, Weights> = {
  default: {
    playTime: 0.15,
    killDeath: 0.4,
    killRate: 0.4 * 0.2,
    favouriteServer: 0.25,
    onlineHours: 0.2,
    nonOverlap: 0,
    ping: 0,
    mapDominance: 0,
  },
  aliasdetection: {
    playTime: 0,
    killDeath: 0.3,
    killRate: 0.3 * 0.2,
    favouriteServer: 0.25,
    onlineHours: 0,
    nonOverlap: 0.2,
    ping: 0.2,
    mapDominance: 0.05,
  },
};

/** Alias mode's warnings (domain facts §6). */
const HIGH_OVERLAP_MINUTES = 30;
const HIGH_PING_DIFFERENCE_MS = 30;

/** Player features with what the scoring derives from the store and the map averages. */
export interface ScoredFeatures extends PlayerFeatures {
  mapDominance: Record<string, number>;
}

export interface SimilarityResult {
  score: number;
  reasons: string[];
  temporal: TemporalComparison;
}

/** Below this mean ping the bands are domain facts §6's milliseconds; above, they widen with the ping. */
const PING_BANDS_UP_TO_MS = 30;

/**
 * Domain facts §6: ping similarity of one common server by the absolute difference in ms (≤1 ms 1, ≤2 0.9, ≤3 0.7,
 * ≤5 0.4, ≤10 0.1). Frontline widens the bands in proportion on servers farther than 30 ms (decision 0018): a
 * person's ping varies by a share of the path, so one player's average to a server 300 ms away moves by 10 ms
 * between weeks, and the fixed bands told him apart from himself there.
 */
export function pingSimilarityOf(difference: number, meanPing = 0): number {
  const gap = (Math.abs(difference) * PING_BANDS_UP_TO_MS) / Math.max(PING_BANDS_UP_TO_MS, meanPing);
  if (gap <= 1) return 1;
  if (gap <= 2) return 0.9;
  if (gap <= 3) return 0.7;
  if (gap <= 5) return 0.4;
  if (gap <= 10) return 0.1;
  return 0;
}

function formatRatio(value: number): string {
  return value.toFixed(2);
}

function jaccard(a: readonly number[], b: readonly number[]): { index: number; common: number[] } {
  const bSet = new Set(b);
  const common = a.filter((value) => bSet.has(value));
  const union = new Set([...a, ...b]).size;
  return { index: union === 0 ? 0 : common.length / union, common };
}

/**
 * Σ over servers of the smaller of the two players' shares of play there: 1 for the same spread over the same
 * servers, 0 for no server in common. `bTotal` when `b` holds only some of the second player's servers (the
 * candidate funnel reads a candidate's minutes on the target's servers alone).
 */
export function sharedServerShare(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
  bTotal = totalMinutes(b),
): number {
  const aTotal = totalMinutes(a);
  if (aTotal <= 0 || bTotal <= 0) return 0;
  let shared = 0;
  for (const [server, minutes] of Object.entries(a)) {
    shared += Math.min(minutes / aTotal, (b[server] ?? 0) / bTotal);
  }
  return shared;
}

function totalMinutes(minutes: Readonly<Record<string, number>>): number {
  return Object.values(minutes).reduce((sum, value) => sum + value, 0);
}

type Totals = Pick<PlayerFeatures, 'kills' | 'deaths' | 'playedMinutes'>;

/** 0.5^|ΔK/D|. */
export function killDeathTerm(a: Totals, b: Totals): number {
  return Math.pow(0.5, Math.abs(killDeathRatioOf(a) - killDeathRatioOf(b)));
}

/** 0.5^(2·|Δkills per minute|). */
export function killRateTerm(a: Totals, b: Totals): number {
  return Math.pow(0.5, 2 * Math.abs(killsPerMinuteOf(a) - killsPerMinuteOf(b)));
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export function scoreSimilarity(
  target: ScoredFeatures,
  candidate: ScoredFeatures,
  mode: SimilarityMode,
): SimilarityResult {
  return similarityScorer(target, mode)(candidate);
}

/**
 * Scores candidates against one target: what depends on the target alone (its ratios, typical hours, its minutes
 * per clock hour for the temporal term) is worked out once, not once per candidate.
 */
export function similarityScorer(
  target: ScoredFeatures,
  mode: SimilarityMode,
): (candidate: ScoredFeatures) => SimilarityResult {
  const weights = SIMILARITY_WEIGHTS[mode];
  const totalWeight =
    weights.playTime +
    weights.killDeath +
    weights.killRate +
    weights.favouriteServer +
    weights.onlineHours +
    weights.nonOverlap +
    weights.ping +
    weights.mapDominance;
  const targetKd = killDeathRatioOf(target);
  const targetKpm = killsPerMinuteOf(target);
  const targetHours = typicalOnlineHoursOf(target.hourMinutes);
  const targetTemporal = prepareTemporalSide(target);

  return (candidate) => {
    const reasons: string[] = [];
    const warnings: string[] = [];
    let sum = 0;

    if (weights.playTime > 0) {
      const longer = Math.max(target.playedMinutes, candidate.playedMinutes);
      const term = longer > 0 ? 1 - Math.abs(target.playedMinutes - candidate.playedMinutes) / longer : 1;
      sum += weights.playTime * term;
      if (term >= 0.8) {
        reasons.push(
          `Similar play time (${Math.round(target.playedMinutes)} vs ${Math.round(candidate.playedMinutes)} minutes)`,
        );
      }
    }

    const candidateKd = killDeathRatioOf(candidate);
    const kdTerm = killDeathTerm(target, candidate);
    sum += weights.killDeath * kdTerm;
    if (kdTerm >= 0.8) reasons.push(`Similar KDR (${formatRatio(targetKd)} vs ${formatRatio(candidateKd)})`);

    const candidateKpm = killsPerMinuteOf(candidate);
    const kpmTerm = killRateTerm(target, candidate);
    sum += weights.killRate * kpmTerm;
    if (kpmTerm >= 0.9)
      reasons.push(`Similar kill rate (${formatRatio(targetKpm)} vs ${formatRatio(candidateKpm)} per minute)`);

    if (mode === 'aliasdetection') {
      // Decision 0018: the name a player is leaving has few hours, and which server holds the most of them is a
      // matter of chance; alias mode weighs the share of play both names have on the same servers instead.
      const shared = sharedServerShare(target.serverMinutes, candidate.serverMinutes);
      sum += weights.favouriteServer * shared;
      if (shared >= 0.5) reasons.push(`Plays on the same servers (${Math.round(shared * 100)} % of play in common)`);
    } else if (target.favouriteServer !== null && target.favouriteServer === candidate.favouriteServer) {
      sum += weights.favouriteServer;
      reasons.push('Plays on same favorite server');
    }

    if (weights.onlineHours > 0) {
      const candidateHours = typicalOnlineHoursOf(candidate.hourMinutes);
      if (targetHours.length === 0 || candidateHours.length === 0) {
        // Domain facts §6: without hours on either side, half the term.
        sum += weights.onlineHours * 0.5;
      } else {
        const { index, common } = jaccard(targetHours, candidateHours);
        sum += weights.onlineHours * index;
        if (common.length > 0) {
          // How many, not which: the reason is text, and the page shows the hours themselves in the visitor's zone.
          reasons.push(`Similar online times (${countOf(common.length, 'overlapping hour')})`);
        }
      }
    }

    const temporal = compareTemporalWith(targetTemporal, candidate);
    if (weights.nonOverlap > 0) {
      sum += weights.nonOverlap * temporal.nonOverlapScore;
      if (temporal.nonOverlapScore >= 0.5) {
        reasons.push(
          `Never online at the same time, though active in the same ${countOf(temporal.apart?.sharedWeeks ?? 0, 'week')} on the same servers`,
        );
      }
      if (temporal.overlapMinutes > HIGH_OVERLAP_MINUTES) {
        warnings.push(`High temporal overlap (${Math.round(temporal.overlapMinutes)} minutes online together)`);
      }
    }

    if (weights.ping > 0) {
      const differences: number[] = [];
      let similarity = 0;
      for (const [serverGuid, ping] of Object.entries(target.serverPings)) {
        const other = candidate.serverPings[serverGuid];
        if (other === undefined) continue;
        differences.push(Math.abs(ping - other));
        similarity += pingSimilarityOf(ping - other, (ping + other) / 2);
      }
      if (differences.length > 0) {
        const term = similarity / differences.length;
        sum += weights.ping * term;
        if (term >= 0.7) reasons.push(`Similar ping on ${countOf(differences.length, 'common server')}`);
        const largest = Math.max(...differences);
        if (largest > HIGH_PING_DIFFERENCE_MS) warnings.push(`High ping difference (${Math.round(largest)} ms)`);
      }
    }

    if (weights.mapDominance > 0) {
      let weighted = 0;
      let weightTotal = 0;
      for (const [mapName, score] of Object.entries(target.mapDominance)) {
        const other = candidate.mapDominance[mapName];
        if (other === undefined) continue;
        const weight = Math.min(2, Math.max(0.5, (score + other) / 2));
        weighted += Math.max(0, 1 - Math.abs(score - other)) * weight;
        weightTotal += weight;
      }
      if (weightTotal > 0) {
        const term = weighted / weightTotal;
        sum += weights.mapDominance * term;
        if (term >= 0.8) reasons.push('Similar strength on the same maps');
      }
    }

    return { score: clamp01(sum / totalWeight), reasons: [...reasons, ...warnings], temporal };
  };
}
