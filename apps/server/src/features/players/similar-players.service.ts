import type { SimilarPlayerStats, SimilarPlayersResponse, SimilarityMode } from '@frontline/contract';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { roundTo } from '../../lib/numbers.ts';
import { weekOfMs } from '../../domain/similarity/online-intervals.ts';
import {
  FEATURE_WEEKS,
  emptyFeatures,
  killDeathRatioOf,
  killsPerMinuteOf,
  mapDominanceScoresOf,
  typicalOnlineHoursOf,
  type PlayerFeatures,
} from '../../domain/similarity/player-features.ts';
import { presenceHoursOf } from '../../domain/similarity/presence-hours.ts';
import { preSortCandidates, rankSimilarPlayers } from '../../domain/similarity/rank-similar-players.ts';
import type { ScoredFeatures } from '../../domain/similarity/similarity-score.ts';
import { SimilarCandidates } from './similar-candidates.ts';
import type { ServerFacts, SimilarPlayersRepository } from './similar-players.repository.ts';

/**
 * Similar players and alias detection (spec §3 "Similar players response"; domain facts §6; decision 0018): from
 * the precomputed features only. The target's active servers are those with more than 5 minutes in the window; the
 * candidates are the other players with at least 30 minutes on one of them, active in the window; the funnel and
 * the scoring are domain/similarity's.
 */

const ACTIVE_SERVER_MINUTES = 5;
const CANDIDATE_MIN_PLAYED_MS = 30 * 60_000;

export interface SimilarPlayersRequest {
  playerName: string;
  mode: SimilarityMode;
  limit: number;
}

export interface SimilarPlayersService {
  /** Undefined when the name was never seen. */
  findSimilarPlayers: (request: SimilarPlayersRequest) => Promise<SimilarPlayersResponse | undefined>;
  /** Reads every player's narrow row ahead of the first answer (an answer reads what changed since). */
  loadCandidates: () => Promise<void>;
}

export function createSimilarPlayersService(deps: {
  similarPlayersRepository: SimilarPlayersRepository;
  clock: Clock;
}): SimilarPlayersService {
  const { similarPlayersRepository: repository, clock } = deps;

  function statsOf(
    features: ScoredFeatures,
    mode: SimilarityMode,
    servers: ReadonlyMap<string, ServerFacts>,
    temporal: { overlapMinutes: number; nonOverlapScore: number },
  ): SimilarPlayerStats {
    const serverName = (guid: string) => servers.get(guid)?.name ?? guid;
    const alias = mode === 'aliasdetection';
    const games = new Set<string>();
    for (const guid of Object.keys(features.serverMinutes)) {
      const game = servers.get(guid)?.game;
      if (game) games.add(game);
    }
    return {
      playerName: features.playerName,
      totalKills: features.kills,
      totalDeaths: features.deaths,
      totalPlayTimeMinutes: Math.round(features.playedMinutes),
      killDeathRatio: roundTo(killDeathRatioOf(features), 2),
      killsPerMinute: roundTo(killsPerMinuteOf(features), 3),
      favoriteServerName: features.favouriteServer === null ? null : serverName(features.favouriteServer),
      favoriteServerPlayTimeMinutes: Math.round(features.favouriteServerMinutes),
      gameIds: [...games].sort(),
      typicalOnlineHours: typicalOnlineHoursOf(features.hourMinutes),
      // Domain facts §6: pings and map dominance are alias mode's.
      serverPings: alias
        ? Object.fromEntries(Object.entries(features.serverPings).map(([guid, ping]) => [serverName(guid), ping]))
        : {},
      mapDominanceScores: alias ? features.mapDominance : {},
      temporalOverlapMinutes: Math.round(temporal.overlapMinutes),
      temporalNonOverlapScore: roundTo(temporal.nonOverlapScore, 3),
    };
  }

  // Every player's narrow row, read again only where the round-closed work has written since (decision 0025).
  const candidateRows = new SimilarCandidates((revision) => repository.findCandidateRowsSince(revision));

  // Features change when a round of the player or a candidate closes, a few times an hour for most: a panel opened
  // again, or by another visitor, within the minute is answered from here (an answer costs several milliseconds).
  const answers = new AnswerCache<SimilarPlayersResponse>({ reuseMs: 60_000, maxEntries: 500 });

  return {
    findSimilarPlayers(request) {
      const now = clock();
      const key = JSON.stringify([request.playerName, request.mode, request.limit]);
      return answers.reuse(key, now, () => findSimilarPlayers(request, now));
    },
    loadCandidates: () => candidateRows.refresh(),
  };

  async function findSimilarPlayers(
    { playerName, mode, limit }: SimilarPlayersRequest,
    nowMs: number,
  ): Promise<SimilarPlayersResponse | undefined> {
    if (!(await repository.playerExists(playerName))) return undefined;
    const fromWeek = weekOfMs(nowMs) - FEATURE_WEEKS + 1;
    const stored = await repository.findFeatures(playerName);
    const target = stored && stored.lastWeek >= fromWeek ? stored : emptyFeatures(playerName);

    const targetShares = Object.entries(target.serverMinutes)
      .filter(([, minutes]) => minutes > ACTIVE_SERVER_MINUTES)
      .map(([serverGuid, minutes]) => ({ serverGuid, share: minutes / target.playedMinutes }));
    await candidateRows.refresh();
    const candidates = candidateRows.candidatesOf(targetShares, fromWeek, CANDIDATE_MIN_PLAYED_MS);
    const chosen = preSortCandidates(
      { ...target, presence: presenceHoursOf(target.intervals, target.lastWeek) },
      candidates,
      limit,
      mode,
    );
    const chosenFeatures = await repository.findFeaturesOf(chosen.map((candidate) => candidate.playerName));
    // The funnel's order, whatever order the rows came back in.
    const order = new Map(chosen.map((candidate, index) => [candidate.playerName, index]));
    chosenFeatures.sort((a, b) => (order.get(a.playerName) ?? 0) - (order.get(b.playerName) ?? 0));

    const everyone = [target, ...chosenFeatures];
    const mapRates =
      mode === 'aliasdetection'
        ? await repository.findMapRates([...new Set(everyone.flatMap((player) => Object.keys(player.maps)))], fromWeek)
        : new Map();
    const scored = (features: PlayerFeatures): ScoredFeatures => ({
      ...features,
      mapDominance: mode === 'aliasdetection' ? mapDominanceScoresOf(features.maps, mapRates) : {},
    });
    const scoredTarget = scored(target);
    const ranked = rankSimilarPlayers(scoredTarget, chosenFeatures.map(scored), mode, limit);
    const servers = await repository.findServers([
      ...new Set(
        [scoredTarget, ...ranked.map((entry) => entry.features)].flatMap((player) => Object.keys(player.serverMinutes)),
      ),
    ]);

    return {
      targetPlayer: playerName,
      mode,
      targetPlayerStats: statsOf(scoredTarget, mode, servers, { overlapMinutes: 0, nonOverlapScore: 0 }),
      similarPlayers: ranked.map(({ features, similarity }) => ({
        ...statsOf(features, mode, servers, similarity.temporal),
        similarityScore: roundTo(similarity.score, 3),
        similarityReasons: similarity.reasons,
      })),
    };
  }
}
