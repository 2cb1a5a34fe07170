import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  findGame,
  type BusyIndicatorResponse,
  type GameId,
  type HistoryPeriod,
  type LandingSummaryResponse,
  type PlayersOnlineHistoryResponse,
} from '@frontline/contract';
import {
  EMPTY_RHYTHM,
  PATTERN_DAYS,
  buildHourlyTimeline,
  buildRhythm,
  classifyCurrentPlayers,
  classifyGamePlayers,
  computeWeekSlot,
  countHistoryDays,
  estimateHour,
  type HourInstance,
  type Rhythm,
} from './busy-patterns.ts';
import type { PopulationScope, TimeSlice } from '../../db/population.ts';
import { asServerGuid, type ServerGuid } from '../../domain/ids.ts';
import { BucketAccumulator, computeBucketIndex } from '../../domain/population-buckets.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GameTrendsRepository } from './game-trends.repository.ts';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  buildDataPoints,
  resolveHistoryRange,
  summarizeHistory,
  type HistoryDataPoint,
} from './players-history.ts';

/**
 * Busy indicators, the landing forecast and players-online history, computed from server population.
 *
 * Nothing here re-reads months of rows per request:
 * - hour-of-week patterns (per server) and game predictions (per game) are built once per UTC hour, from
 *   complete hours only, so they cannot change within the hour;
 * - a history keeps, per (scope, period), the totals of buckets that can no longer change and the sums of
 *   the buckets still filling; a request reads only the rows of the last hour or so.
 * Cold builds read history in day-long slices and yield to the event loop between them: node:sqlite
 * is synchronous, and one long query would stall every other request for its whole duration.
 */

const SLICE_MS = DAY_MS;

/** Rows younger than this may still be written (a poll in flight), so they are never kept in a cache. */
const SETTLE_MARGIN_MS = 10 * MINUTE_MS;

/** A kept history is rebuilt from scratch this often, so a late write or a rollup can never linger. */
const HISTORY_REBUILD_MS = HOUR_MS;

/**
 * A history answer is reused this long: polls come every 30 s or so, and the route already lets clients
 * keep an answer for 2 minutes. Under load (the server list page opening for many visitors at once) it
 * turns most requests into a lookup, and concurrent identical requests share one computation.
 */
const ANSWER_REUSE_MS = 15_000;

const MAX_HISTORY_ENTRIES = 256;
const MAX_PATTERN_ENTRIES = 4096;

export interface GameTrendsServiceDeps {
  gameTrendsRepository: GameTrendsRepository;
  clock: Clock;
}

/** A value built for one UTC hour (a pattern, a prediction), kept while that hour lasts. */
interface HourlyEntry<T> {
  hourIndex: number;
  value: Promise<T>;
}

/** The kept sums of one history (scope and period), brought up to date on each request. */
interface HistoryEntry {
  accumulator: BucketAccumulator;
  /** First bucket start kept, null when everything is kept. */
  startMs: number | null;
  /** Rows before this instant are in the accumulator; later ones are read per request. */
  settledMs: number;
  builtAtMs: number;
}

/** Within a minute and with the same player counts, a busy answer is the same (see describeBusyness). */
const BUSY_ANSWER_REUSE_MS = 60_000;
const BUSY_ANSWER_ENTRIES = 200;

export function createGameTrendsService({ gameTrendsRepository: repository, clock }: GameTrendsServiceDeps) {
  // Models rebuilt once per UTC hour: hour-of-week patterns per server, the forecast per game.
  const patterns = new Map<ServerGuid, HourlyEntry<Rhythm>>();
  const predictions = new Map<GameId, HourlyEntry<Rhythm>>();
  // Running sums of each history, so a request reads only the rows since the last one.
  const histories = new Map<string, HistoryEntry>();
  // Answers: every visitor of a game's list asks about the same top servers; the same answer object is also
  // encoded only once. A history answer is reused a few seconds (polls come every 30 s or so).
  const busyAnswers = new AnswerCache<BusyIndicatorResponse>({
    reuseMs: BUSY_ANSWER_REUSE_MS,
    maxEntries: BUSY_ANSWER_ENTRIES,
  });
  const historyAnswers = new AnswerCache<HistoryDataPoint[]>({
    reuseMs: ANSWER_REUSE_MS,
    maxEntries: MAX_HISTORY_ENTRIES,
  });

  async function buildBusyness(
    wanted: readonly ServerGuid[],
    loads: ReadonlyMap<ServerGuid, { currentPlayers: number }>,
    now: Date,
  ): Promise<BusyIndicatorResponse> {
    const rhythms = await loadPatterns(
      wanted.filter((guid) => loads.has(guid)),
      now,
    );
    const serverResults = wanted.map((serverGuid) => {
      const rhythm = rhythms.get(serverGuid) ?? EMPTY_RHYTHM;
      const currentPlayers = loads.get(serverGuid)?.currentPlayers ?? 0;
      const verdict = classifyCurrentPlayers(currentPlayers, rhythm, now);
      return {
        serverGuid,
        busyIndicator: { ...verdict, currentPlayers, historyDays: countHistoryDays(rhythm, now) },
        hourlyTimeline: buildHourlyTimeline(rhythm, now),
      };
    });
    return { serverResults, generatedAt: now.toISOString() };
  }

  async function resolveScope(id: string): Promise<PopulationScope | undefined> {
    const game = findGame(id);
    if (game) return { kind: 'game', game: game.id };
    // Not a game: a server guid if a server has it.
    const serverGuid = asServerGuid(id);
    return (await repository.serverExists(serverGuid)) ? { kind: 'server', serverGuid } : undefined;
  }

  /** Patterns of the given servers for this hour: kept ones, the rest built in one batch. */
  async function loadPatterns(serverGuids: readonly ServerGuid[], now: Date): Promise<Map<ServerGuid, Rhythm>> {
    const hourIndex = Math.floor(now.getTime() / HOUR_MS);
    const missing = serverGuids.filter((guid) => patterns.get(guid)?.hourIndex !== hourIndex);
    if (missing.length > 0) {
      if (patterns.size + missing.length > MAX_PATTERN_ENTRIES) pruneOtherHours(patterns, hourIndex);
      const batch = buildServerPatterns(missing, hourIndex);
      for (const guid of missing) {
        const entry = { hourIndex, value: batch.then((built) => built.get(guid) ?? EMPTY_RHYTHM) };
        patterns.set(guid, entry);
        forgetOnFailure(patterns, guid, entry);
      }
    }
    const loaded = await Promise.all(
      serverGuids.map(async (guid) => [guid, await (patterns.get(guid)?.value ?? EMPTY_RHYTHM)] as const),
    );
    return new Map(loaded);
  }

  async function buildServerPatterns(
    serverGuids: readonly ServerGuid[],
    hourIndex: number,
  ): Promise<Map<ServerGuid, Rhythm>> {
    const instances = new Map<ServerGuid, HourInstance[]>();
    await forEachSlice(patternWindow(hourIndex), async (slice) => {
      for (const row of await repository.selectServerHourSums(serverGuids, slice)) {
        if (row.samples <= 0) continue;
        const instance = { hourStartMs: parseHour(row.hour), averagePlayers: row.playerSum / row.samples };
        const list = instances.get(row.serverGuid);
        if (list) list.push(instance);
        else instances.set(row.serverGuid, [instance]);
      }
    });
    return new Map([...instances].map(([guid, list]) => [guid, buildRhythm(list)]));
  }

  /**
   * The game's total players in each past hour (one per date), grouped as a server's are: a forecast hour is
   * the mean over the dates of that weekday and hour, or of that hour on any day (estimateHour).
   */
  async function buildGamePredictions(game: GameId, hourIndex: number): Promise<Rhythm> {
    const totals: HourInstance[] = [];
    await forEachSlice(patternWindow(hourIndex), async (slice) => {
      for (const row of await repository.selectGameHourTotals(game, slice)) {
        totals.push({ hourStartMs: parseHour(row.hour), averagePlayers: row.totalPlayers });
      }
    });
    return buildRhythm(totals);
  }

  /** The kept history of `key`, rebuilt or brought up to the settle point as needed. */
  async function refreshHistory(
    key: string,
    scope: PopulationScope,
    startMs: number | null,
    bucketMinutes: number,
    now: Date,
  ): Promise<HistoryEntry> {
    const settleTarget = Math.floor((now.getTime() - SETTLE_MARGIN_MS) / HOUR_MS) * HOUR_MS;
    let entry = histories.get(key);
    const stale =
      !entry ||
      now.getTime() - entry.builtAtMs >= HISTORY_REBUILD_MS ||
      settleTarget < entry.settledMs ||
      (entry.startMs !== null && (startMs === null || startMs < entry.startMs));
    if (!entry || stale) {
      // Reading starts at the oldest row when the period reaches further back (this year or all time on a
      // young database): every slice before it would be empty.
      const earliest = await findHistoryStart();
      const from = earliest === null ? settleTarget : Math.max(startMs ?? earliest, earliest);
      entry = {
        accumulator: new BucketAccumulator(),
        startMs,
        settledMs: Math.min(from, settleTarget),
        builtAtMs: now.getTime(),
      };
    }
    // Re-inserted so that the map's order is least recently used first.
    histories.delete(key);
    histories.set(key, entry);
    if (histories.size > MAX_HISTORY_ENTRIES) {
      const oldest = histories.keys().next().value;
      if (oldest !== undefined) histories.delete(oldest);
    }
    if (settleTarget > entry.settledMs) {
      const accumulator = entry.accumulator;
      try {
        await forEachSlice({ from: entry.settledMs, before: settleTarget }, async (slice) => {
          accumulator.addGroups(await repository.selectPopulationGroups(scope, bucketMinutes, slice));
        });
      } catch (error) {
        // Some slices are in, the settle point is not moved: retrying would count them twice.
        histories.delete(key);
        throw error;
      }
      entry.settledMs = settleTarget;
      accumulator.settleBefore(computeBucketIndex(settleTarget, bucketMinutes));
    }
    if (startMs !== null) {
      entry.accumulator.dropBefore(computeBucketIndex(startMs, bucketMinutes));
      entry.startMs = startMs;
    }
    return entry;
  }

  async function findHistoryStart(): Promise<number | null> {
    const earliest = await repository.findEarliestPopulation();
    return earliest === null ? null : Math.floor(Date.parse(earliest) / HOUR_MS) * HOUR_MS;
  }

  return {
    async describeBusyness(serverGuids: readonly ServerGuid[]): Promise<BusyIndicatorResponse> {
      const now = new Date(clock());
      const wanted = [...new Set(serverGuids)];
      const loads = new Map((await repository.findServerLoads(wanted)).map((load) => [load.serverGuid, load]));
      // While the hour and the servers' player counts are unchanged the answer is the same.
      const key = `${Math.floor(now.getTime() / HOUR_MS)}|${wanted
        .map((guid) => `${guid}:${loads.get(guid)?.currentPlayers ?? '-'}`)
        .join(',')}`;
      return busyAnswers.reuse(key, now.getTime(), () => buildBusyness(wanted, loads, now));
    },

    async forecastGame(game: GameId): Promise<LandingSummaryResponse> {
      const now = new Date(clock());
      const hourIndex = Math.floor(now.getTime() / HOUR_MS);
      let entry = predictions.get(game);
      if (entry?.hourIndex !== hourIndex) {
        entry = { hourIndex, value: buildGamePredictions(game, hourIndex) };
        predictions.set(game, entry);
        forgetOnFailure(predictions, game, entry);
      }
      const rhythm = await entry.value;
      const currentPlayers = await repository.sumOnlinePlayers(game);
      const forecast = Array.from({ length: 24 }, (_, offset) => {
        const at = new Date((hourIndex + offset) * HOUR_MS);
        const estimate = estimateHour(rhythm, computeWeekSlot(at));
        const predictedPlayers = estimate.typical === null ? null : Math.round(estimate.typical);
        return {
          hourOfDay: at.getUTCHours(),
          dayOfWeek: at.getUTCDay() === 0 ? 7 : at.getUTCDay(),
          predictedPlayers,
          actualPlayers: offset === 0 ? currentPlayers : null,
          isCurrentHour: offset === 0,
          busyLevel: predictedPlayers === null ? ('unknown' as const) : classifyGamePlayers(predictedPlayers),
          basis: estimate.basis,
          dataPoints: estimate.dataPoints,
        };
      });
      return {
        insights: {
          generatedAt: now.toISOString(),
          currentPlayers,
          maxPredictedPlayers: Math.max(0, ...forecast.map((hour) => hour.predictedPlayers ?? 0)),
          forecast,
        },
      };
    },

    /** Undefined when `id` is neither a game nor a known server (the route answers 404). */
    async traceOnlinePlayers(
      id: string,
      period: HistoryPeriod,
      rollingWindowDays: number,
    ): Promise<PlayersOnlineHistoryResponse | undefined> {
      const scope = await resolveScope(id);
      if (!scope) return undefined;
      const now = new Date(clock());
      const key = `${scope.kind === 'game' ? `game:${scope.game}` : `server:${scope.serverGuid}`}|${period}`;
      // One computation per key at a time (the cache shares a computation in progress): two folding the same
      // rows into the kept sums would count them twice.
      const dataPoints = await historyAnswers.reuse(key, now.getTime(), async () => {
        const { startMs, bucketMinutes } = resolveHistoryRange(period, now);
        const entry = await refreshHistory(key, scope, startMs, bucketMinutes, now);
        const fresh = await repository.selectPopulationGroups(scope, bucketMinutes, {
          from: new Date(entry.settledMs).toISOString(),
          before: new Date(now.getTime() + 1).toISOString(),
        });
        const totals = entry.accumulator.collectTotals(
          startMs === null ? null : computeBucketIndex(startMs, bucketMinutes),
          computeBucketIndex(now.getTime(), bucketMinutes),
          fresh,
        );
        return buildDataPoints(totals, bucketMinutes);
      });
      return { dataPoints, insights: summarizeHistory(dataPoints, rollingWindowDays), period, rollingWindowDays };
    },
  };
}

export type GameTrendsService = ReturnType<typeof createGameTrendsService>;

/** The complete hours of the pattern days before the current hour. */
function patternWindow(hourIndex: number): { from: number; before: number } {
  const before = hourIndex * HOUR_MS;
  return { from: before - PATTERN_DAYS * DAY_MS, before };
}

async function forEachSlice(
  range: { from: number; before: number },
  visit: (slice: TimeSlice) => Promise<void>,
): Promise<void> {
  for (let from = range.from; from < range.before; from += SLICE_MS) {
    if (from > range.from) await yieldToEventLoop();
    const before = Math.min(from + SLICE_MS, range.before);
    await visit({ from: new Date(from).toISOString(), before: new Date(before).toISOString() });
  }
}

function parseHour(hour: string): number {
  return Date.parse(`${hour}:00:00.000Z`);
}

function forgetOnFailure<K, T>(cache: Map<K, HourlyEntry<T>>, key: K, entry: HourlyEntry<T>): void {
  // A failed build must not be served for the rest of the hour; the next request tries again.
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
}

function pruneOtherHours<K, T>(cache: Map<K, HourlyEntry<T>>, hourIndex: number): void {
  for (const [key, entry] of cache) if (entry.hourIndex !== hourIndex) cache.delete(key);
}
