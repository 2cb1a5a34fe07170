import {
  REPORT_MAX_POLL_SNAPSHOTS,
  type PlayerSessionsResponse,
  type RoundFilterOptionsResponse,
  type RoundReportResponse,
  type RoundsListResponse,
  type RoundsSortKey,
  type RoundSummary,
  type Session,
  type SessionsPlayerInfo,
  type StandingEntry,
  wholeMinutes,
} from '@frontline/contract';
import type { RoundId } from '../../domain/ids.ts';
import { teamLabelFor } from '../../domain/team-labels.ts';
import { decodePoll, decodeTimeline, type Timeline } from '../../domain/timeline-codec.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { buildLeaderboardSnapshots, compareEntries } from './leaderboard-snapshots.ts';
import type {
  PlayerTotalsRecord,
  RoundFilter,
  RoundRecord,
  RoundsRepository,
  SessionRecord,
  StoredRound,
} from './rounds.repository.ts';

/**
 * Rounds with their players' sessions, a player's sessions, and the round report (issue "Rounds"; spec
 * site-statistics §7). Lists change with every poll and are reused for 10 s; a closed round's report never
 * changes again and is reused for longer.
 */

export interface RoundsListRequest {
  page: number;
  pageSize: number;
  sortBy: RoundsSortKey;
  sortOrder: 'asc' | 'desc';
  includePlayers: boolean;
  onlySpecifiedPlayers: boolean;
  filter: RoundFilter;
}

export interface PlayerSessionsRequest {
  playerName: string;
  mapName?: string;
  serverName?: string;
  page: number;
  pageSize: number;
}

function toRoundSummary(round: RoundRecord): RoundSummary {
  return {
    roundId: round.roundId,
    serverName: round.serverName,
    serverGuid: round.serverGuid,
    gameId: round.game,
    mapName: round.mapName,
    gameType: round.gameType,
    startTime: round.startTime,
    endTime: round.endTime,
    durationMinutes: wholeMinutes(Date.parse(round.endTime) - Date.parse(round.startTime)),
    participantCount: round.participantCount,
    isActive: round.isActive,
    team1Label: round.team1Label,
    team2Label: round.team2Label,
    tickets1: round.tickets1,
    tickets2: round.tickets2,
  };
}

function toSession(session: SessionRecord, round: RoundRecord): Session {
  return {
    sessionId: session.sessionId,
    roundId: round.roundId,
    playerName: session.playerName,
    startTime: session.startTime,
    endTime: session.lastSeen,
    durationMinutes: wholeMinutes(session.playedMs),
    score: session.score,
    kills: session.kills,
    deaths: session.deaths,
    isActive: session.isActive,
    teamLabel: session.teamLabel,
    serverName: round.serverName,
    serverGuid: round.serverGuid,
    gameId: round.game,
    mapName: round.mapName,
    gameType: round.gameType,
    participantCount: round.participantCount,
  };
}

function toPlayerInfo(playerName: string, totals: PlayerTotalsRecord): SessionsPlayerInfo {
  return {
    playerName,
    totalRounds: totals.rounds,
    totalScore: totals.score,
    totalKills: totals.kills,
    totalDeaths: totals.deaths,
    totalPlayTimeMinutes: wholeMinutes(totals.playedMs),
    firstSeen: totals.firstSeen,
    lastSeen: totals.lastSeen,
  };
}

/**
 * The round's standings over everyone who played it: each participant's session totals (every stint added up
 * when they left and rejoined, decision 0003), ranked as the snapshots are. A participant not seen in the round's
 * last poll (its latest while it is being played) had left; their totals are those they left with.
 */
function buildFinalStandings(
  sessions: readonly SessionRecord[],
  round: Pick<RoundRecord, 'endTime' | 'team1Label' | 'team2Label'>,
): StandingEntry[] {
  const lastPollAt = Date.parse(round.endTime);
  return sessions
    .map((session) => ({
      playerName: session.playerName,
      score: session.score,
      kills: session.kills,
      deaths: session.deaths,
      team: session.team,
      // As the snapshots label teams, so a player's team reads the same in the replay and in the standings.
      teamLabel: teamLabelFor(session.team, [round.team1Label, round.team2Label]),
      left: Date.parse(session.lastSeen) < lastPollAt,
      lastSeen: session.lastSeen,
    }))
    .sort(compareEntries)
    .map((entry, index) => ({ rank: index + 1, ...entry }));
}

function leaderboardLines(report: RoundReportResponse): number {
  const snapshotLines = report.leaderboardSnapshots.reduce((lines, snapshot) => lines + snapshot.entries.length, 0);
  return snapshotLines + report.finalStandings.length;
}

const totalPagesOf = (total: number, pageSize: number) => Math.ceil(total / pageSize);

export function createRoundsService({
  roundsRepository: repository,
  clock,
}: {
  roundsRepository: RoundsRepository;
  clock: Clock;
}) {
  const listCache = new AnswerCache<RoundsListResponse>({ reuseMs: 10_000, maxEntries: 500 });
  const playerSessionsCache = new AnswerCache<PlayerSessionsResponse>({ reuseMs: 10_000, maxEntries: 500 });
  // A new map or server joins the choices when somebody first plays it: a minute late is soon enough.
  const filterOptionsCache = new AnswerCache<RoundFilterOptionsResponse>({ reuseMs: 60_000, maxEntries: 500 });
  // Reports are weighed by their leaderboard lines (about 250 bytes of memory each, with the encoded answer): a
  // typical round has about a thousand, the largest of a demo year 6 400. Both caches together stay under about
  // 200 MB.
  const reportCache = new AnswerCache<RoundReportResponse>({
    reuseMs: 10_000,
    maxEntries: 500,
    weigh: leaderboardLines,
    maxWeight: 250_000,
  });
  const closedReportCache = new AnswerCache<RoundReportResponse>({
    reuseMs: 3_600_000,
    maxEntries: 2_000,
    weigh: leaderboardLines,
    maxWeight: 500_000,
  });

  /** Undefined when the filter names a server Frontline has never seen. */
  async function listRounds(request: RoundsListRequest): Promise<RoundsListResponse | undefined> {
    const { filter, pageSize } = request;
    if (!(await repository.knowsServers(filter))) return undefined;
    const { rounds, total } = await repository.findRounds({
      filter,
      sortBy: request.sortBy,
      sortOrder: request.sortOrder,
      limit: pageSize,
      offset: (request.page - 1) * pageSize,
    });
    const onlyPlayers = request.onlySpecifiedPlayers && filter.playerNames.length ? filter.playerNames : undefined;
    const sessions = request.includePlayers
      ? await repository.findRoundSessions(
          rounds.map((round) => round.roundKey),
          onlyPlayers,
        )
      : [];
    const sessionsByRound = Map.groupBy(sessions, (session) => session.roundKey);
    const [onlyPlayer] = filter.playerNames;
    const playerInfo =
      filter.playerNames.length === 1 && onlyPlayer !== undefined
        ? toPlayerInfo(onlyPlayer, await repository.sumPlayerSessions(onlyPlayer, filter))
        : null;
    return {
      items: rounds.map((round) => ({
        ...toRoundSummary(round),
        players: (sessionsByRound.get(round.roundKey) ?? []).map((session) => toSession(session, round)),
      })),
      currentPage: request.page,
      pageSize,
      totalItems: total,
      totalPages: totalPagesOf(total, pageSize),
      playerInfo,
    };
  }

  /** Undefined for a player Frontline has never seen. */
  async function listPlayerSessions(request: PlayerSessionsRequest): Promise<PlayerSessionsResponse | undefined> {
    const { playerName, page, pageSize } = request;
    if (!(await repository.playerExists(playerName))) return undefined;
    // A player's rounds are never empty (they played them): no participant condition, the player's index leads.
    const filter: RoundFilter = {
      mapName: request.mapName,
      serverName: request.serverName,
      playerNames: [],
      includeEmpty: true,
    };
    const totals = await repository.sumPlayerSessions(playerName, filter);
    const sessions = await repository.findPlayerSessions(playerName, filter, pageSize, (page - 1) * pageSize);
    return {
      items: sessions.map((session) => toSession(session, session.round)),
      playerInfo: toPlayerInfo(playerName, totals),
      currentPage: page,
      pageSize,
      totalItems: totals.rounds,
      totalPages: totalPagesOf(totals.rounds, pageSize),
    };
  }

  /**
   * The choices of the rounds filters over every played round the other filters match (each list leaves its own
   * filter out). Undefined when the filter names a server Frontline has never seen.
   */
  async function listFilterOptions(filter: RoundFilter): Promise<RoundFilterOptionsResponse | undefined> {
    if (!(await repository.knowsServers(filter))) return undefined;
    const [pairs, servers] = await Promise.all([
      repository.findMapsAndGameTypes(filter),
      repository.findServersOfRounds(filter),
    ]);
    const sortedUnique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
    const serverChoices = new Map(
      servers.map((server) => [
        JSON.stringify([server.serverName, server.game]),
        { serverName: server.serverName, gameId: server.game },
      ]),
    );
    return {
      maps: sortedUnique(
        pairs
          .filter((pair) => filter.gameType === undefined || pair.gameType === filter.gameType)
          .map((pair) => pair.mapName),
      ),
      gameTypes: sortedUnique(
        pairs
          .filter((pair) => filter.mapName === undefined || pair.mapName === filter.mapName)
          .map((pair) => pair.gameType),
      ),
      servers: [...serverChoices.values()].sort(
        (a, b) => a.serverName.localeCompare(b.serverName) || a.gameId.localeCompare(b.gameId),
      ),
    };
  }

  /** Undefined for an unknown round; `final` when it can no longer change (a closed round read from its timeline). */
  async function describeRound(roundId: RoundId): Promise<{ report: RoundReportResponse; final: boolean } | undefined> {
    const round = await repository.findRound(roundId);
    if (!round) return undefined;
    const [{ timeline, final }, sessions] = await Promise.all([
      loadTimeline(repository, round),
      repository.findRoundSessions([round.roundKey]),
    ]);
    const { intervalMinutes, snapshots } = buildLeaderboardSnapshots(
      timeline,
      [round.team1Label, round.team2Label],
      REPORT_MAX_POLL_SNAPSHOTS,
    );
    return {
      report: {
        round: toRoundSummary(round),
        finalStandings: buildFinalStandings(sessions, round),
        snapshotIntervalMinutes: intervalMinutes,
        leaderboardSnapshots: snapshots,
      },
      final,
    };
  }

  return {
    listRounds: (request: RoundsListRequest) =>
      listCache.reuse(JSON.stringify(request), clock(), () => listRounds(request)),
    listFilterOptions: (filter: RoundFilter) =>
      filterOptionsCache.reuse(JSON.stringify(filter), clock(), () => listFilterOptions(filter)),
    listPlayerSessions: (request: PlayerSessionsRequest) =>
      playerSessionsCache.reuse(JSON.stringify(request), clock(), () => listPlayerSessions(request)),
    describeRound: async (roundId: RoundId) => {
      const at = clock();
      return (
        closedReportCache.get(roundId, at) ??
        reportCache.reuse(roundId, at, async () => {
          const described = await describeRound(roundId);
          if (described?.final) closedReportCache.set(roundId, at, described.report);
          return described?.report;
        })
      );
    },
  };
}

export type RoundsService = ReturnType<typeof createRoundsService>;

/**
 * A closed round's stored timeline (final), or the polls so far of a round whose timeline is not written yet: an
 * open round's (the report of a live round reaches now), or a closed round's in the moment between its close and
 * the step that turns its polls into its timeline. That step moves them in one transaction, so when a closed round
 * shows no polls they may have just moved: its timeline is looked up once more.
 */
async function loadTimeline(
  repository: RoundsRepository,
  round: StoredRound,
): Promise<{ timeline: Timeline; final: boolean }> {
  if (round.timeline) return { timeline: decodeTimeline(round.timeline), final: !round.isActive };
  const [names, polls] = await Promise.all([
    repository.findRoundPlayerNames(round.roundKey),
    repository.findRoundPolls(round.roundKey),
  ]);
  if (!round.isActive && polls.length === 0) {
    const moved = await repository.findRoundTimeline(round.roundKey);
    if (moved) return { timeline: decodeTimeline(moved), final: true };
  }
  return { timeline: { names, polls: polls.map(decodePoll) }, final: false };
}
