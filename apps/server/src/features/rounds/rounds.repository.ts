import type { RoundsSortKey } from '@frontline/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findServerGuidsNamed, serverGuidIn } from '../../db/server-names.ts';
import { asServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind the rounds list, a player's sessions and the round report. Rounds are found through their
 * indexes (server and start, start) and, for named players, through each player's sessions (player index): a
 * round must hold every named player, so the candidate rounds are the intersection of the players' rounds.
 * Rounds somebody played (not empty ones) have partial indexes of their own (migration 0009).
 */

export interface RoundFilter {
  serverName?: string;
  serverGuid?: string;
  mapName?: string;
  gameType?: string;
  /** Every one must have a session in the round. */
  playerNames: readonly string[];
  /** ISO bounds on the round's end (its latest poll while open). */
  endTimeFrom?: string;
  endTimeTo?: string;
  minDurationMinutes?: number;
  maxDurationMinutes?: number;
  /** False: only rounds somebody played (participant count above 0); empty rounds are left out. */
  includeEmpty: boolean;
}

export interface RoundPageQuery {
  filter: RoundFilter;
  sortBy: RoundsSortKey;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface RoundRecord {
  roundKey: number;
  roundId: string;
  serverGuid: string;
  serverName: string;
  game: string;
  mapName: string;
  gameType: string;
  startTime: string;
  /** The round's end, or its latest poll while open. */
  endTime: string;
  isActive: boolean;
  participantCount: number;
  team1Label: string;
  team2Label: string;
  tickets1: number | null;
  tickets2: number | null;
}

export interface SessionRecord {
  sessionId: number;
  roundKey: number;
  playerName: string;
  startTime: string;
  lastSeen: string;
  isActive: boolean;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  /** The team index the player was last seen on. */
  team: number;
  teamLabel: string;
}

/** A player's session with its round. */
export interface PlayerSessionRecord extends SessionRecord {
  round: RoundRecord;
}

export interface PlayerTotalsRecord {
  rounds: number;
  score: number;
  kills: number;
  deaths: number;
  playedMs: number;
  firstSeen: string | null;
  lastSeen: string | null;
}

export interface StoredRound extends RoundRecord {
  /** Closed rounds: the encoded timeline (null only for a round closed without polls). */
  timeline: Uint8Array | null;
}

/** Indexed as is (migration 0006): keep the two the same. */
const END_TIME = sql`coalesce(r.end_time, r.last_poll_at)`;
// Whole seconds stay exact in floating point, so a 30-minute round is 30, never 29.999… (as with julianday).
const DURATION_MINUTES = sql`((unixepoch(${END_TIME}, 'subsec') - unixepoch(r.start_time, 'subsec')) / 60.0)`;

const SORT_COLUMNS: Record<RoundsSortKey, RawBuilder<unknown>> = {
  startTime: sql`r.start_time`,
  endTime: END_TIME,
  durationMinutes: DURATION_MINUTES,
  participantCount: sql`r.participant_count`,
  serverName: sql`v.name`,
  mapName: sql`r.map_name`,
  gameType: sql`r.game_type`,
};

const ROUND_COLUMNS = sql`r.round_key, r.round_id, r.server_guid, v.name as server_name, v.game, r.map_name,
  r.game_type, r.start_time, ${END_TIME} as end_time, r.is_active, r.participant_count, r.team1_label,
  r.team2_label, r.tickets1, r.tickets2`;

interface RoundRow {
  round_key: number;
  round_id: string;
  server_guid: string;
  server_name: string;
  game: string;
  map_name: string;
  game_type: string;
  start_time: string;
  end_time: string;
  is_active: number;
  participant_count: number;
  team1_label: string;
  team2_label: string;
  tickets1: number | null;
  tickets2: number | null;
}

function toRoundRecord(row: RoundRow): RoundRecord {
  return {
    roundKey: Number(row.round_key),
    roundId: row.round_id,
    serverGuid: row.server_guid,
    serverName: row.server_name,
    game: row.game,
    mapName: row.map_name,
    gameType: row.game_type,
    startTime: row.start_time,
    endTime: row.end_time,
    isActive: row.is_active === 1,
    participantCount: Number(row.participant_count),
    team1Label: row.team1_label,
    team2Label: row.team2_label,
    tickets1: row.tickets1,
    tickets2: row.tickets2,
  };
}

const SESSION_COLUMNS = sql`s.session_id, s.round_key, s.player_name, s.start_time, s.last_seen, s.is_active, s.score,
  s.kills, s.deaths, s.played_ms, s.team, s.team_label`;

interface SessionRow {
  session_id: number;
  round_key: number;
  player_name: string;
  start_time: string;
  last_seen: string;
  is_active: number;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
  team: number;
  team_label: string;
}

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    sessionId: Number(row.session_id),
    roundKey: Number(row.round_key),
    playerName: row.player_name,
    startTime: row.start_time,
    lastSeen: row.last_seen,
    isActive: row.is_active === 1,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    playedMs: row.played_ms,
    team: Number(row.team),
    teamLabel: row.team_label,
  };
}

export interface ServerChoiceRecord {
  serverGuid: string;
  serverName: string;
  game: string;
}

interface ServerChoiceRow {
  server_guid: string;
  name: string;
  game: string;
}

const toServerChoice = (row: ServerChoiceRow): ServerChoiceRecord => ({
  serverGuid: row.server_guid,
  serverName: row.name,
  game: row.game,
});

/**
 * The where clause of a round filter, over `rounds r`, with the filter's server name already
 * turned into the guids of the servers of that name (`serverGuids`, undefined without a name): with one guid,
 * SQLite reads a server's rounds in end order from its index instead of sorting them all.
 */
function roundConditions(filter: RoundFilter, serverGuids: readonly string[] | undefined): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (serverGuids !== undefined) conditions.push(serverGuidIn(sql`r.server_guid`, serverGuids));
  if (filter.serverGuid !== undefined) conditions.push(sql`r.server_guid = ${filter.serverGuid}`);
  if (filter.mapName !== undefined) conditions.push(sql`r.map_name = ${filter.mapName}`);
  if (filter.gameType !== undefined) conditions.push(sql`r.game_type = ${filter.gameType}`);
  // Written as the partial indexes of migration 0009 are, so that SQLite and PostgreSQL use them.
  if (!filter.includeEmpty) conditions.push(sql`r.participant_count > 0`);
  if (filter.playerNames.length) {
    const roundsOfEach = filter.playerNames.map(
      (name) => sql`select round_key from sessions where player_name = ${name}`,
    );
    conditions.push(sql`r.round_key in (${sql.join(roundsOfEach, sql` intersect `)})`);
  }
  if (filter.endTimeFrom !== undefined) conditions.push(sql`${END_TIME} >= ${filter.endTimeFrom}`);
  if (filter.endTimeTo !== undefined) conditions.push(sql`${END_TIME} <= ${filter.endTimeTo}`);
  if (filter.minDurationMinutes !== undefined)
    conditions.push(sql`${DURATION_MINUTES} >= ${filter.minDurationMinutes}`);
  if (filter.maxDurationMinutes !== undefined)
    conditions.push(sql`${DURATION_MINUTES} <= ${filter.maxDurationMinutes}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`;
}

export function createRoundsRepository(db: Kysely<DatabaseSchema>) {
  async function findRoundsByKey(roundKeys: readonly number[]): Promise<Map<number, RoundRecord>> {
    if (!roundKeys.length) return new Map();
    const { rows } = await sql<RoundRow>`
      select ${ROUND_COLUMNS} from rounds r join servers v on v.server_guid = r.server_guid
      where r.round_key in (${sql.join(roundKeys)})`.execute(db);
    return new Map(rows.map((row) => [Number(row.round_key), toRoundRecord(row)]));
  }

  /** The guids of every server of the filter's server name (undefined without one). */
  async function serverGuidsOf(filter: RoundFilter): Promise<string[] | undefined> {
    return filter.serverName === undefined ? undefined : findServerGuidsNamed(db, filter.serverName);
  }

  async function conditionsOf(filter: RoundFilter): Promise<RawBuilder<unknown>> {
    return roundConditions(filter, await serverGuidsOf(filter));
  }

  return {
    /** One page of the rounds matching the filter, and how many match in all. */
    async findRounds(query: RoundPageQuery): Promise<{ rounds: RoundRecord[]; total: number }> {
      const where = await conditionsOf(query.filter);
      const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
      // Ties (same map, same server) keep the newest round first, whatever the direction.
      const { rows } = await sql<RoundRow>`
        select ${ROUND_COLUMNS}
        from rounds r join servers v on v.server_guid = r.server_guid
        where ${where}
        order by ${SORT_COLUMNS[query.sortBy]} ${direction}, r.start_time desc, r.round_key desc
        limit ${query.limit} offset ${query.offset}`.execute(db);
      const counted = await sql<{ total: number }>`
        select count(*) as total from rounds r
        where ${where}`.execute(db);
      return { rounds: rows.map(toRoundRecord), total: Number(counted.rows[0]?.total ?? 0) };
    },

    /**
     * The sessions of the given rounds, best score first within each round (then kills, fewer deaths, name);
     * only the named players' when `onlyPlayers` is given.
     */
    async findRoundSessions(roundKeys: readonly number[], onlyPlayers?: readonly string[]): Promise<SessionRecord[]> {
      if (!roundKeys.length) return [];
      const named = onlyPlayers ? sql`and s.player_name in (${sql.join(onlyPlayers)})` : sql``;
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS} from sessions s
        where s.round_key in (${sql.join(roundKeys)}) ${named}
        order by s.round_key, s.score desc, s.kills desc, s.deaths asc, s.player_name`.execute(db);
      return rows.map(toSessionRecord);
    },

    /** A player's totals over their sessions in the rounds matching the filter. */
    async sumPlayerSessions(playerName: string, filter: RoundFilter): Promise<PlayerTotalsRecord> {
      const where = await conditionsOf(filter);
      const { rows } = await sql<{
        rounds: number;
        score: number | null;
        kills: number | null;
        deaths: number | null;
        played_ms: number | null;
        first_seen: string | null;
        last_seen: string | null;
      }>`
        select count(*) as rounds, sum(s.score) as score, sum(s.kills) as kills, sum(s.deaths) as deaths,
          sum(s.played_ms) as played_ms, min(s.start_time) as first_seen, max(s.last_seen) as last_seen
        from sessions s join rounds r on r.round_key = s.round_key
        where s.player_name = ${playerName} and ${where}`.execute(db);
      const row = rows[0];
      return {
        rounds: Number(row?.rounds ?? 0),
        score: Number(row?.score ?? 0),
        kills: Number(row?.kills ?? 0),
        deaths: Number(row?.deaths ?? 0),
        playedMs: Number(row?.played_ms ?? 0),
        firstSeen: row?.first_seen ?? null,
        lastSeen: row?.last_seen ?? null,
      };
    },

    /** One page of a player's sessions in the rounds matching the filter, newest first. */
    async findPlayerSessions(
      playerName: string,
      filter: RoundFilter,
      limit: number,
      offset: number,
    ): Promise<PlayerSessionRecord[]> {
      const where = await conditionsOf(filter);
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
        from sessions s join rounds r on r.round_key = s.round_key
        where s.player_name = ${playerName} and ${where}
        order by s.start_time desc, s.session_id desc
        limit ${limit} offset ${offset}`.execute(db);
      const rounds = await findRoundsByKey(rows.map((row) => Number(row.round_key)));
      return rows.map((row) => {
        const round = rounds.get(Number(row.round_key));
        if (!round) throw new Error(`session ${row.session_id} lost its round ${row.round_key}`);
        return { ...toSessionRecord(row), round };
      });
    },

    /** False when the filter names a server (by name or guid) that Frontline has never seen. */
    async knowsServers(filter: Pick<RoundFilter, 'serverName' | 'serverGuid'>): Promise<boolean> {
      if (filter.serverName !== undefined && (await findServerGuidsNamed(db, filter.serverName)).length === 0) {
        return false;
      }
      if (filter.serverGuid !== undefined) {
        const known = await db
          .selectFrom('servers')
          .select('server_guid')
          .where('server_guid', '=', asServerGuid(filter.serverGuid))
          .executeTakeFirst();
        if (!known) return false;
      }
      return true;
    },

    /**
     * The (map, game type) pairs of the played rounds matching the filter, leaving out its own map and game type
     * (the caller keeps the pairs each choice allows). Read from the (server, map, game type) index of played
     * rounds one server at a time, or from the named players' rounds: never from every round.
     */
    async findMapsAndGameTypes(filter: RoundFilter): Promise<{ mapName: string; gameType: string }[]> {
      const open: RoundFilter = { ...filter, mapName: undefined, gameType: undefined, includeEmpty: false };
      const guids = await serverGuidsOf(open);
      // Several guids in one statement make SQLite sort every round of them instead of walking the index.
      const scopes = open.playerNames.length === 0 && guids !== undefined ? guids.map((guid) => [guid]) : [guids];
      const pairs = new Map<string, { mapName: string; gameType: string }>();
      for (const scope of scopes) {
        const { rows } = await sql<{ map_name: string; game_type: string }>`
          select distinct r.map_name, r.game_type from rounds r
          where ${roundConditions(open, scope)}`.execute(db);
        for (const row of rows) {
          pairs.set(JSON.stringify([row.map_name, row.game_type]), { mapName: row.map_name, gameType: row.game_type });
        }
      }
      return [...pairs.values()];
    },

    /**
     * The servers holding a played round that matches the filter, leaving out its own server. With named players,
     * from their rounds; without, one index probe per known server (its played rounds of the map and game type).
     */
    async findServersOfRounds(filter: RoundFilter): Promise<ServerChoiceRecord[]> {
      const open: RoundFilter = { ...filter, serverName: undefined, serverGuid: undefined, includeEmpty: false };
      if (open.playerNames.length > 0) {
        const { rows } = await sql<ServerChoiceRow>`
          select v.server_guid, v.name, v.game from servers v
          where v.server_guid in (select r.server_guid from rounds r where ${roundConditions(open, undefined)})
          order by v.name, v.server_guid`.execute(db);
        return rows.map(toServerChoice);
      }
      const probe = [sql`r.server_guid = v.server_guid`, sql`r.participant_count > 0`];
      if (open.mapName !== undefined) probe.push(sql`r.map_name = ${open.mapName}`);
      if (open.gameType !== undefined) {
        probe.push(sql`r.game_type = ${open.gameType}`);
        // A game type without a map: one seek of (server, map, game type) per map of the server, which the index
        // lists without reading each round; a scan of the server's rounds for the game type would read them all.
        if (open.mapName === undefined) {
          probe.push(sql`r.map_name in (select distinct m.map_name from rounds m
            where m.server_guid = v.server_guid and m.participant_count > 0)`);
        }
      }
      const { rows } = await sql<ServerChoiceRow>`
        select v.server_guid, v.name, v.game from servers v
        where exists (select 1 from rounds r where ${sql.join(probe, sql` and `)})
        order by v.name, v.server_guid`.execute(db);
      return rows.map(toServerChoice);
    },

    async playerExists(playerName: string): Promise<boolean> {
      const row = await db
        .selectFrom('players')
        .select('player_name')
        .where('player_name', '=', playerName)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findRound(roundId: string): Promise<StoredRound | undefined> {
      const { rows } = await sql<RoundRow & { timeline: Uint8Array | null }>`
        select ${ROUND_COLUMNS}, r.timeline
        from rounds r join servers v on v.server_guid = r.server_guid
        where r.round_id = ${roundId}`.execute(db);
      const row = rows[0];
      return row && { ...toRoundRecord(row), timeline: row.timeline };
    },

    /** An open round's players, by their index in its polls. */
    async findRoundPlayerNames(roundKey: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sessions')
        .select('player_name')
        .where('round_key', '=', roundKey)
        .orderBy('player_index')
        .execute();
      return rows.map((row) => row.player_name);
    },

    /** An open round's encoded polls, oldest first. */
    async findRoundPolls(roundKey: number): Promise<Uint8Array[]> {
      const rows = await db
        .selectFrom('round_polls')
        .select('data')
        .where('round_key', '=', roundKey)
        .orderBy('at')
        .execute();
      return rows.map((row) => row.data);
    },
  };
}

export type RoundsRepository = ReturnType<typeof createRoundsRepository>;
