import { decodePlayerNameForDisplay, type PlayerSearchResponse, wholeMinutes } from '@frontline/contract';
import { ACTIVE_WINDOW_MS } from '../../db/player-presence.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { nameSearchForms } from '../../lib/name-search.ts';
import type { PlayersRepository } from './players.repository.ts';

interface SearchPlayersQuery {
  /** Trimmed, at least 2 characters (the route checks). */
  text: string;
  pageSize: number;
}

/**
 * Everyone typing the same first letters asks the same question: an answer is reused for a few seconds
 * (the collector itself only changes the data every poll).
 */
const SEARCH_REUSE_MS = 10_000;
const SEARCH_CACHE_ENTRIES = 500;

/** The player search box (spec §3 "Player search result", §7 `GET /stats/Players/search`). */
export function createPlayersService({
  playersRepository,
  clock,
}: {
  playersRepository: PlayersRepository;
  clock: Clock;
}) {
  const searchCache = new AnswerCache<PlayerSearchResponse>({
    reuseMs: SEARCH_REUSE_MS,
    maxEntries: SEARCH_CACHE_ENTRIES,
  });

  /**
   * Names starting with the text first, then names containing it; online players, then the most recently seen,
   * first in each. A name matches as stored or as shown (decoded), so a Cyrillic query finds the mojibake it is
   * stored as.
   */
  async function findPlayers({ text, pageSize }: SearchPlayersQuery, now: number): Promise<PlayerSearchResponse> {
    const activeSince = new Date(now - ACTIVE_WINDOW_MS).toISOString();
    const candidates = await playersRepository.findSearchCandidates({
      forms: nameSearchForms(text),
      activeSince,
      limit: pageSize,
    });
    const names = candidates.map((candidate) => candidate.playerName);
    const [playedMs, currentSessions] = await Promise.all([
      playersRepository.findPlayedMs(names),
      playersRepository.findCurrentSessions(names, activeSince),
    ]);
    return {
      items: candidates.map((candidate) => {
        const current = currentSessions.get(candidate.playerName);
        // Both reads use the same window; a session closing between them shows the player offline, not half online.
        const online = candidate.isActive && current !== undefined;
        return {
          playerName: candidate.playerName,
          displayName: decodePlayerNameForDisplay(candidate.playerName),
          totalPlayTimeMinutes: wholeMinutes(playedMs.get(candidate.playerName) ?? 0),
          lastSeen: candidate.lastSeen,
          isActive: online,
          currentServer: online
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

  return {
    searchPlayers(query: SearchPlayersQuery): Promise<PlayerSearchResponse> {
      const now = clock();
      return searchCache.reuse(`${query.pageSize}\u0000${query.text}`, now, () => findPlayers(query, now));
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
