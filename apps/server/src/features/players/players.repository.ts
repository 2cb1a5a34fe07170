import type { Kysely } from 'kysely';
import { nameContainsAny, nameStartsWithAny } from '../../db/like-pattern.ts';
import { parameterChunks } from '../../db/parameter-chunks.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

/** Reads about players: who matches a search, how long they played, where they play now. */

export interface PlayerSearchCandidate {
  playerName: string;
  /** The name starts with the query, in one of its forms (ASCII letters in any case). */
  isPrefix: boolean;
  isActive: boolean;
  /**
   * Last seen in their latest session, the one started last (ISO UTC); their first sighting if they have none.
   */
  lastSeen: string;
}

export interface PlayerCurrentSession {
  playerName: string;
  serverGuid: string;
  serverName: string;
  mapName: string;
  kills: number;
  deaths: number;
}

export interface FindSearchCandidatesQuery {
  /** What to look for in the stored names (lib/name-search.ts): the trimmed query, then its other forms. */
  forms: readonly string[];
  /** Sessions seen at or after this (ISO UTC) that are still open make a player active. */
  activeSince: string;
  limit: number;
}

export function createPlayersRepository(db: Kysely<DatabaseSchema>) {
  return {
    /**
     * One page of the names matching a search, best first: names starting with one of the forms, then names
     * containing one; within each, players online now first, then the most recently seen. The match is a scan of the
     * names (LIKE with a leading wildcard), which is cheap: the table holds one short row per name. A candidate's
     * last sighting is one index step on sessions (player, start), and only names that match are looked at.
     */
    async findSearchCandidates({
      forms,
      activeSince,
      limit,
    }: FindSearchCandidatesQuery): Promise<PlayerSearchCandidate[]> {
      const rows = await db
        .selectFrom('players as p')
        .select((eb) => [
          'p.player_name',
          eb
            .case()
            .when(nameStartsWithAny(eb.ref('p.player_name'), forms))
            .then(1)
            .else(0)
            .end()
            .as('is_prefix'),
          eb(
            'p.player_name',
            'in',
            eb
              .selectFrom('sessions')
              .select('player_name')
              .where('is_active', '=', 1)
              .where('last_seen', '>=', activeSince),
          ).as('is_active'),
          eb.fn
            .coalesce(
              eb
                .selectFrom('sessions as s')
                .select('s.last_seen')
                .whereRef('s.player_name', '=', 'p.player_name')
                .orderBy('s.start_time', 'desc')
                .orderBy('s.session_id', 'desc')
                .limit(1),
              'p.first_seen',
            )
            .as('last_seen'),
        ])
        .where((eb) => nameContainsAny(eb.ref('p.player_name'), forms))
        .orderBy('is_prefix', 'desc')
        .orderBy('is_active', 'desc')
        .orderBy('last_seen', 'desc')
        .orderBy('p.player_name')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        playerName: row.player_name,
        isPrefix: Boolean(row.is_prefix),
        isActive: Boolean(row.is_active),
        lastSeen: row.last_seen,
      }));
    },

    /**
     * Time observed playing: the totals kept for closed rounds, plus the sessions of rounds still open (found
     * through the few open rounds, so no player's whole history is read).
     */
    async findPlayedMs(playerNames: readonly string[]): Promise<Map<string, number>> {
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
    },

    /**
     * Each player's open session seen at or after `activeSince`, with its round's server and map (sessions belong to
     * a round, and through it to a server). Should a player have two (they moved servers and the old session has not
     * timed out yet), the one seen last wins.
     */
    async findCurrentSessions(
      playerNames: readonly string[],
      activeSince: string,
    ): Promise<Map<string, PlayerCurrentSession>> {
      const current = new Map<string, PlayerCurrentSession>();
      for (const names of parameterChunks(playerNames)) {
        const rows = await db
          .selectFrom('sessions as s')
          .innerJoin('rounds as r', 'r.round_key', 's.round_key')
          .innerJoin('servers as v', 'v.server_guid', 'r.server_guid')
          .select(['s.player_name', 's.kills', 's.deaths', 'r.server_guid', 'r.map_name', 'v.name as server_name'])
          .where('s.player_name', 'in', names)
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
            mapName: row.map_name,
            kills: row.kills,
            deaths: row.deaths,
          });
        }
      }
      return current;
    },
  };
}

export type PlayersRepository = ReturnType<typeof createPlayersRepository>;
