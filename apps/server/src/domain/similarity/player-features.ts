import { quantileOfSorted } from '../quantiles.ts';
import {
  addInterval,
  intervalOfSession,
  MINUTE_MS,
  packIntervals,
  trimIntervals,
  weekOfMs,
  type OnlineInterval,
  type PackedIntervals,
} from './online-intervals.ts';

/**
 * A player's similarity features (docs/decisions/0018-similar-players-and-aliases.md): what the similar-players
 * answer compares, kept up to date one closed session at a time so that an answer never scans sessions.
 *
 * The state keeps weekly totals (so the window can slide by dropping whole weeks) and the merged online intervals;
 * the features are the state summed over its window, which is what the read side parses. Windows are counted back
 * from the player's latest week of play (domain facts §6: 6 months of play, pings over about 30 days, temporal
 * overlap over 3 months).
 */

export const FEATURE_WEEKS = 26;
export const INTERVAL_WEEKS = 13;
export const PING_WEEKS = 5;
/** Domain facts §6: a server's average ping counts with at least 10 samples. */
const MIN_PING_SAMPLES = 10;

export interface ClosedSessionFacts {
  startMs: number;
  lastSeenMs: number;
  serverGuid: string;
  mapName: string;
  kills: number;
  deaths: number;
  score: number;
  playedMs: number;
  pingSum: number;
  pingCount: number;
}

interface WeekTotals {
  kills: number;
  deaths: number;
  score: number;
  ms: number;
  /** Minutes online per UTC hour of day. */
  hours: number[];
  /** Per server: [played ms, ping sum, ping samples]. */
  servers: Record<string, [number, number, number]>;
  /** Per map: [played ms, kills, score]. */
  maps: Record<string, [number, number, number]>;
}

export interface FeatureState {
  weeks: Record<string, WeekTotals>;
  intervals: OnlineInterval[];
}

export interface MapTotals {
  minutes: number;
  kills: number;
  score: number;
}

export interface PlayerFeatures {
  playerName: string;
  /** The latest week (weekOfMs) the player played in: the windows end there. */
  lastWeek: number;
  kills: number;
  deaths: number;
  score: number;
  playedMinutes: number;
  favouriteServer: string | null;
  favouriteServerMinutes: number;
  /** Minutes per UTC hour of day over the window. */
  hourMinutes: number[];
  serverMinutes: Record<string, number>;
  /** Average ping per server over the last PING_WEEKS weeks, servers with at least 10 samples. */
  serverPings: Record<string, number>;
  /** Per server, the weeks of the interval window in which the player played there. */
  serverWeeks: Record<string, number[]>;
  maps: Record<string, MapTotals>;
  /** Online intervals over the last INTERVAL_WEEKS weeks. */
  intervals: PackedIntervals;
}

export function emptyFeatureState(): FeatureState {
  return { weeks: {}, intervals: [] };
}

function emptyWeek(): WeekTotals {
  return { kills: 0, deaths: 0, score: 0, ms: 0, hours: Array.from({ length: 24 }, () => 0), servers: {}, maps: {} };
}

/** A week's totals to change without changing the state they came from (structuredClone took 6 % of a backlog). */
function copyOfWeek(week: WeekTotals): WeekTotals {
  const copyEach = (entries: Record<string, [number, number, number]>) =>
    Object.fromEntries(Object.entries(entries).map(([key, [a, b, c]]) => [key, [a, b, c]]));
  return {
    ...week,
    hours: [...week.hours],
    servers: copyEach(week.servers) as WeekTotals['servers'],
    maps: copyEach(week.maps) as WeekTotals['maps'],
  };
}

/** Adds the minutes of [startMs, endMs) to each UTC hour of day they fall in. */
function addHourMinutes(hours: number[], startMs: number, endMs: number): void {
  let at = startMs;
  while (at < endMs) {
    const hourEnd = (Math.floor(at / 3_600_000) + 1) * 3_600_000;
    const chunkEnd = Math.min(endMs, hourEnd);
    const hour = new Date(at).getUTCHours();
    hours[hour] = (hours[hour] ?? 0) + (chunkEnd - at) / MINUTE_MS;
    at = chunkEnd;
  }
}

/** The state with one closed session added, and the weeks and intervals older than the windows dropped. */
export function addClosedSession(state: FeatureState, session: ClosedSessionFacts): FeatureState {
  const week = weekOfMs(session.startMs);
  const weeks = { ...state.weeks };
  const totals = copyOfWeek(weeks[week] ?? emptyWeek());
  totals.kills += session.kills;
  totals.deaths += session.deaths;
  totals.score += session.score;
  totals.ms += session.playedMs;
  addHourMinutes(totals.hours, session.startMs, Math.max(session.startMs, session.lastSeenMs));
  const server = (totals.servers[session.serverGuid] ??= [0, 0, 0]);
  server[0] += session.playedMs;
  server[1] += session.pingSum;
  server[2] += session.pingCount;
  const map = (totals.maps[session.mapName] ??= [0, 0, 0]);
  map[0] += session.playedMs;
  map[1] += session.kills;
  map[2] += session.score;
  weeks[week] = totals;

  const lastWeek = Math.max(week, ...Object.keys(weeks).map(Number));
  for (const key of Object.keys(weeks)) if (Number(key) <= lastWeek - FEATURE_WEEKS) delete weeks[key];
  const intervals = trimIntervals(
    addInterval(state.intervals, intervalOfSession(session.startMs, session.lastSeenMs)),
    firstMinuteOfWeek(lastWeek - INTERVAL_WEEKS + 1),
  );
  return { weeks, intervals };
}

export function firstMinuteOfWeek(week: number): number {
  return (week * 7 - 3) * 1440;
}

/** The state summed over its windows: what the similarity scoring reads. */
/** A player with no play in the window: every figure 0, no favourite server. */
export function emptyFeatures(playerName: string): PlayerFeatures {
  return {
    playerName,
    lastWeek: 0,
    kills: 0,
    deaths: 0,
    score: 0,
    playedMinutes: 0,
    favouriteServer: null,
    favouriteServerMinutes: 0,
    hourMinutes: Array.from({ length: 24 }, () => 0),
    serverMinutes: {},
    serverPings: {},
    serverWeeks: {},
    maps: {},
    intervals: new Uint32Array(0),
  };
}

export function summariseFeatures(playerName: string, state: FeatureState): PlayerFeatures {
  const weekNumbers = Object.keys(state.weeks).map(Number);
  const lastWeek = weekNumbers.length > 0 ? Math.max(...weekNumbers) : 0;
  const features: PlayerFeatures = {
    ...emptyFeatures(playerName),
    lastWeek,
    intervals: packIntervals(state.intervals),
  };
  const pings: Record<string, [number, number]> = {};
  for (const week of weekNumbers.sort((a, b) => a - b)) {
    const totals = state.weeks[week] as WeekTotals;
    features.kills += totals.kills;
    features.deaths += totals.deaths;
    features.score += totals.score;
    features.playedMinutes += totals.ms / MINUTE_MS;
    totals.hours.forEach((minutes, hour) => (features.hourMinutes[hour] = (features.hourMinutes[hour] ?? 0) + minutes));
    for (const [serverGuid, [ms, pingSum, pingCount]] of Object.entries(totals.servers)) {
      // A server seen only in sessions without play time has pings, not minutes: it is no server played.
      if (ms > 0) features.serverMinutes[serverGuid] = (features.serverMinutes[serverGuid] ?? 0) + ms / MINUTE_MS;
      if (week > lastWeek - INTERVAL_WEEKS && ms > 0) (features.serverWeeks[serverGuid] ??= []).push(week);
      if (week > lastWeek - PING_WEEKS) {
        const ping = (pings[serverGuid] ??= [0, 0]);
        ping[0] += pingSum;
        ping[1] += pingCount;
      }
    }
    for (const [mapName, [ms, kills, score]] of Object.entries(totals.maps)) {
      const map = (features.maps[mapName] ??= { minutes: 0, kills: 0, score: 0 });
      map.minutes += ms / MINUTE_MS;
      map.kills += kills;
      map.score += score;
    }
  }
  for (const [serverGuid, minutes] of Object.entries(features.serverMinutes)) {
    // Ties go to the server named first in code-point order, so the answer never depends on insertion order.
    const better =
      minutes > features.favouriteServerMinutes ||
      (minutes === features.favouriteServerMinutes &&
        features.favouriteServer !== null &&
        serverGuid < features.favouriteServer);
    if (features.favouriteServer === null || better) {
      features.favouriteServer = serverGuid;
      features.favouriteServerMinutes = minutes;
    }
  }
  for (const [serverGuid, [sum, count]] of Object.entries(pings)) {
    if (count >= MIN_PING_SAMPLES) features.serverPings[serverGuid] = Math.round((sum / count) * 100) / 100;
  }
  return features;
}

/** The played milliseconds per server of the window (whole milliseconds): what the candidates' funnel reads. */
export function serverPlayedMsOf(features: Pick<PlayerFeatures, 'serverMinutes'>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(features.serverMinutes).map(([serverGuid, minutes]) => [
      serverGuid,
      Math.round(minutes * MINUTE_MS),
    ]),
  );
}

export function killDeathRatioOf(features: Pick<PlayerFeatures, 'kills' | 'deaths'>): number {
  return features.deaths > 0 ? features.kills / features.deaths : features.kills;
}

export function killsPerMinuteOf(features: Pick<PlayerFeatures, 'kills' | 'playedMinutes'>): number {
  return features.playedMinutes > 0 ? features.kills / features.playedMinutes : 0;
}

/** Domain facts §6: the UTC hours whose minutes reach half the 95th percentile of the player's hourly minutes. */
export function typicalOnlineHoursOf(hourMinutes: readonly number[]): number[] {
  const threshold =
    0.5 *
    quantileOfSorted(
      hourMinutes.toSorted((a, b) => a - b),
      0.95,
    );
  const hours: number[] = [];
  hourMinutes.forEach((minutes, hour) => {
    if (minutes > 0 && minutes >= threshold) hours.push(hour);
  });
  return hours;
}

/** Minutes of play a map needs before its dominance counts (domain facts §6). */
const MIN_MAP_MINUTES = 60;

/**
 * Domain facts §6: per map with at least 60 minutes, the mean of the player's kill rate and score rate each divided
 * by the map's average (all players, same window). Maps whose average is 0 are left out.
 */
export function mapDominanceScoresOf(
  maps: Readonly<Record<string, MapTotals>>,
  mapAverages: ReadonlyMap<string, { killsPerMinute: number; scorePerMinute: number }>,
): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const [mapName, totals] of Object.entries(maps)) {
    if (totals.minutes < MIN_MAP_MINUTES) continue;
    const average = mapAverages.get(mapName);
    if (!average || average.killsPerMinute <= 0 || average.scorePerMinute <= 0) continue;
    const killRatio = totals.kills / totals.minutes / average.killsPerMinute;
    const scoreRatio = totals.score / totals.minutes / average.scorePerMinute;
    scores[mapName] = Math.round(((killRatio + scoreRatio) / 2) * 1000) / 1000;
  }
  return scores;
}
