import { decodePlayerNameForDisplay, type PlayerSearchResponse } from '@frontline/contract';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import { nameSearchForms } from '../../lib/name-search.ts';
import { findCurrentSessions, findPlayedMs, findSearchCandidates } from './players.repository.ts';

/**
 * A player is online when an open session of theirs was seen within this window (domain-facts §6, "isActive":
 * latest active session seen ≤ 5 min ago). A session stays open a while after its player left, so "open" alone
 * would show people online who have gone.
 */
export const ACTIVE_WINDOW_MS = 5 * 60_000;

export interface SearchPlayersQuery {
  /** Trimmed, at least 2 characters (the route checks). */
  text: string;
  pageSize: number;
  /** Unix ms. */
  now?: number;
}

/**
 * Everyone typing the same first letters asks the same question: an answer is reused for a few seconds
 * (the collector itself only changes the data every poll), at most this many answers per database.
 */
const SEARCH_REUSE_MS = 10_000;
const SEARCH_CACHE_ENTRIES = 500;
const searchCaches = new WeakMap<Kysely<DatabaseSchema>, AnswerCache<PlayerSearchResponse>>();

/**
 * The search box's suggestions (spec §3 "Player search result", §7 `GET /stats/Players/search`): names starting
 * with the text first, then names containing it; online players, then the most recently seen, first in each.
 * A name matches as stored or as shown (decoded), so a Cyrillic query finds the mojibake it is stored as.
 */
export async function searchPlayers(
  db: Kysely<DatabaseSchema>,
  query: SearchPlayersQuery,
): Promise<PlayerSearchResponse> {
  const now = query.now ?? Date.now();
  const cache = searchCaches.get(db) ?? new AnswerCache({ reuseMs: SEARCH_REUSE_MS, maxEntries: SEARCH_CACHE_ENTRIES });
  searchCaches.set(db, cache);
  return cache.reuse(`${query.pageSize}\u0000${query.text}`, now, () => findPlayers(db, { ...query, now }));
}

async function findPlayers(
  db: Kysely<DatabaseSchema>,
  { text, pageSize, now = Date.now() }: SearchPlayersQuery,
): Promise<PlayerSearchResponse> {
  const activeSince = new Date(now - ACTIVE_WINDOW_MS).toISOString();
  const candidates = await findSearchCandidates(db, { forms: nameSearchForms(text), activeSince, limit: pageSize });
  const names = candidates.map((candidate) => candidate.playerName);
  const [playedMs, currentSessions] = await Promise.all([
    findPlayedMs(db, names),
    findCurrentSessions(db, names, activeSince),
  ]);
  return {
    items: candidates.map((candidate) => {
      const current = currentSessions.get(candidate.playerName);
      return {
        playerName: candidate.playerName,
        displayName: decodePlayerNameForDisplay(candidate.playerName),
        totalPlayTimeMinutes: Math.round((playedMs.get(candidate.playerName) ?? 0) / 60_000),
        lastSeen: candidate.lastSeen,
        // Both reads use the same window; a session closing between them shows the player offline, not half online.
        isActive: candidate.isActive && current !== undefined,
        currentServer:
          candidate.isActive && current !== undefined
            ? {
                serverGuid: current.serverGuid,
                serverName: current.serverName,
                mapName: current.mapName,
                sessionKills: current.kills,
                sessionDeaths: current.deaths,
              }
            : null,
      };
    }),
  };
}
