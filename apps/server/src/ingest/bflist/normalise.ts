import type { GameId } from '@frontline/contract';
import type { z } from 'zod';
import type { ServerSnapshot, SnapshotPlayer, SnapshotTeam } from '../../domain/snapshot.ts';
import { MAX_PLAYER_NAME_LENGTH } from './feed-limits.ts';
import { bf1942ServerSchema, bflistPlayerSchema, fh2ServerSchema } from './bflist-schema.ts';
import type { Bf1942Server, BflistTeam, Fh2Server } from './bflist-schema.ts';

/** What one server entry of the feed gave. */
export interface NormalisedServerEntry {
  /** Absent when the server entry itself is malformed (then `problem` says why). */
  snapshot?: ServerSnapshot;
  /** Malformed player entries left out of an otherwise valid server. */
  skippedPlayers: number;
  /** Why the server entry was refused. */
  problem?: string;
  /** Why the first skipped player entry was refused, for the poll's log line. */
  playerProblem?: string;
}

/** Where a server entry says it lives, read without validating the rest of it. */
export interface ServerAddress {
  ip: string;
  port: number;
}

// Enough to locate a fault in a log line without flooding it when a whole entry is wrong.
const MAX_ISSUES_PER_PROBLEM = 3;

/**
 * Validates one server entry of the BFList v2 feed of `game` and turns it into a snapshot. A malformed
 * server entry gives a `problem` and no snapshot; a malformed player entry is left out and counted, and the
 * server is kept. Names are kept exactly as sent (they are identities).
 */
export function normaliseServerEntry(game: GameId, raw: unknown): NormalisedServerEntry {
  if (game === 'fh2') {
    const parsed = fh2ServerSchema.safeParse(raw);
    if (!parsed.success) return { skippedPlayers: 0, problem: describeServerProblem(raw, parsed.error) };
    return buildFh2Snapshot(parsed.data);
  }
  const parsed = bf1942ServerSchema.safeParse(raw);
  if (!parsed.success) return { skippedPlayers: 0, problem: describeServerProblem(raw, parsed.error) };
  return buildBf1942Snapshot(game, parsed.data);
}

/** The entry's `ip` and `port` when they look usable, whether or not the rest of the entry is valid. */
export function readServerAddress(raw: unknown): ServerAddress | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { ip, port } = raw as { ip?: unknown; port?: unknown };
  // 45 characters hold any IPv6 address in text; a longer "ip" is garbage that must not reach a log line.
  if (typeof ip !== 'string' || ip === '' || ip.length > 45 || typeof port !== 'number' || !Number.isInteger(port))
    return undefined;
  return { ip, port };
}

function buildBf1942Snapshot(game: GameId, server: Bf1942Server): NormalisedServerEntry {
  // BF1942 reports tickets at the top level, the BFV feed may report them only per team: fill each side from
  // the other so that the snapshot is complete whichever way the feed spelled it.
  const tickets1 = server.tickets1 ?? findTeam(server.teams, 1)?.tickets ?? null;
  const tickets2 = server.tickets2 ?? findTeam(server.teams, 2)?.tickets ?? null;
  const teams = server.teams.map((team) => ({
    index: team.index,
    label: team.label,
    tickets: team.tickets ?? (team.index === 1 ? tickets1 : team.index === 2 ? tickets2 : null),
  }));
  const roster = normalisePlayers(server.players, teams);
  return withRoster(roster, {
    game,
    ip: server.ip,
    port: server.port,
    feedGuid: server.guid,
    name: server.name,
    mapName: server.mapName,
    gameType: server.gameType,
    numPlayers: server.numPlayers ?? roster.players.length,
    maxPlayers: server.maxPlayers,
    hasPassword: server.password,
    // Absent for BFV on some servers: unknown, not zero (zero would read as "round over").
    roundTimeRemain: server.roundTimeRemain,
    roundTimeLimit: server.roundTime,
    tickets1,
    tickets2,
    teams,
    players: roster.players,
    joinLink: server.joinLink,
  });
}

function buildFh2Snapshot(server: Fh2Server): NormalisedServerEntry {
  // The FH2 feed has no tickets anywhere; a `tickets` a team might carry would be of unverified meaning.
  const teams = server.teams.map((team) => ({ index: team.index, label: team.label, tickets: null }));
  const roster = normalisePlayers(server.players, teams);
  return withRoster(roster, {
    game: 'fh2',
    ip: server.ip,
    port: server.port,
    feedGuid: server.guid,
    name: server.name,
    mapName: server.mapName,
    gameType: server.gameType,
    numPlayers: server.numPlayers ?? roster.players.length,
    maxPlayers: server.maxPlayers,
    hasPassword: server.password,
    roundTimeRemain: null,
    roundTimeLimit: server.timelimit,
    tickets1: null,
    tickets2: null,
    teams,
    players: roster.players,
    joinLink: server.joinLink,
  });
}

interface Roster {
  players: SnapshotPlayer[];
  skipped: number;
  firstProblem?: string;
}

function withRoster(roster: Roster, snapshot: ServerSnapshot): NormalisedServerEntry {
  const entry: NormalisedServerEntry = { snapshot, skippedPlayers: roster.skipped };
  if (roster.firstProblem !== undefined) entry.playerProblem = roster.firstProblem;
  return entry;
}

function normalisePlayers(rawPlayers: unknown[], teams: SnapshotTeam[]): Roster {
  const roster: Roster = { players: [], skipped: 0 };
  rawPlayers.forEach((raw, position) => {
    const parsed = bflistPlayerSchema.safeParse(raw);
    if (!parsed.success) {
      roster.skipped += 1;
      roster.firstProblem ??= `${describePlayer(raw, position)}: ${describeIssues(parsed.error)}`;
      return;
    }
    const player = parsed.data;
    roster.players.push({
      name: player.name,
      score: player.score,
      kills: player.kills,
      deaths: player.deaths,
      ping: player.ping,
      team: player.team,
      // An empty label is no label: fall back to the team's own, as the feed's consumers do.
      teamLabel: nonEmpty(player.teamLabel) ?? nonEmpty(findTeam(teams, player.team)?.label) ?? null,
      isBot: player.aibot ?? player.aiBot ?? false,
    });
  });
  return roster;
}

function findTeam<T extends Pick<BflistTeam, 'index'>>(teams: T[], index: number): T | undefined {
  return teams.find((team) => team.index === index);
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

function describeServerProblem(raw: unknown, error: z.ZodError): string {
  const address = readServerAddress(raw);
  const where = address === undefined ? 'server entry' : `server ${address.ip}:${address.port}`;
  return `${where}: ${describeIssues(error)}`;
}

function describePlayer(raw: unknown, position: number): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  if (typeof name !== 'string') return `player ${position}`;
  // The name may be what was refused for its size: the log line shows its start and its length only.
  if (name.length <= MAX_PLAYER_NAME_LENGTH) return `player ${position} ${JSON.stringify(name)}`;
  return `player ${position} ${JSON.stringify(name.slice(0, MAX_PLAYER_NAME_LENGTH))}… (${name.length} characters)`;
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, MAX_ISSUES_PER_PROBLEM)
    .map((issue) => `${issue.path.length === 0 ? '(entry)' : issue.path.map(String).join('.')}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (+${more} more)` : shown.join('; ');
}
