import {
  ACTIVITY_BY_HOUR_DAYS,
  decodePlayerNameForDisplay,
  BEST_SCORES_PER_WINDOW,
  RECENT_STATS_DAYS,
  type BestScore,
  type GameId,
  type MapStatsRange,
  type MapStatsResponse,
  type PlayerStatsResponse,
  type PlayersListResponse,
  type PlayersSortKey,
  type ProfileSession,
  wholeMinutes,
} from '@frontline/contract';
import type { ServerGuid } from '../../domain/ids.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { nameSearchForms } from '../../lib/name-search.ts';
import { kdRatioOf, roundTo } from '../../lib/numbers.ts';
import { DAY_MS, MONTH_DAYS, WEEK_DAYS, firstDayOfWindow, utcDayNumber, windowStartMs } from '../../lib/utc-days.ts';
import { addOpenRounds, addOpenRoundsToday, spreadOverHours, sumMaps, sumOpenRounds } from './player-figures.ts';
import type { MapTotalsRecord, PlayerProfileRepository, SessionRecord } from './player-profile.repository.ts';
import type { PlayersRepository } from './players.repository.ts';
import { ACTIVE_WINDOW_MS } from '../../db/player-presence.ts';

/**
 * The players list (spec §2 "Find Players"), the player profile (§3 Player stats and its parts) and a player's
 * maps on one server (§3 Map stat). Totals add the sessions of rounds still open to the round aggregates, so a
 * profile counts the round being played, as the search's play time does.
 */

const RECENT_SESSIONS = 10;
/** More sessions than anyone plays in 30 days: the windows below are bounded by time, this only guards. */
const WINDOW_SESSION_LIMIT = 5_000;

export interface PlayersListRequest {
  page: number;
  pageSize: number;
  sortBy: PlayersSortKey;
  sortOrder: 'asc' | 'desc';
  playerName?: string;
  isActive?: boolean;
  /** With isActive: only the players online on this game's servers. */
  game?: GameId;
}

export function createPlayerProfileService({
  playerProfileRepository: repository,
  playersRepository,
  clock,
}: {
  playerProfileRepository: PlayerProfileRepository;
  playersRepository: PlayersRepository;
  clock: Clock;
}) {
  // Answers reused as long as the routes let clients cache them: who is online changes every poll, figures
  // of closed rounds every few minutes. Unknown names are not kept (undefined answers never are).
  const listCache = new AnswerCache<PlayersListResponse>({ reuseMs: 10_000, maxEntries: 500 });
  const profileCache = new AnswerCache<PlayerStatsResponse>({ reuseMs: 30_000, maxEntries: 2000 });
  const mapStatsCache = new AnswerCache<MapStatsResponse>({ reuseMs: 60_000, maxEntries: 2000 });
  const answers = {
    async listPlayers(request: PlayersListRequest, at: number): Promise<PlayersListResponse> {
      const activeSince = new Date(at - ACTIVE_WINDOW_MS).toISOString();
      const offset = (request.page - 1) * request.pageSize;
      const { rows, total } = await repository.listPlayers({
        nameContainsAny: request.playerName === undefined ? undefined : nameSearchForms(request.playerName),
        activeSince: request.isActive ? activeSince : undefined,
        game: request.isActive ? request.game : undefined,
        sortBy: request.sortBy,
        sortOrder: request.sortOrder,
        limit: request.pageSize,
        offset,
      });
      const names = rows.map((row) => row.playerName);
      const [playedMs, current] = await Promise.all([
        playersRepository.findPlayedMs(names),
        playersRepository.findCurrentSessions(names, activeSince),
      ]);
      return {
        items: rows.map((row) => {
          const session = current.get(row.playerName);
          return {
            playerName: row.playerName,
            displayName: decodePlayerNameForDisplay(row.playerName),
            totalPlayTimeMinutes: wholeMinutes(playedMs.get(row.playerName) ?? 0),
            lastSeen: row.lastSeen,
            isActive: session !== undefined,
            currentServer: session
              ? {
                  serverGuid: session.serverGuid,
                  serverName: session.serverName,
                  mapName: session.mapName,
                  sessionKills: session.kills,
                  sessionDeaths: session.deaths,
                }
              : null,
          };
        }),
        currentPage: request.page,
        totalItems: total,
        totalPages: Math.ceil(total / request.pageSize),
      };
    },

    async describePlayer(name: string, nowMs: number): Promise<PlayerStatsResponse | undefined> {
      const player = await repository.findPlayer(name);
      if (!player) return undefined;
      const at = new Date(nowMs);
      const today = utcDayNumber(nowMs);
      const weekStart = new Date(windowStartMs(nowMs, WEEK_DAYS)).toISOString();
      const monthStart = new Date(windowStartMs(nowMs, MONTH_DAYS)).toISOString();
      const activitySince = windowStartMs(nowMs, ACTIVITY_BY_HOUR_DAYS);
      const trendFirstDay = firstDayOfWindow(nowMs, RECENT_STATS_DAYS);
      // Sessions start before the window that counts their round's end: a day of margin covers any round.
      const windowSessionsSince = new Date(
        Math.min(windowStartMs(nowMs, MONTH_DAYS), activitySince) - DAY_MS,
      ).toISOString();
      const [servers, openSessions, recent, windowSessions, kept, days] = await Promise.all([
        repository.findServerTotals(name),
        repository.findOpenRoundSessions(name),
        repository.findSessionsSince(name, null, RECENT_SESSIONS),
        repository.findSessionsSince(name, windowSessionsSince, WINDOW_SESSION_LIMIT),
        repository.findBestScores(name),
        repository.sumDays(name, trendFirstDay),
      ]);

      // The rounds being played join the closed rounds' aggregates everywhere on the profile: one round per
      // player per round (a name seen twice in a round is one player, as in the aggregates), on its server,
      // and on today for the trends (it will count on the day it ends, today if it ended now).
      const openRounds = sumOpenRounds(openSessions);
      const serverFigures = addOpenRounds(servers, openRounds);
      const total = serverFigures.reduce(
        (sum, server) => ({
          rounds: sum.rounds + server.rounds,
          score: sum.score + server.score,
          kills: sum.kills + server.kills,
          deaths: sum.deaths + server.deaths,
          playedMs: sum.playedMs + server.playedMs,
        }),
        { rounds: 0, score: 0, kills: 0, deaths: 0, playedMs: 0 },
      );
      const trendDays = addOpenRoundsToday(days, openRounds, today);

      const activeSince = new Date(nowMs - ACTIVE_WINDOW_MS).toISOString();
      const current = openSessions.find((session) => session.isActive && session.lastSeen >= activeSince);
      const lastPlayed = [player.lastSeen, openSessions[0]?.lastSeen, player.firstSeen]
        .filter((value): value is string => typeof value === 'string')
        .reduce((latest, value) => (value > latest ? value : latest));

      // Best scores are finished rounds: a window holds the rounds that ended in it.
      const finishedInWindow = windowSessions.filter((session) => session.roundEndTime !== null && session.score > 0);
      const bestOf = (since: string) =>
        finishedInWindow
          .filter((session) => (session.roundEndTime ?? '') >= since)
          .sort((a, b) => b.score - a.score || b.sessionId - a.sessionId)
          .slice(0, BEST_SCORES_PER_WINDOW)
          .map(toBestScore);

      // The trends start on the window's first day, or on the player's first day when that is later, so the
      // page never says "since" a day before the player was first seen.
      const firstPlayedDay = utcDayNumber(Date.parse(player.firstSeen));
      const analysisStart = new Date(Math.max(trendFirstDay, firstPlayedDay) * DAY_MS).toISOString();
      // A rank belongs to a server name (every address that carried it, as on the rankings page): one row per
      // name, the address played most standing for it (least played first, so the most played is set last).
      const rankedByName = new Map(
        servers
          .filter((server) => server.rank !== null)
          .sort((a, b) => a.playedMs - b.playedMs)
          .map((server) => [server.serverName, server]),
      );
      const rankedServers = [...rankedByName.values()].sort(
        (a, b) => (a.rank ?? 0) - (b.rank ?? 0) || b.score - a.score,
      );
      return {
        playerName: player.playerName,
        totalKills: total.kills,
        totalDeaths: total.deaths,
        totalScore: total.score,
        totalRounds: total.rounds,
        totalPlayTimeMinutes: wholeMinutes(total.playedMs),
        firstPlayed: player.firstSeen,
        lastPlayed,
        isActive: current !== undefined,
        currentServer: current
          ? {
              serverGuid: current.serverGuid,
              serverName: current.serverName,
              gameId: current.game,
              mapName: current.mapName,
              roundId: current.roundId,
              startTime: current.startTime,
              sessionKills: current.kills,
              sessionDeaths: current.deaths,
              sessionScore: current.score,
            }
          : null,
        recentSessions: recent.map(toProfileSession),
        bestScores: {
          allTime: kept.map(toBestScore),
          last30Days: bestOf(monthStart),
          thisWeek: bestOf(weekStart),
        },
        recentStats: {
          analysisPeriodStart: analysisStart,
          analysisPeriodEnd: at.toISOString(),
          totalRoundsAnalyzed: trendDays.reduce((sum, day) => sum + day.rounds, 0),
          kdRatioTrend: trendDays.map((day) => ({
            timestamp: dayIso(day.day),
            value: kdRatioOf(day.kills, day.deaths),
          })),
          killRateTrend: trendDays
            .filter((day) => day.playedMs > 0)
            .map((day) => ({ timestamp: dayIso(day.day), value: roundTo(day.kills / (day.playedMs / 60_000), 2) })),
        },
        servers: [...serverFigures]
          .sort((a, b) => b.playedMs - a.playedMs || a.serverName.localeCompare(b.serverName))
          .map((server) => ({
            serverGuid: server.serverGuid,
            serverName: server.serverName,
            gameId: server.game,
            kdRatio: kdRatioOf(server.kills, server.deaths),
            totalRounds: server.rounds,
            killsPerMinute: server.playedMs > 0 ? roundTo(server.kills / (server.playedMs / 60_000), 3) : 0,
            // Best Scores' rule: a finished round with a score above 0 (docs/formulas.md); none is no best score.
            highestScore: server.bestScore > 0 ? server.bestScore : null,
            highestScoreRoundId: server.bestRoundId,
            highestScoreMapName: server.bestMapName,
            highestScoreStartTime: server.bestStartTime,
            bestScoreDate: server.bestEndTime,
            totalKills: server.kills,
            totalDeaths: server.deaths,
            totalMinutes: wholeMinutes(server.playedMs),
          })),
        insights: {
          startPeriod: new Date(activitySince).toISOString(),
          endPeriod: at.toISOString(),
          activityByHour: spreadOverHours(
            windowSessions.filter((session) => Date.parse(session.lastSeen) >= activitySince),
            activitySince,
          ),
          serverRankings: rankedServers.map((server) => ({
            serverGuid: server.serverGuid,
            serverName: server.serverName,
            rank: server.rank ?? 0,
            totalRankedPlayers: server.rankedPlayers,
            averagePing: server.pingCount > 0 ? roundTo(server.pingSum / server.pingCount, 2) : null,
          })),
        },
      };
    },

    /** Undefined when the player or the server is unknown. */
    async describeMapStats(
      name: string,
      serverGuid: ServerGuid,
      range: MapStatsRange,
      nowMs: number,
    ): Promise<MapStatsResponse | undefined> {
      const [player, serverKnown] = await Promise.all([
        repository.findPlayer(name),
        repository.serverExists(serverGuid),
      ]);
      if (!player || !serverKnown) return undefined;
      const at = new Date(nowMs);
      const year = at.getUTCFullYear();
      let maps: MapTotalsRecord[];
      if (range === 'Last30Days') {
        // Today and the 29 days before (UTC), as every "30 Days": the player's finished rounds that ended in them.
        const monthStartMs = windowStartMs(at.getTime(), MONTH_DAYS);
        const since = new Date(monthStartMs).toISOString();
        const sessions = await repository.findSessionsSince(
          name,
          new Date(monthStartMs - DAY_MS).toISOString(),
          WINDOW_SESSION_LIMIT,
        );
        maps = sumMaps(
          sessions.filter(
            (session) =>
              session.serverGuid === serverGuid && session.roundEndTime !== null && session.roundEndTime >= since,
          ),
        );
      } else {
        const first = range === 'ThisYear' ? year : year - 1;
        maps = await repository.sumMapMonths(name, serverGuid, first * 100 + 1, first * 100 + 12);
      }
      return maps
        .sort((a, b) => b.score - a.score || a.mapName.localeCompare(b.mapName))
        .map((map) => ({
          mapName: map.mapName,
          totalScore: map.score,
          totalKills: map.kills,
          totalDeaths: map.deaths,
          sessionsPlayed: map.rounds,
          totalPlayTimeMinutes: wholeMinutes(map.playedMs),
        }));
    },
  };

  return {
    listPlayers(request: PlayersListRequest) {
      const now = clock();
      return listCache.reuse(JSON.stringify(request), now, () => answers.listPlayers(request, now));
    },
    describePlayer(name: string) {
      const now = clock();
      return profileCache.reuse(name, now, () => answers.describePlayer(name, now));
    },
    /** Undefined when the player or the server is unknown. */
    describeMapStats(name: string, serverGuid: ServerGuid, range: MapStatsRange) {
      const now = clock();
      return mapStatsCache.reuse(JSON.stringify([name, serverGuid, range]), now, () =>
        answers.describeMapStats(name, serverGuid, range, now),
      );
    },
  };
}

export type PlayerProfileService = ReturnType<typeof createPlayerProfileService>;

function dayIso(day: number): string {
  return new Date(day * DAY_MS).toISOString();
}

function toProfileSession(session: SessionRecord): ProfileSession {
  return {
    sessionId: session.sessionId,
    roundId: session.roundId,
    serverName: session.serverName,
    serverGuid: session.serverGuid,
    gameId: session.game,
    mapName: session.mapName,
    gameType: session.gameType,
    startTime: session.startTime,
    lastSeen: session.lastSeen,
    isActive: session.isActive,
    totalScore: session.score,
    totalKills: session.kills,
    totalDeaths: session.deaths,
    playTimeMinutes: wholeMinutes(session.playedMs),
  };
}

function toBestScore(session: SessionRecord): BestScore {
  return {
    roundId: session.roundId,
    score: session.score,
    kills: session.kills,
    deaths: session.deaths,
    mapName: session.mapName,
    serverName: session.serverName,
    serverGuid: session.serverGuid,
    timestamp: session.lastSeen,
  };
}
