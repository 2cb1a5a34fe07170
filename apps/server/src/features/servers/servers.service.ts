import {
  LEADERBOARD_PERIODS,
  MINIMUM_TO_RANK,
  MIN_ROUNDS_FOR_RATIO_BOARDS,
  PLACEMENT_POINTS,
  type LeaderboardPeriod,
  type PlacementStanding,
  type RankingOrderBy,
  type ServerDetailsResponse,
  type ServerInsightsResponse,
  type ServerLeaderboard,
  type ServerRankingsResponse,
  type ServerSearchResponse,
  wholeMinutes,
} from '@frontline/contract';
import { MINIMUM_PLAYED_MS } from '../../db/ranked-players.ts';
import type { ServerGuid } from '../../domain/ids.ts';
import { participantBand } from '../../domain/participant-bands.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { kdRatioOf, roundTo } from '../../lib/numbers.ts';
import { DAY_MS, MONTH_DAYS, WEEK_DAYS, firstDayOfWindow, utcDayNumber } from '../../lib/utc-days.ts';
import { readPingHistory, readPlayerCountHistory } from './server-history.ts';
import type { RankingFilters, ServerRecord, ServersRepository } from './servers.repository.ts';

/**
 * The server profile (spec §2 "Server profile", §3 Server details and Server insights), its rankings (§2
 * "Rankings", §3 Server ranking response) and the server search. Figures come from the round aggregates, so a
 * leaderboard counts closed rounds only: a round being played joins them when it ends.
 *
 * A server name is the community's server (db/server-names.ts): boards, rankings, maps and insights combine every
 * address that carried the name; live facts (map, players, join link, the address shown) are the newest address's.
 */

const BOARD_SIZE = 10;
const RECENT_ROUNDS = 10;

/** How far back each leaderboard period reaches, in whole UTC days including today (null: all time). */
const PERIOD_DAYS: Record<LeaderboardPeriod, number | null> = { Week: WEEK_DAYS, Month: MONTH_DAYS, AllTime: null };

/**
 * Insight periods (spec §9 day counts) and the size of their history points: about 50 to 365 points each.
 * Ten years are read by the day and folded into weeks.
 */
const INSIGHT_BUCKET_MINUTES: Record<number, number> = {
  1: 15,
  3: 60,
  7: 120,
  30: 360,
  90: 1440,
  365: 1440,
  3650: 1440,
};
const WEEK_FOLD_FROM_DAYS = 3650;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of an ISO 3166-1 alpha-2 code, null when it is not one. */
function countryNameOf(code: string | null): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    const name = regionNames.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

const dayStartIso = (day: number) => new Date(day * DAY_MS).toISOString();

export interface ServersServiceDeps {
  serversRepository: ServersRepository;
  clock: Clock;
}

type PlayerPeriodTotals = Awaited<ReturnType<ServersRepository['sumPlayerPeriod']>>[number];
type PlacementTotals = Awaited<ReturnType<ServersRepository['findTopPlacements']>>[number];

export interface RankingRequest extends RankingFilters {
  page: number;
  pageSize: number;
  orderBy: RankingOrderBy;
  orderDirection: 'asc' | 'desc';
}

/** A server reached by its name: the newest address, and every address that carried the name (newest first). */
interface NamedServer {
  server: ServerRecord;
  addresses: ServerRecord[];
  guids: ServerGuid[];
}

export function createServersService({ serversRepository: repository, clock }: ServersServiceDeps) {
  const now = () => new Date(clock());

  async function findNamedServer(name: string): Promise<NamedServer | undefined> {
    const server = await repository.findServerByName(name);
    if (!server) return undefined;
    const addresses = await repository.findServerAddresses(server.name);
    // The newest address first, whatever order ties would give.
    const others = addresses.filter((address) => address.serverGuid !== server.serverGuid);
    const ordered = [server, ...others];
    return { server, addresses: ordered, guids: ordered.map((address) => address.serverGuid) };
  }

  // Leaderboards change when a round closes (every few minutes per server); insights are history.
  const detailsCache = new AnswerCache<ServerDetailsResponse>({ reuseMs: 30_000, maxEntries: 1000 });
  const insightsCache = new AnswerCache<ServerInsightsResponse>({ reuseMs: 120_000, maxEntries: 1000 });
  const rankingsCache = new AnswerCache<ServerRankingsResponse>({ reuseMs: 30_000, maxEntries: 2000 });

  async function buildLeaderboard(
    { guids, addresses }: NamedServer,
    period: LeaderboardPeriod,
    minPlayersForWeighting: number,
    at: Date,
  ): Promise<ServerLeaderboard> {
    const days = PERIOD_DAYS[period];
    const fromDay = days === null ? null : firstDayOfWindow(at.getTime(), days);
    const from = fromDay === null ? null : dayStartIso(fromDay);
    const minRounds = MIN_ROUNDS_FOR_RATIO_BOARDS[period];
    const [players, topScores, placements, weighted] = await Promise.all([
      repository.sumPlayerPeriod(guids, fromDay),
      repository.findTopScores(guids, from, BOARD_SIZE),
      repository.findTopPlacements(guids, fromDay, 0, BOARD_SIZE),
      repository.findTopPlacements(guids, fromDay, participantBand(minPlayersForWeighting), BOARD_SIZE),
    ]);
    // Ratio boards: the ranked minimum of minutes within the period, and the period's rounds (more for longer ones).
    const regulars = players.filter((player) => player.rounds >= minRounds && player.playedMs >= MINIMUM_PLAYED_MS);
    return {
      period,
      startPeriod: from ?? firstSeenOf(addresses),
      endPeriod: at.toISOString(),
      minRoundsForRatios: minRounds,
      minMinutesForRatios: MINIMUM_TO_RANK.minutes,
      mostActivePlayersByTime: topOf(players, (a, b) => b.playedMs - a.playedMs).map((player) => ({
        playerName: player.playerName,
        minutesPlayed: wholeMinutes(player.playedMs),
        totalKills: player.kills,
        totalDeaths: player.deaths,
      })),
      topScores: topScores.map((record) => ({
        playerName: record.playerName,
        score: record.score,
        kills: record.kills,
        deaths: record.deaths,
        mapName: record.mapName,
        timestamp: record.endedAt,
        roundId: record.roundId,
      })),
      topKDRatios: topOf(
        regulars,
        (a, b) => kdRatioOf(b.kills, b.deaths) - kdRatioOf(a.kills, a.deaths) || b.kills - a.kills,
      ).map((player) => ({
        playerName: player.playerName,
        kdRatio: kdRatioOf(player.kills, player.deaths),
        kills: player.kills,
        deaths: player.deaths,
        totalRounds: player.rounds,
      })),
      topKillRates: topOf(
        regulars.filter((player) => player.playedMs > 0),
        (a, b) => killRateOf(b) - killRateOf(a) || b.kills - a.kills,
      ).map((player) => ({
        playerName: player.playerName,
        killRate: killRateOf(player),
        kills: player.kills,
        deaths: player.deaths,
        totalRounds: player.rounds,
      })),
      topPlacements: toStandings(placements),
      weightedTopPlacements: toStandings(weighted),
    };
  }

  async function rankServerPlayers(
    { server, guids }: NamedServer,
    request: RankingRequest,
  ): Promise<ServerRankingsResponse> {
    const offset = (request.page - 1) * request.pageSize;
    const { rows, total, rankedPlayers } = await repository.findRankings(guids, {
      ...request,
      limit: request.pageSize,
      offset,
    });
    return {
      items: rows.map((row) => ({
        rank: row.rank,
        playerName: row.playerName,
        totalScore: row.score,
        kdRatio: kdRatioOf(row.kills, row.deaths),
        totalKills: row.kills,
        totalDeaths: row.deaths,
        totalPlayTimeMinutes: wholeMinutes(row.playedMs),
      })),
      serverContext: { serverName: server.name, serverGuid: server.serverGuid, addressCount: guids.length },
      minimumToRank: { rounds: MINIMUM_TO_RANK.rounds, minutes: MINIMUM_TO_RANK.minutes },
      rankedPlayers,
      currentPage: request.page,
      totalPages: Math.ceil(total / request.pageSize),
      totalItems: total,
    };
  }

  return {
    async describeServer(name: string, minPlayersForWeighting: number): Promise<ServerDetailsResponse | undefined> {
      const named = await findNamedServer(name);
      if (!named) return undefined;
      const { server, addresses } = named;
      const at = now();
      return detailsCache.reuse(`${named.guids.join(',')}|${minPlayersForWeighting}`, at.getTime(), async () => {
        const [profile, recentRounds, ...leaderboards] = await Promise.all([
          repository.findServerProfile(server.serverGuid),
          repository.findRecentRounds(named.guids, RECENT_ROUNDS),
          ...LEADERBOARD_PERIODS.map((period) => buildLeaderboard(named, period, minPlayersForWeighting, at)),
        ]);
        return {
          serverGuid: server.serverGuid,
          serverName: server.name,
          serverIp: server.ip,
          serverPort: server.port,
          gameId: server.game,
          region: profile?.region ?? null,
          country: countryNameOf(profile?.country ?? null),
          countryCode: profile?.country ?? null,
          timezone: profile?.timezone ?? null,
          discordUrl: profile?.discordUrl ?? null,
          forumUrl: profile?.forumUrl ?? null,
          joinLink: server.joinLink,
          isOnline: server.isOnline,
          currentMap: server.mapName,
          numPlayers: server.isOnline ? server.numPlayers : 0,
          maxPlayers: server.maxPlayers,
          startPeriod: firstSeenOf(addresses),
          endPeriod: lastSeenOf(addresses),
          addresses: addresses.map((address) => ({
            serverGuid: address.serverGuid,
            ip: address.ip,
            port: address.port,
            firstSeen: address.firstSeen,
            lastSeen: address.lastSeen,
          })),
          minPlayersForWeighting,
          recentRounds,
          leaderboards,
        };
      });
    },

    async describeInsights(name: string, days: number): Promise<ServerInsightsResponse | undefined> {
      const named = await findNamedServer(name);
      if (!named) return undefined;
      const { server, guids } = named;
      const at = now();
      return insightsCache.reuse(`${guids.join(',')}|${days}`, at.getTime(), async () => {
        const bucketMinutes = INSIGHT_BUCKET_MINUTES[days] ?? 1440;
        const bucketMs = bucketMinutes * 60_000;
        const periodMs = days * DAY_MS;
        const endMs = at.getTime();
        // Whole buckets: a first bucket cut short would average only part of itself.
        const startMs = Math.floor((endMs - periodMs) / bucketMs) * bucketMs;
        const previousStartMs = startMs - periodMs;
        const foldToWeeks = days >= WEEK_FOLD_FROM_DAYS;
        // The maps table is by whole UTC days (its aggregate's grain): today and the days-1 days before.
        const mapsFromDay = firstDayOfWindow(endMs, days);
        const [current, previous, peakPlayerCount, ping, mapTotals] = await Promise.all([
          readPlayerCountHistory(repository, guids, { startMs, endMs, bucketMinutes, foldToWeeks }),
          readPlayerCountHistory(repository, guids, {
            startMs: previousStartMs,
            endMs: startMs,
            bucketMinutes,
            foldToWeeks,
          }),
          repository.findPeakPlayers(guids, new Date(startMs).toISOString(), at.toISOString()),
          readPingHistory(repository, guids, { startMs, endMs, bucketMinutes, foldToWeeks }),
          repository.sumMaps(guids, mapsFromDay, utcDayNumber(endMs) + 1),
        ]);
        // A map nobody was seen on (only empty rounds) has no play time to share: it is left out.
        const maps = mapTotals.filter((map) => map.peakPlayers > 0);
        const totalPlayedMs = maps.reduce((sum, map) => sum + map.playedMs, 0);
        return {
          serverGuid: server.serverGuid,
          serverName: server.name,
          days,
          startPeriod: new Date(startMs).toISOString(),
          endPeriod: at.toISOString(),
          bucketMinutes: foldToWeeks ? 7 * 1440 : bucketMinutes,
          playerCountHistory: current.points,
          playerCountHistoryComparison: previous.points.map((point) => ({
            timestamp: new Date(Date.parse(point.timestamp) + periodMs).toISOString(),
            playerCount: point.playerCount,
          })),
          playerCountSummary: {
            peakPlayerCount,
            averagePlayerCount: roundTo(current.average, 2),
            changePercentFromPreviousPeriod:
              previous.average > 0 && current.points.length > 0
                ? roundTo((current.average / previous.average - 1) * 100, 2)
                : null,
          },
          pingByHour: { data: ping },
          mapsStartPeriod: dayStartIso(mapsFromDay),
          maps: maps
            .sort((a, b) => b.playedMs - a.playedMs || a.mapName.localeCompare(b.mapName))
            .map((map) => ({
              mapName: map.mapName,
              averagePlayerCount: map.polls > 0 ? roundTo(map.playerPollSum / map.polls, 2) : 0,
              peakPlayerCount: map.peakPlayers,
              totalPlayTime: wholeMinutes(map.playedMs),
              playTimePercentage: totalPlayedMs > 0 ? roundTo((map.playedMs / totalPlayedMs) * 100, 2) : 0,
            })),
        };
      });
    },

    async rankPlayers(name: string, request: RankingRequest): Promise<ServerRankingsResponse | undefined> {
      const named = await findNamedServer(name);
      if (!named) return undefined;
      const key = JSON.stringify([named.guids, request]);
      return rankingsCache.reuse(key, now().getTime(), () => rankServerPlayers(named, request));
    },

    async searchServers(text: string, page: number, pageSize: number): Promise<ServerSearchResponse> {
      const { rows, total } = await repository.searchServers(text, pageSize, (page - 1) * pageSize);
      return {
        items: rows.map((row) => ({
          serverGuid: row.serverGuid,
          serverName: row.name,
          gameId: row.game,
          currentMap: row.mapName,
          totalPlayersAllTime: row.totalPlayers,
          city: null,
          country: row.country,
          hasActivePlayers: row.numPlayers > 0,
          numPlayers: row.numPlayers,
          lastActivity: row.lastSeen,
        })),
        currentPage: page,
        totalPages: Math.ceil(total / pageSize),
        totalItems: total,
      };
    },
  };
}

export type ServersService = ReturnType<typeof createServersService>;

function firstSeenOf(addresses: readonly ServerRecord[]): string {
  return addresses.reduce(
    (first, address) => (address.firstSeen < first ? address.firstSeen : first),
    addresses[0]?.firstSeen ?? '',
  );
}

function lastSeenOf(addresses: readonly ServerRecord[]): string {
  return addresses.reduce(
    (last, address) => (address.lastSeen > last ? address.lastSeen : last),
    addresses[0]?.lastSeen ?? '',
  );
}

function killRateOf(player: PlayerPeriodTotals): number {
  return player.playedMs > 0 ? roundTo(player.kills / (player.playedMs / 60_000), 2) : 0;
}

/** The first BOARD_SIZE in the given order, ties broken by name so every answer is the same. */
function topOf<T extends { playerName: string }>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  return [...items].sort((a, b) => compare(a, b) || a.playerName.localeCompare(b.playerName)).slice(0, BOARD_SIZE);
}

function toStandings(placements: readonly PlacementTotals[]): PlacementStanding[] {
  const [first, second, third] = PLACEMENT_POINTS;
  return placements.map((placement, index) => ({
    rank: index + 1,
    playerName: placement.playerName,
    firstPlaces: placement.firstPlaces,
    secondPlaces: placement.secondPlaces,
    thirdPlaces: placement.thirdPlaces,
    placementPoints: first * placement.firstPlaces + second * placement.secondPlaces + third * placement.thirdPlaces,
  }));
}
