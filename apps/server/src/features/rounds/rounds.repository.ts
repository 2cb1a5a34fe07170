import { exactMinutesShownWithin, type GameId, type RoundsSortKey } from '@frontline/contract';
import {
  expressionBuilder,
  type Expression,
  type InferResult,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { likely, minutesBetween } from '../../db/dialect.ts';
import { playerExists } from '../../db/player-exists.ts';
import type { DatabaseSchema, RoundsTable, ServersTable, SessionsTable } from '../../db/schema.ts';
import { findServerGuidsNamed, serverGuidIn } from '../../db/server-names.ts';
import type { RoundId, ServerGuid } from '../../domain/ids.ts';

/**
 * The SQL behind the rounds list, a player's sessions and the round report. Rounds are found through their
 * indexes (server and start, start) and, for named players, through each player's sessions (player index): a
 * round must hold every named player, so the candidate rounds are the intersection of the players' rounds.
 * Rounds somebody played (not empty ones) have partial indexes of their own (migration 0009).
 */

export interface RoundFilter {
  serverName?: string;
  serverGuid?: ServerGuid;
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
  roundId: RoundId;
  serverGuid: ServerGuid;
  serverName: string;
  game: GameId;
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
  /**
   * Closed rounds: the encoded timeline (table `round_timelines`). Null while the round is open, and for a closed
   * round until the step after its close has turned its polls (still in `round_polls`) into the timeline.
   */
  timeline: Uint8Array | null;
}

/** Rounds as their queries name them (`rounds r`, with `servers v`): what the shared expressions below refer to. */
type RoundsScope = DatabaseSchema & { r: RoundsTable; v: ServersTable };
const round = expressionBuilder<RoundsScope, 'r' | 'v'>();

/** A round's end, its latest poll while open. Indexed as is (migrations 0006, 0009): keep the two the same. */
const END_TIME = round.fn.coalesce('r.end_time', 'r.last_poll_at');
// Built when a query is (db/dialect.ts: the store's SQL is chosen at start-up, after this module is loaded).
const durationMinutes = () => minutesBetween(round.ref('r.start_time'), END_TIME);
/**
 * Rounds somebody played, written as the partial indexes of migration 0009 are (a literal 0, not a parameter), so
 * that SQLite and PostgreSQL both see those indexes apply. Most rounds are played: said so, SQLite walks a sort's
 * index (migration 0011) skipping the empty ones instead of reading every played round of the server from the
 * head-count index and sorting them.
 */
const played = () => likely(round('r.participant_count', '>', round.lit(0)));

type Direction = 'asc' | 'desc';
type OrderTerm = readonly [Expression<unknown>, Direction];

const NEWEST_FIRST: OrderTerm = [round.ref('r.round_key'), 'desc'];

/**
 * Each sort in its first direction (names A to Z; times, lengths and head counts biggest first), ties newest first;
 * the other direction is the exact reverse, ties oldest first. That is what lets one index of a server's rounds
 * (migrations 0002, 0006, 0009, 0011) serve a sort both ways, read forwards or backwards, instead of sorting all of
 * the server's rounds: a fixed "ties newest first" either way would need two indexes per sort. A round's key grows
 * as rounds open, so the newest round is the one with the highest key; only the server name (the same for every
 * round of a server) breaks ties by start time, the order of the index its page reads.
 */
const sortOrders = (): Record<RoundsSortKey, readonly OrderTerm[]> => ({
  startTime: [[round.ref('r.start_time'), 'desc'], NEWEST_FIRST],
  endTime: [[END_TIME, 'desc'], NEWEST_FIRST],
  durationMinutes: [[durationMinutes(), 'desc'], NEWEST_FIRST],
  participantCount: [[round.ref('r.participant_count'), 'desc'], NEWEST_FIRST],
  serverName: [[round.ref('v.name'), 'asc'], [round.ref('r.start_time'), 'desc'], NEWEST_FIRST],
  mapName: [[round.ref('r.map_name'), 'asc'], NEWEST_FIRST],
  gameType: [[round.ref('r.game_type'), 'asc'], NEWEST_FIRST],
});

const reversed = (direction: Direction): Direction => (direction === 'asc' ? 'desc' : 'asc');

/** The ORDER BY terms of a sort in the asked direction. */
function orderTerms(sortBy: RoundsSortKey, sortOrder: Direction): readonly OrderTerm[] {
  const terms = sortOrders()[sortBy];
  if (sortOrder === terms[0]?.[1]) return terms;
  return terms.map(([term, direction]): OrderTerm => [term, reversed(direction)]);
}

function selectRounds(db: Kysely<DatabaseSchema>) {
  return db
    .selectFrom('rounds as r')
    .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
    .select([
      'r.round_key',
      'r.round_id',
      'r.server_guid',
      'v.name as server_name',
      'v.game',
      'r.map_name',
      'r.game_type',
      'r.start_time',
      END_TIME.as('end_time'),
      'r.is_active',
      'r.participant_count',
      'r.team1_label',
      'r.team2_label',
      'r.tickets1',
      'r.tickets2',
    ]);
}

function toRoundRecord(row: InferResult<ReturnType<typeof selectRounds>>[number]): RoundRecord {
  return {
    roundKey: row.round_key,
    roundId: row.round_id,
    serverGuid: row.server_guid,
    serverName: row.server_name,
    game: row.game,
    mapName: row.map_name,
    gameType: row.game_type,
    startTime: row.start_time,
    endTime: row.end_time,
    isActive: row.is_active === 1,
    participantCount: row.participant_count,
    team1Label: row.team1_label,
    team2Label: row.team2_label,
    tickets1: row.tickets1,
    tickets2: row.tickets2,
  };
}

const SESSION_COLUMNS = [
  's.session_id',
  's.round_key',
  's.player_name',
  's.start_time',
  's.last_seen',
  's.is_active',
  's.score',
  's.kills',
  's.deaths',
  's.played_ms',
  's.team',
  's.team_label',
] as const;

type SessionRow = Pick<Selectable<SessionsTable>, (typeof SESSION_COLUMNS)[number] extends `s.${infer C}` ? C : never>;

function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    sessionId: row.session_id,
    roundKey: row.round_key,
    playerName: row.player_name,
    startTime: row.start_time,
    lastSeen: row.last_seen,
    isActive: row.is_active === 1,
    score: row.score,
    kills: row.kills,
    deaths: row.deaths,
    playedMs: row.played_ms,
    team: row.team,
    teamLabel: row.team_label,
  };
}

export interface ServerChoiceRecord {
  serverGuid: ServerGuid;
  serverName: string;
  game: GameId;
}

const toServerChoice = (row: Pick<Selectable<ServersTable>, 'server_guid' | 'name' | 'game'>): ServerChoiceRecord => ({
  serverGuid: row.server_guid,
  serverName: row.name,
  game: row.game,
});

/**
 * The where clause of a round filter, over `rounds r`, with the filter's server name already
 * turned into the guids of the servers of that name (`serverGuids`, undefined without a name): with one guid,
 * SQLite reads a server's rounds in end order from its index instead of sorting them all.
 */
function roundConditions(filter: RoundFilter, serverGuids: readonly ServerGuid[] | undefined): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (serverGuids !== undefined) conditions.push(serverGuidIn(round.ref('r.server_guid'), serverGuids));
  if (filter.serverGuid !== undefined) conditions.push(round('r.server_guid', '=', filter.serverGuid));
  if (filter.mapName !== undefined) conditions.push(round('r.map_name', '=', filter.mapName));
  if (filter.gameType !== undefined) conditions.push(round('r.game_type', '=', filter.gameType));
  if (!filter.includeEmpty) conditions.push(played());
  const [firstPlayer, ...otherPlayers] = filter.playerNames.map((name) =>
    round.selectFrom('sessions').select('round_key').where('player_name', '=', name),
  );
  if (firstPlayer) {
    // The rounds of every named player: the intersection of each one's rounds, each read from the player index.
    const roundsOfAll = otherPlayers.reduce((rounds, next) => rounds.intersect(next), firstPlayer);
    conditions.push(round('r.round_key', 'in', roundsOfAll));
  }
  if (filter.endTimeFrom !== undefined) conditions.push(round(END_TIME, '>=', filter.endTimeFrom));
  if (filter.endTimeTo !== undefined) conditions.push(round(END_TIME, '<=', filter.endTimeTo));
  // The filter compares the whole minutes a round shows (docs/formulas.md, "Whole minutes"), as a range of its exact
  // length, so that the length index (migration 0011) still serves it.
  const { fromIncluded, toExcluded } = exactMinutesShownWithin(filter.minDurationMinutes, filter.maxDurationMinutes);
  if (fromIncluded !== undefined) conditions.push(round(durationMinutes(), '>=', fromIncluded));
  if (toExcluded !== undefined) conditions.push(round(durationMinutes(), '<', toExcluded));
  return round.and(conditions);
}

export function createRoundsRepository(db: Kysely<DatabaseSchema>) {
  async function findRoundsByKey(roundKeys: readonly number[]): Promise<Map<number, RoundRecord>> {
    if (!roundKeys.length) return new Map();
    const rows = await selectRounds(db).where('r.round_key', 'in', roundKeys).execute();
    return new Map(rows.map((row) => [row.round_key, toRoundRecord(row)]));
  }

  /** The guids of every server of the filter's server name (undefined without one). */
  async function serverGuidsOf(filter: RoundFilter): Promise<ServerGuid[] | undefined> {
    return filter.serverName === undefined ? undefined : findServerGuidsNamed(db, filter.serverName);
  }

  async function conditionsOf(filter: RoundFilter): Promise<Expression<SqlBool>> {
    return roundConditions(filter, await serverGuidsOf(filter));
  }

  return {
    /** One page of the rounds matching the filter, and how many match in all. */
    async findRounds(query: RoundPageQuery): Promise<{ rounds: RoundRecord[]; total: number }> {
      const where = await conditionsOf(query.filter);
      const rows = await orderTerms(query.sortBy, query.sortOrder)
        .reduce((page, [term, direction]) => page.orderBy(term, direction), selectRounds(db).where(where))
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const counted = await db
        .selectFrom('rounds as r')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(where)
        .executeTakeFirst();
      return { rounds: rows.map(toRoundRecord), total: Number(counted?.total ?? 0) };
    },

    /**
     * The sessions of the given rounds, best score first within each round (then kills, fewer deaths, name);
     * only the named players' when `onlyPlayers` is given.
     */
    async findRoundSessions(roundKeys: readonly number[], onlyPlayers?: readonly string[]): Promise<SessionRecord[]> {
      if (!roundKeys.length) return [];
      const rows = await db
        .selectFrom('sessions as s')
        .select(SESSION_COLUMNS)
        .where('s.round_key', 'in', roundKeys)
        .$if(onlyPlayers !== undefined, (qb) => qb.where('s.player_name', 'in', onlyPlayers ?? []))
        .orderBy('s.round_key')
        .orderBy('s.score', 'desc')
        .orderBy('s.kills', 'desc')
        .orderBy('s.deaths', 'asc')
        .orderBy('s.player_name')
        .execute();
      return rows.map(toSessionRecord);
    },

    /** A player's totals over their sessions in the rounds matching the filter. */
    async sumPlayerSessions(playerName: string, filter: RoundFilter): Promise<PlayerTotalsRecord> {
      const where = await conditionsOf(filter);
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('rounds as r', 'r.round_key', 's.round_key')
        .select((eb) => [
          eb.fn.countAll<number>().as('rounds'),
          // Sums, first and last are null over no sessions.
          eb.fn.sum<number | null>('s.score').as('score'),
          eb.fn.sum<number | null>('s.kills').as('kills'),
          eb.fn.sum<number | null>('s.deaths').as('deaths'),
          eb.fn.sum<number | null>('s.played_ms').as('played_ms'),
          eb.fn.min<string | null>('s.start_time').as('first_seen'),
          eb.fn.max<string | null>('s.last_seen').as('last_seen'),
        ])
        .where('s.player_name', '=', playerName)
        .where(where)
        .executeTakeFirst();
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
      const rows = await db
        .selectFrom('sessions as s')
        .innerJoin('rounds as r', 'r.round_key', 's.round_key')
        .select(SESSION_COLUMNS)
        .where('s.player_name', '=', playerName)
        .where(where)
        .orderBy('s.start_time', 'desc')
        .orderBy('s.session_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const rounds = await findRoundsByKey(rows.map((row) => row.round_key));
      return rows.map((row) => {
        const round = rounds.get(row.round_key);
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
          .where('server_guid', '=', filter.serverGuid)
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
        const rows = await db
          .selectFrom('rounds as r')
          .select(['r.map_name', 'r.game_type'])
          .distinct()
          .where(roundConditions(open, scope))
          .execute();
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
      const servers = db
        .selectFrom('servers as v')
        .select(['v.server_guid', 'v.name', 'v.game'])
        .orderBy('v.name')
        .orderBy('v.server_guid');
      if (open.playerNames.length > 0) {
        const rows = await servers
          .where((eb) =>
            eb(
              'v.server_guid',
              'in',
              eb.selectFrom('rounds as r').select('r.server_guid').where(roundConditions(open, undefined)),
            ),
          )
          .execute();
        return rows.map(toServerChoice);
      }
      const { mapName, gameType } = open;
      const rows = await servers
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('rounds as r')
              .select(eb.lit(1).as('played'))
              .whereRef('r.server_guid', '=', 'v.server_guid')
              .where(played())
              .$if(mapName !== undefined, (qb) => qb.where('r.map_name', '=', mapName ?? ''))
              .$if(gameType !== undefined, (qb) => qb.where('r.game_type', '=', gameType ?? ''))
              // A game type without a map: one seek of (server, map, game type) per map of the server, which the
              // index lists without reading each round; a scan of the server's rounds for the game type would read
              // them all.
              .$if(gameType !== undefined && mapName === undefined, (qb) =>
                qb.where((inner) =>
                  inner(
                    'r.map_name',
                    'in',
                    inner
                      .selectFrom('rounds as m')
                      .select('m.map_name')
                      .distinct()
                      .whereRef('m.server_guid', '=', 'v.server_guid')
                      .where('m.participant_count', '>', inner.lit(0)),
                  ),
                ),
              ),
          ),
        )
        .execute();
      return rows.map(toServerChoice);
    },

    playerExists: (playerName: string) => playerExists(db, playerName),

    async findRound(roundId: RoundId): Promise<StoredRound | undefined> {
      const row = await selectRounds(db)
        .leftJoin('round_timelines as t', 't.round_key', 'r.round_key')
        .select('t.timeline')
        .where('r.round_id', '=', roundId)
        .executeTakeFirst();
      return row && { ...toRoundRecord(row), timeline: row.timeline };
    },

    /** A closed round's encoded timeline, once written (see StoredRound.timeline). */
    async findRoundTimeline(roundKey: number): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('round_timelines')
        .select('timeline')
        .where('round_key', '=', roundKey)
        .executeTakeFirst();
      return row?.timeline;
    },

    /** A round's players, by their index in its polls (an open round's, or a closed one's not yet in a timeline). */
    async findRoundPlayerNames(roundKey: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sessions')
        .select('player_name')
        .where('round_key', '=', roundKey)
        .orderBy('player_index')
        .execute();
      return rows.map((row) => row.player_name);
    },

    /** A round's encoded polls not yet in a timeline (an open round's, or a closed one's just closed), oldest first. */
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
