import {
  COMPARISON_BUCKET_DAYS,
  COMPARISON_BUCKETS,
  COMPARISON_HOURS_DAYS,
  HEAD_TO_HEAD_LIMIT,
  findBadgeDefinition,
  type ActivityHoursResponse,
  type ComparisonBucket,
  type ComparisonResponse,
  type ComparisonTotals,
  type MilestoneAchievement,
  wholeMinutes,
} from '@frontline/contract';
import type { ServerGuid } from '../../domain/ids.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import { RecentMap } from '../../lib/recent-map.ts';
import type { Clock } from '../../lib/clock.ts';
import { roundTo } from '../../lib/numbers.ts';
import { DAY_MS, firstDayOfWindow, windowStartMs } from '../../lib/utc-days.ts';
import { intersectIntervals, mergeIntervals, minutesPerUtcHour, type Interval } from './compare-hours.ts';
import type {
  CompareRepository,
  Figures,
  OnlineSpanRecord,
  ServerFiguresRecord,
  WindowedBucket,
} from './compare.repository.ts';
import { spreadOverHours, sumMaps, sumOpenRounds } from './player-figures.ts';
import { sharedRoundKeys } from './shared-round-keys.ts';
import type { PlayerProfileRepository } from './player-profile.repository.ts';

/**
 * Two players side by side (issue 19; site-statistics §3 "Comparison response", "Activity hours response"). Every
 * figure is the player profile's rule over the same rounds (docs/formulas.md "Comparison"): the closed rounds'
 * aggregates plus the rounds still being played, a round counting on the UTC day it ended (an open round on
 * today), play time in whole minutes of observed play. With a server, every figure is of that address alone.
 */

/** More sessions than anyone plays in 30 days: the window below is bounded by time, this only guards. */
const WINDOW_SESSION_LIMIT = 5_000;

export type ComparedPlayer = 'player1' | 'player2';

export interface ComparisonRequest {
  player1: string;
  player2: string;
  serverGuid?: ServerGuid;
}

/** Why a comparison has no answer: the names never seen (and which parameter named them), or an unknown server. */
export type ComparisonRefusal =
  | { kind: 'unknownPlayers'; players: { parameter: ComparedPlayer; name: string }[] }
  | { kind: 'unknownServer'; serverGuid: ServerGuid };

const noFigures = (): Figures => ({ score: 0, kills: 0, deaths: 0, playedMs: 0 });

function addFigures(total: Figures, figures: Figures): Figures {
  total.score += figures.score;
  total.kills += figures.kills;
  total.deaths += figures.deaths;
  total.playedMs += figures.playedMs;
  return total;
}

function toTotals(figures: Figures): ComparisonTotals {
  return {
    score: figures.score,
    kills: figures.kills,
    deaths: figures.deaths,
    playTimeMinutes: wholeMinutes(figures.playedMs),
  };
}

/** What one side of the comparison is made of, read once per player. */
interface PlayerSide {
  name: string;
  servers: ServerFiguresRecord[];
  /** Per bucket, the player's figures on the compared servers, open rounds included. */
  buckets: Record<ComparisonBucket, Figures>;
  /** Per map, all time, on the compared servers, open rounds included. */
  maps: Map<string, Figures>;
  /** Finished rounds' ping samples on the compared servers. */
  ping: { sum: number; count: number };
  online: Interval[];
  /** The online intervals' minutes per UTC hour over the hours window as of when the side was read (unrounded). */
  hourMinutes: number[];
  milestones: MilestoneAchievement[];
}

export function createCompareService({
  compareRepository: repository,
  playerProfileRepository: profiles,
  clock,
}: {
  compareRepository: CompareRepository;
  playerProfileRepository: PlayerProfileRepository;
  clock: Clock;
}) {
  // As long as the profile reuses its answer: figures of closed rounds change every few minutes.
  const comparisonCache = new AnswerCache<ComparisonResponse>({ reuseMs: 30_000, maxEntries: 500 });
  const activityCache = new AnswerCache<ActivityHoursResponse>({ reuseMs: 30_000, maxEntries: 500 });
  // One player's side serves every comparison they are in (a page of rivals, a server switched back): kept
  // apart from the pair's answer, for as long.
  const sideCache = new AnswerCache<PlayerSide>({ reuseMs: 30_000, maxEntries: 1000 });
  const hoursCache = new AnswerCache<ActivityHoursResponse['player1ActivityHours']>({
    reuseMs: 30_000,
    maxEntries: 1000,
  });

  // A player's round keys serve every head-to-head they are in; weighed by their count (a year's most active
  // players have tens of thousands), at most about 8 MB of them.
  const roundKeysCache = new AnswerCache<Float64Array>({
    reuseMs: 30_000,
    maxEntries: 1000,
    weigh: (keys) => keys.length,
    maxWeight: 1_000_000,
  });

  /** The newest rounds both played (on the server when given), at most HEAD_TO_HEAD_LIMIT. */
  async function sharedRounds(player1: string, player2: string, serverGuid: ServerGuid | undefined, nowMs: number) {
    const keysOf = (name: string) => roundKeysCache.reuse(name, nowMs, () => repository.findRoundKeys(name));
    const [first, second] = await Promise.all([keysOf(player1), keysOf(player2)]);
    const shared = sharedRoundKeys(first, second);
    if (shared.length === 0) return [];
    return repository.findSharedRounds(player1, player2, shared, serverGuid, HEAD_TO_HEAD_LIMIT);
  }

  // A name once seen stays known (players are never deleted): every comparison asked the database again.
  const knownNames = new RecentMap<string, true>(10_000);
  async function isKnown(name: string): Promise<boolean> {
    if (knownNames.get(name)) return true;
    const known = (await profiles.findPlayer(name)) !== undefined;
    if (known) knownNames.set(name, true);
    return known;
  }

  /** Undefined when both names (and the server, when given) are known; else why not. */
  async function refusalOf(request: ComparisonRequest): Promise<ComparisonRefusal | undefined> {
    const [first, second] = await Promise.all([isKnown(request.player1), isKnown(request.player2)]);
    const unknown = [
      ...(first ? [] : [{ parameter: 'player1' as const, name: request.player1 }]),
      ...(second ? [] : [{ parameter: 'player2' as const, name: request.player2 }]),
    ];
    if (unknown.length > 0) return { kind: 'unknownPlayers', players: unknown };
    if (request.serverGuid !== undefined && !(await repository.findServer(request.serverGuid))) {
      return { kind: 'unknownServer', serverGuid: request.serverGuid };
    }
    return undefined;
  }

  /** The player's sessions that may reach into the window starting at `sinceMs`, open rounds included. */
  function sessionsReaching(name: string, sinceMs: number): Promise<OnlineSpanRecord[]> {
    // Sessions start before the window they reach into: a day of margin covers any round (as the profile's).
    return repository.findOnlineSpans(name, new Date(sinceMs - DAY_MS).toISOString(), WINDOW_SESSION_LIMIT);
  }

  async function readSide(name: string, serverGuid: ServerGuid | undefined, nowMs: number): Promise<PlayerSide> {
    const onCompared = (guid: ServerGuid) => serverGuid === undefined || guid === serverGuid;
    const hoursSince = windowStartMs(nowMs, COMPARISON_HOURS_DAYS);
    const fromDays = {
      Last30Days: firstDayOfWindow(nowMs, COMPARISON_BUCKET_DAYS.Last30Days),
      Last6Months: firstDayOfWindow(nowMs, COMPARISON_BUCKET_DAYS.Last6Months),
      LastYear: firstDayOfWindow(nowMs, COMPARISON_BUCKET_DAYS.LastYear),
    };
    const [servers, windowRows, mapRows, openSessions, windowSessions, awards] = await Promise.all([
      repository.findServerFigures(name),
      repository.findWindowFigures(name, fromDays),
      repository.findMapFigures(name),
      profiles.findOpenRoundSessions(name),
      sessionsReaching(name, hoursSince),
      repository.findMilestoneAwards(name),
    ]);
    const compared = servers.filter((server) => onCompared(server.serverGuid));
    const openSessionsHere = openSessions.filter((session) => onCompared(session.serverGuid));
    // The rounds being played count as the profile counts them: once per round, on today for the windows.
    const openRounds = sumOpenRounds(openSessionsHere);
    const withOpenRounds = (figures: Figures) => openRounds.reduce(addFigures, figures);

    const comparedWindows = windowRows.filter((row) => onCompared(row.serverGuid));
    const windowed = (bucket: WindowedBucket) =>
      withOpenRounds(comparedWindows.map((row) => row.windows[bucket]).reduce(addFigures, noFigures()));
    const buckets: Record<ComparisonBucket, Figures> = {
      Last30Days: windowed('Last30Days'),
      Last6Months: windowed('Last6Months'),
      LastYear: windowed('LastYear'),
      AllTime: withOpenRounds(compared.reduce(addFigures, noFigures())),
    };

    const maps = new Map<string, Figures>();
    const addMap = (mapName: string, figures: Figures) =>
      maps.set(mapName, addFigures(maps.get(mapName) ?? noFigures(), figures));
    for (const row of mapRows) if (onCompared(row.serverGuid)) addMap(row.mapName, row);
    for (const map of sumMaps(openSessionsHere)) addMap(map.mapName, map);

    const online = windowSessions
      .filter((session) => onCompared(session.serverGuid))
      .map((session) => ({
        startMs: Math.max(Date.parse(session.startTime), hoursSince),
        endMs: Math.min(Date.parse(session.lastSeen), nowMs),
      }));

    const merged = mergeIntervals(online);
    return {
      name,
      servers,
      buckets,
      maps,
      ping: compared.reduce((sum, server) => ({ sum: sum.sum + server.pingSum, count: sum.count + server.pingCount }), {
        sum: 0,
        count: 0,
      }),
      online: merged,
      hourMinutes: minutesPerUtcHour(merged, hoursSince, nowMs),
      milestones: awards.map((award) => ({
        achievementId: award.achievementId,
        achievementName: findBadgeDefinition(award.achievementId)?.name ?? award.achievementId,
        tier: award.tier as MilestoneAchievement['tier'],
        achievedAt: award.achievedAt,
        value: award.value,
      })),
    };
  }

  function sideOf(name: string, serverGuid: ServerGuid | undefined, nowMs: number): Promise<PlayerSide> {
    return sideCache.reuse(JSON.stringify([name, serverGuid ?? null]), nowMs, () => readSide(name, serverGuid, nowMs));
  }

  async function compare(request: ComparisonRequest, nowMs: number): Promise<ComparisonResponse> {
    const { player1, player2, serverGuid } = request;
    const [first, second, shared, server] = await Promise.all([
      sideOf(player1, serverGuid, nowMs),
      sideOf(player2, serverGuid, nowMs),
      sharedRounds(player1, player2, serverGuid, nowMs),
      serverGuid === undefined ? undefined : repository.findServer(serverGuid),
    ]);
    const sides = [first, second] as const;

    // Each side's minutes are of its own reading (at most 30 s older); the overlap, within both, is of this one.
    const hoursSince = windowStartMs(nowMs, COMPARISON_HOURS_DAYS);
    const together = minutesPerUtcHour(intersectIntervals(first.online, second.online), hoursSince, nowMs);

    const mapNames = [...new Set([...first.maps.keys(), ...second.maps.keys()])];
    const mapScore = (mapName: string) =>
      (first.maps.get(mapName)?.score ?? 0) + (second.maps.get(mapName)?.score ?? 0);
    const mapTotals = (side: PlayerSide, mapName: string) => {
      const figures = side.maps.get(mapName);
      return figures ? toTotals(figures) : null;
    };

    const secondGuids = new Set(second.servers.map((entry) => entry.serverGuid));
    return {
      player1,
      player2,
      killRates: sides.map((side) => {
        const { kills, playedMs } = side.buckets.AllTime;
        return { playerName: side.name, killRate: playedMs > 0 ? roundTo(kills / (playedMs / 60_000), 3) : 0 };
      }),
      averagePing: sides.map((side) => ({
        playerName: side.name,
        averagePing: side.ping.count > 0 ? roundTo(side.ping.sum / side.ping.count, 2) : null,
      })),
      bucketTotals: COMPARISON_BUCKETS.map((bucket) => ({
        bucket,
        player1Totals: toTotals(first.buckets[bucket]),
        player2Totals: toTotals(second.buckets[bucket]),
      })),
      mapPerformance: mapNames
        .sort((a, b) => mapScore(b) - mapScore(a) || a.localeCompare(b))
        .map((mapName) => ({
          mapName,
          player1Totals: mapTotals(first, mapName),
          player2Totals: mapTotals(second, mapName),
        })),
      headToHead: shared.map((round) => ({
        roundId: round.roundId,
        timestamp: round.startTime,
        mapName: round.mapName,
        serverName: round.serverName,
        serverGuid: round.serverGuid,
        player1Score: round.player1.score,
        player1Kills: round.player1.kills,
        player1Deaths: round.player1.deaths,
        player2Score: round.player2.score,
        player2Kills: round.player2.kills,
        player2Deaths: round.player2.deaths,
      })),
      hourlyOverlap: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        player1Minutes: Math.round(first.hourMinutes[hour] ?? 0),
        player2Minutes: Math.round(second.hourMinutes[hour] ?? 0),
        overlapMinutes: Math.round(together[hour] ?? 0),
      })),
      commonServers: first.servers
        .filter((entry) => secondGuids.has(entry.serverGuid))
        .sort((a, b) => a.serverName.localeCompare(b.serverName) || a.serverGuid.localeCompare(b.serverGuid))
        .map((entry) => ({ guid: entry.serverGuid, name: entry.serverName, country: entry.country })),
      serverDetails: server ? { guid: server.guid, name: server.name } : null,
      player1MilestoneAchievements: first.milestones,
      player2MilestoneAchievements: second.milestones,
    };
  }

  async function activityHours(player1: string, player2: string, nowMs: number): Promise<ActivityHoursResponse> {
    const since = windowStartMs(nowMs, COMPARISON_HOURS_DAYS);
    const hoursOf = (name: string) =>
      hoursCache.reuse(name, nowMs, async () => {
        const sessions = await sessionsReaching(name, since);
        // The profile's Activity by Hour rule, over the comparison's 30 days.
        return spreadOverHours(
          sessions.filter((session) => Date.parse(session.lastSeen) >= since),
          since,
        );
      });
    const [player1ActivityHours, player2ActivityHours] = await Promise.all([hoursOf(player1), hoursOf(player2)]);
    return { player1, player2, player1ActivityHours, player2ActivityHours };
  }

  return {
    /** The comparison, or why there is none. */
    async compare(request: ComparisonRequest): Promise<ComparisonResponse | ComparisonRefusal> {
      const refusal = await refusalOf(request);
      if (refusal) return refusal;
      const now = clock();
      const key = JSON.stringify([request.player1, request.player2, request.serverGuid ?? null]);
      return comparisonCache.reuse(key, now, () => compare(request, now));
    },

    /** Each player's minutes per UTC hour, or why there are none. */
    async activityHours(player1: string, player2: string): Promise<ActivityHoursResponse | ComparisonRefusal> {
      const refusal = await refusalOf({ player1, player2 });
      if (refusal) return refusal;
      const now = clock();
      return activityCache.reuse(JSON.stringify([player1, player2]), now, () => activityHours(player1, player2, now));
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
