import type { ExpressionBuilder, Kysely } from 'kysely';
import type { RoundId, ServerGuid } from '../domain/ids.ts';
import { parameterChunks } from './parameter-chunks.ts';
import type { DatabaseSchema } from './schema.ts';

/**
 * Where players are now and how long they have played: what the player search, the player profile and the
 * account's dashboard all show about a name (one rule for "online" across screens, docs/formulas.md).
 */

/**
 * A player is online when an open session of theirs was seen within this window (domain-facts §6, "isActive":
 * latest active session seen ≤ 5 min ago). A session stays open a while after its player left, so "open" alone
 * would show people online who have gone.
 */
export const ACTIVE_WINDOW_MS = 5 * 60_000;

/** The start of the online window ending at `now` (ISO UTC). */
export function activeSinceAt(nowMs: number): string {
  return new Date(nowMs - ACTIVE_WINDOW_MS).toISOString();
}

export interface PlayerCurrentSession {
  playerName: string;
  serverGuid: ServerGuid;
  serverName: string;
  joinLink: string | null;
  roundId: RoundId;
  mapName: string;
  score: number;
  kills: number;
  deaths: number;
  /** When this session began (ISO UTC). */
  startTime: string;
  lastSeen: string;
}

/**
 * Each player's open session seen at or after `activeSince` (of the players named, or of everyone online when
 * `playerNames` is undefined), with its round's server and map (sessions belong to a round, and through it to a
 * server). Should a player have two (they moved servers and the old session has not timed out yet), the one seen last
 * wins.
 */
export async function findCurrentSessions(
  db: Kysely<DatabaseSchema>,
  playerNames: readonly string[] | undefined,
  activeSince: string,
): Promise<Map<string, PlayerCurrentSession>> {
  const current = new Map<string, PlayerCurrentSession>();
  for (const names of playerNames === undefined ? [undefined] : parameterChunks(playerNames)) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('rounds as r', 'r.round_key', 's.round_key')
      .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
      .select([
        's.player_name',
        's.score',
        's.kills',
        's.deaths',
        's.start_time',
        's.last_seen',
        'r.round_id',
        'r.server_guid',
        'r.map_name',
        'v.name as server_name',
        'v.join_link',
      ])
      .$if(names !== undefined, (query) => query.where('s.player_name', 'in', names ?? []))
      .where('s.is_active', '=', 1)
      .where('s.last_seen', '>=', activeSince)
      .orderBy('s.last_seen', 'asc')
      .execute();
    // Ascending, so the latest sighting of a player is the one left in the map.
    for (const row of rows) {
      current.set(row.player_name, {
        playerName: row.player_name,
        serverGuid: row.server_guid,
        serverName: row.server_name,
        joinLink: row.join_link,
        roundId: row.round_id,
        mapName: row.map_name,
        score: row.score,
        kills: row.kills,
        deaths: row.deaths,
        startTime: row.start_time,
        lastSeen: row.last_seen,
      });
    }
  }
  return current;
}

/**
 * Time observed playing: the totals kept for closed rounds, plus the sessions of rounds still open (found
 * through the few open rounds, so no player's whole history is read).
 */
export async function findPlayedMs(
  db: Kysely<DatabaseSchema>,
  playerNames: readonly string[],
): Promise<Map<string, number>> {
  const played = new Map<string, number>();
  for (const names of parameterChunks(playerNames)) {
    const closed = await db
      .selectFrom('players')
      .select(['player_name', 'played_ms'])
      .where('player_name', 'in', names)
      .execute();
    for (const row of closed) if (row.played_ms > 0) played.set(row.player_name, row.played_ms);
    const open = await db
      .selectFrom('rounds as r')
      .innerJoin('sessions as s', 's.round_key', 'r.round_key')
      .select(['s.player_name', (eb) => eb.fn.sum<number>('s.played_ms').as('played_ms')])
      .where('r.is_active', '=', 1)
      .where('s.player_name', 'in', names)
      .groupBy('s.player_name')
      .execute();
    for (const row of open) played.set(row.player_name, (played.get(row.player_name) ?? 0) + Number(row.played_ms));
  }
  return played;
}

/**
 * A player's last sighting as the search and the dashboard show it: the last poll of the session they started last,
 * else their first sighting (a name seen only in a round still being written). One index step on sessions
 * (player, start). For a query over `players as p`.
 */
export function lastSightingOf(eb: ExpressionBuilder<DatabaseSchema & { p: DatabaseSchema['players'] }, 'p'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('sessions as s')
      .select('s.last_seen')
      .whereRef('s.player_name', '=', 'p.player_name')
      .orderBy('s.start_time', 'desc')
      .orderBy('s.session_id', 'desc')
      .limit(1),
    'p.first_seen',
  );
}

/**
 * Each known name's latest sighting (ISO UTC, `lastSightingOf`); names the collector never saw are absent.
 */
export async function findLastSightings(
  db: Kysely<DatabaseSchema>,
  playerNames: readonly string[],
): Promise<Map<string, string>> {
  const sightings = new Map<string, string>();
  for (const names of parameterChunks(playerNames)) {
    const rows = await db
      .selectFrom('players as p')
      .select((eb) => ['p.player_name', lastSightingOf(eb).as('last_seen')])
      .where('p.player_name', 'in', names)
      .execute();
    for (const row of rows) sightings.set(row.player_name, row.last_seen);
  }
  return sightings;
}
