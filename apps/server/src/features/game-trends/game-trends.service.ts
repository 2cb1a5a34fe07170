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
import { asServerGuid, type ServerGuid } from '../../domain/ids.ts';
import type { GameTrendsRepository, PopulationScope, TimeSlice } from './game-trends.repository.ts';
import {
  BucketAccumulator,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  buildDataPoints,
  computeBucketIndex,
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

export interface GameTrendsServiceOptions {
  repository: GameTrendsRepository;
  now: () => Date;
}

interface HourlyEntry<T> {
  hourIndex: number;
  value: Promise<T>;
}

interface HistoryEntry {
  accumulator: BucketAccumulator;
  /** First bucket start kept, null when everything is kept. */
  startMs: number | null;
  /** Rows before this instant are in the accumulator; later ones are read per request. */
  settledMs: number;
  builtAtMs: number;
  /** The last answer's data points, reused for a few seconds. */
  latest?: { atMs: number; dataPoints: HistoryDataPoint[] };
}

/** Within a minute and with the same player counts, a busy answer is the same (see describeBusyness). */
const BUSY_ANSWER_REUSE_MS = 60_000;
const BUSY_ANSWER_ENTRIES = 200;

export class GameTrendsService {
  readonly #repository: GameTrendsRepository;
  readonly #now: () => Date;
  readonly #patterns = new Map<ServerGuid, HourlyEntry<Rhythm>>();
  readonly #predictions = new Map<GameId, HourlyEntry<Rhythm>>();
  readonly #histories = new Map<string, HistoryEntry>();
  readonly #historyLocks = new Map<string, Promise<void>>();
  readonly #busyAnswers = new Map<string, { at: number; answer: BusyIndicatorResponse }>();

  constructor(options: GameTrendsServiceOptions) {
    this.#repository = options.repository;
    this.#now = options.now;
  }

  async describeBusyness(serverGuids: readonly ServerGuid[]): Promise<BusyIndicatorResponse> {
    const now = this.#now();
    const wanted = [...new Set(serverGuids)];
    const loads = new Map((await this.#repository.findServerLoads(wanted)).map((load) => [load.serverGuid, load]));
    // Every visitor of a game's list asks about the same top servers: while their player counts and the
    // hour are unchanged the answer is the same object, so it is also encoded only once.
    const key = `${Math.floor(now.getTime() / HOUR_MS)}|${wanted
      .map((guid) => `${guid}:${loads.get(guid)?.currentPlayers ?? '-'}`)
      .join(',')}`;
    const reused = this.#busyAnswers.get(key);
    if (reused && now.getTime() - reused.at >= 0 && now.getTime() - reused.at < BUSY_ANSWER_REUSE_MS)
      return reused.answer;
    const answer = await this.#buildBusyness(wanted, loads, now);
    if (this.#busyAnswers.size >= BUSY_ANSWER_ENTRIES) this.#busyAnswers.clear();
    this.#busyAnswers.set(key, { at: now.getTime(), answer });
    return answer;
  }

  async #buildBusyness(
    wanted: ServerGuid[],
    loads: Map<ServerGuid, Awaited<ReturnType<GameTrendsRepository['findServerLoads']>>[number]>,
    now: Date,
  ): Promise<BusyIndicatorResponse> {
    const patterns = await this.#loadPatterns(
      wanted.filter((guid) => loads.has(guid)),
      now,
    );
    const serverResults = wanted.map((serverGuid) => {
      const rhythm = patterns.get(serverGuid) ?? EMPTY_RHYTHM;
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

  async forecastGame(game: GameId): Promise<LandingSummaryResponse> {
    const now = this.#now();
    const hourIndex = Math.floor(now.getTime() / HOUR_MS);
    let entry = this.#predictions.get(game);
    if (entry?.hourIndex !== hourIndex) {
      entry = { hourIndex, value: this.#buildGamePredictions(game, hourIndex) };
      this.#predictions.set(game, entry);
      forgetOnFailure(this.#predictions, game, entry);
    }
    const predictions = await entry.value;
    const currentPlayers = await this.#repository.sumOnlinePlayers(game);
    const forecast = Array.from({ length: 24 }, (_, offset) => {
      const at = new Date((hourIndex + offset) * HOUR_MS);
      const estimate = estimateHour(predictions, computeWeekSlot(at));
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
        maxPredictedPlayers: Math.max(0, ...forecast.map((entry) => entry.predictedPlayers ?? 0)),
        forecast,
      },
    };
  }

  /** Undefined when `id` is neither a game nor a known server (the route answers 404). */
  async traceOnlinePlayers(
    id: string,
    period: HistoryPeriod,
    rollingWindowDays: number,
  ): Promise<PlayersOnlineHistoryResponse | undefined> {
    const scope = await this.#resolveScope(id);
    if (!scope) return undefined;
    const now = this.#now();
    const key = `${scope.kind === 'game' ? `game:${scope.game}` : `server:${scope.serverGuid}`}|${period}`;
    const { startMs, bucketMinutes } = resolveHistoryRange(period, now);
    const dataPoints = await this.#runExclusive(key, async () => {
      const latest = this.#histories.get(key)?.latest;
      const age = now.getTime() - (latest?.atMs ?? -Infinity);
      if (latest && age >= 0 && age < ANSWER_REUSE_MS) return latest.dataPoints;
      const entry = await this.#refreshHistory(key, scope, startMs, bucketMinutes, now);
      const fresh = await this.#repository.selectPopulationGroups(scope, bucketMinutes, {
        from: new Date(entry.settledMs).toISOString(),
        before: new Date(now.getTime() + 1).toISOString(),
      });
      const totals = entry.accumulator.collectTotals(
        startMs === null ? null : computeBucketIndex(startMs, bucketMinutes),
        computeBucketIndex(now.getTime(), bucketMinutes),
        fresh,
      );
      entry.latest = { atMs: now.getTime(), dataPoints: buildDataPoints(totals, bucketMinutes) };
      return entry.latest.dataPoints;
    });
    return { dataPoints, insights: summarizeHistory(dataPoints, rollingWindowDays), period, rollingWindowDays };
  }

  async #resolveScope(id: string): Promise<PopulationScope | undefined> {
    const game = findGame(id);
    if (game) return { kind: 'game', game: game.id };
    // Not a game: a server guid if a server has it.
    const serverGuid = asServerGuid(id);
    return (await this.#repository.serverExists(serverGuid)) ? { kind: 'server', serverGuid } : undefined;
  }

  /** Patterns of the given servers for this hour: cached ones, the rest built in one batch. */
  async #loadPatterns(serverGuids: readonly ServerGuid[], now: Date): Promise<Map<ServerGuid, Rhythm>> {
    const hourIndex = Math.floor(now.getTime() / HOUR_MS);
    const missing = serverGuids.filter((guid) => this.#patterns.get(guid)?.hourIndex !== hourIndex);
    if (missing.length > 0) {
      if (this.#patterns.size + missing.length > MAX_PATTERN_ENTRIES) pruneOtherHours(this.#patterns, hourIndex);
      const batch = this.#buildServerPatterns(missing, hourIndex);
      for (const guid of missing) {
        const entry = { hourIndex, value: batch.then((patterns) => patterns.get(guid) ?? EMPTY_RHYTHM) };
        this.#patterns.set(guid, entry);
        forgetOnFailure(this.#patterns, guid, entry);
      }
    }
    const loaded = await Promise.all(
      serverGuids.map(async (guid) => [guid, await (this.#patterns.get(guid)?.value ?? EMPTY_RHYTHM)] as const),
    );
    return new Map(loaded);
  }

  async #buildServerPatterns(serverGuids: readonly ServerGuid[], hourIndex: number): Promise<Map<ServerGuid, Rhythm>> {
    const instances = new Map<ServerGuid, HourInstance[]>();
    await forEachSlice(patternWindow(hourIndex), async (slice) => {
      for (const row of await this.#repository.selectServerHourSums(serverGuids, slice)) {
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
  async #buildGamePredictions(game: GameId, hourIndex: number): Promise<Rhythm> {
    const totals: HourInstance[] = [];
    await forEachSlice(patternWindow(hourIndex), async (slice) => {
      for (const row of await this.#repository.selectGameHourTotals(game, slice)) {
        totals.push({ hourStartMs: parseHour(row.hour), averagePlayers: row.totalPlayers });
      }
    });
    return buildRhythm(totals);
  }

  /** The kept history of `key`, rebuilt or brought up to the settle point as needed. */
  async #refreshHistory(
    key: string,
    scope: PopulationScope,
    startMs: number | null,
    bucketMinutes: number,
    now: Date,
  ): Promise<HistoryEntry> {
    const settleTarget = Math.floor((now.getTime() - SETTLE_MARGIN_MS) / HOUR_MS) * HOUR_MS;
    let entry = this.#histories.get(key);
    const stale =
      !entry ||
      now.getTime() - entry.builtAtMs >= HISTORY_REBUILD_MS ||
      settleTarget < entry.settledMs ||
      (entry.startMs !== null && (startMs === null || startMs < entry.startMs));
    if (!entry || stale) {
      // Reading starts at the oldest row when the period reaches further back (this year or all time on a
      // young database): every slice before it would be empty.
      const earliest = await this.#findHistoryStart();
      const from = earliest === null ? settleTarget : Math.max(startMs ?? earliest, earliest);
      entry = {
        accumulator: new BucketAccumulator(),
        startMs,
        settledMs: Math.min(from, settleTarget),
        builtAtMs: now.getTime(),
      };
    }
    // Re-inserted so that the map's order is least recently used first.
    this.#histories.delete(key);
    this.#histories.set(key, entry);
    if (this.#histories.size > MAX_HISTORY_ENTRIES) {
      const oldest = this.#histories.keys().next().value;
      if (oldest !== undefined) this.#histories.delete(oldest);
    }
    if (settleTarget > entry.settledMs) {
      const accumulator = entry.accumulator;
      try {
        await forEachSlice({ from: entry.settledMs, before: settleTarget }, async (slice) => {
          accumulator.addGroups(await this.#repository.selectPopulationGroups(scope, bucketMinutes, slice));
        });
      } catch (error) {
        // Some slices are in, the settle point is not moved: retrying would count them twice.
        this.#histories.delete(key);
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

  async #findHistoryStart(): Promise<number | null> {
    const earliest = await this.#repository.findEarliestPopulation();
    return earliest === null ? null : Math.floor(Date.parse(earliest) / HOUR_MS) * HOUR_MS;
  }

  /** Runs tasks of one key one after another: two requests folding the same rows would count them twice. */
  async #runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#historyLocks.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.#historyLocks.set(key, done);
    try {
      return await run;
    } finally {
      if (this.#historyLocks.get(key) === done) this.#historyLocks.delete(key);
    }
  }
}

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
