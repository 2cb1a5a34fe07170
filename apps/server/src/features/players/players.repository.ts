import type { Kysely } from 'kysely';
import { nameContainsAny, nameStartsWithAny } from '../../db/like-pattern.ts';
import { findCurrentSessions, findPlayedMs, lastSightingOf } from '../../db/player-presence.ts';
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
          lastSightingOf(eb).as('last_seen'),
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

    /** Time observed playing (db/player-presence.ts). */
    findPlayedMs: (playerNames: readonly string[]) => findPlayedMs(db, playerNames),

    /** Each player's open session seen at or after `activeSince` (db/player-presence.ts). */
    findCurrentSessions: (playerNames: readonly string[], activeSince: string) =>
      findCurrentSessions(db, playerNames, activeSince),
  };
}

export type PlayersRepository = ReturnType<typeof createPlayersRepository>;
