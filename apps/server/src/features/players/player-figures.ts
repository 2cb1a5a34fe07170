import type { GameId } from '@frontline/contract';
import type { ServerGuid } from '../../domain/ids.ts';
import type { DayTotals, MapTotalsRecord, ServerTotalsRecord, SessionRecord } from './player-profile.repository.ts';

/**
 * The arithmetic of a player's profile over sessions and totals: a map's totals, minutes per hour of the day, and
 * the rounds still open added to the closed rounds' aggregates (per server and on today's trend).
 */

const HOUR_MS = 3_600_000;

/** What a session (or a round's worth of them) adds to a total: its score, kills, deaths and time played. */
interface PlayFigures {
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

function addPlay(total: PlayFigures, figures: PlayFigures): void {
  total.score += figures.score;
  total.kills += figures.kills;
  total.deaths += figures.deaths;
  total.playedMs += figures.playedMs;
}

export function sumMaps(sessions: readonly SessionRecord[]): MapTotalsRecord[] {
  const maps = new Map<string, MapTotalsRecord>();
  for (const session of sessions) {
    const map = maps.get(session.mapName) ?? {
      mapName: session.mapName,
      rounds: 0,
      score: 0,
      kills: 0,
      deaths: 0,
      playedMs: 0,
    };
    map.rounds += 1;
    addPlay(map, session);
    maps.set(session.mapName, map);
  }
  return [...maps.values()];
}

/**
 * Minutes played in each UTC hour of the day: a session's observed play time is spread evenly over the clock
 * hours between its start and its last sighting (only the part after `sinceMs` counts).
 */
export function spreadOverHours(
  sessions: readonly Pick<SessionRecord, 'startTime' | 'lastSeen' | 'playedMs'>[],
  sinceMs: number,
): { hour: number; minutesActive: number }[] {
  const minutes = Array.from({ length: 24 }, () => 0);
  for (const session of sessions) {
    const startMs = Date.parse(session.startTime);
    const endMs = Date.parse(session.lastSeen);
    const spanMs = endMs - startMs;
    if (spanMs <= 0 || session.playedMs <= 0) continue;
    const share = session.playedMs / spanMs;
    let cursor = Math.max(startMs, sinceMs);
    while (cursor < endMs) {
      const hourEnd = Math.min(endMs, (Math.floor(cursor / HOUR_MS) + 1) * HOUR_MS);
      const hour = new Date(cursor).getUTCHours();
      minutes[hour] = (minutes[hour] ?? 0) + ((hourEnd - cursor) * share) / 60_000;
      cursor = hourEnd;
    }
  }
  return minutes.map((value, hour) => ({ hour, minutesActive: Math.round(value) }));
}

/** A round still open, as the aggregates will count it for this player when it closes (one row per round). */
export interface OpenRoundFigures {
  serverGuid: ServerGuid;
  serverName: string;
  game: GameId;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
}

export function sumOpenRounds(sessions: readonly SessionRecord[]): OpenRoundFigures[] {
  const rounds = new Map<string, OpenRoundFigures>();
  for (const session of sessions) {
    const round = rounds.get(session.roundId) ?? {
      serverGuid: session.serverGuid,
      serverName: session.serverName,
      game: session.game,
      score: 0,
      kills: 0,
      deaths: 0,
      playedMs: 0,
    };
    addPlay(round, session);
    rounds.set(session.roundId, round);
  }
  return [...rounds.values()];
}

/**
 * Each server's closed-round totals with the player's open rounds added (a server played only in an open round
 * joins with those alone). Best score, rank and ping stay the closed rounds' own.
 */
export function addOpenRounds(
  servers: readonly ServerTotalsRecord[],
  openRounds: readonly OpenRoundFigures[],
): ServerTotalsRecord[] {
  const byGuid = new Map(servers.map((server) => [server.serverGuid, { ...server }]));
  for (const round of openRounds) {
    const server = byGuid.get(round.serverGuid) ?? {
      serverGuid: round.serverGuid,
      serverName: round.serverName,
      game: round.game,
      rounds: 0,
      score: 0,
      kills: 0,
      deaths: 0,
      playedMs: 0,
      pingSum: 0,
      pingCount: 0,
      bestScore: 0,
      bestRoundId: null,
      bestMapName: null,
      bestStartTime: null,
      bestEndTime: null,
      rank: null,
      rankedPlayers: 0,
    };
    server.rounds += 1;
    addPlay(server, round);
    byGuid.set(round.serverGuid, server);
  }
  return [...byGuid.values()];
}

/** The trend's days with the open rounds added to today (creating today when the player has no closed round yet). */
export function addOpenRoundsToday(days: readonly DayTotals[], openRounds: readonly OpenRoundFigures[], today: number) {
  if (openRounds.length === 0) return days;
  const result = days.filter((day) => day.day !== today);
  const todays = days.find((day) => day.day === today) ?? { day: today, rounds: 0, kills: 0, deaths: 0, playedMs: 0 };
  result.push(
    openRounds.reduce(
      (sum, round) => ({
        day: today,
        rounds: sum.rounds + 1,
        kills: sum.kills + round.kills,
        deaths: sum.deaths + round.deaths,
        playedMs: sum.playedMs + round.playedMs,
      }),
      todays,
    ),
  );
  return result;
}
