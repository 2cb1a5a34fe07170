import type { PlayerSearchResult } from '@frontline/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { EmptyNote } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatKdRatio, truncateName } from '../../../lib/format.ts';
import { playersOnlineSummary, sumPeopleOnline, useListedGames, type LiveGameId } from '../../../lib/live-lists.ts';
import { mapNameInText } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { playingNowQueryOptions } from '../api/browser-sections.ts';

/** Spec §8 "'Failed to fetch players'". */
const PLAYING_NOW_ERROR = 'Failed to fetch players';

/**
 * The Playing Now section's body (spec: site-statistics §2 "sessions/players list sections exist"; §9 "landing
 * sessions default 10"): who is playing the games shown right now, each with the session they are in (server, map,
 * K/D), 10 a page, seen most recently first. Counted as everywhere (lib/live-lists.ts): the players online by the
 * server lists, then the names listed.
 */
export function PlayingNowBody({ games, allGames }: { games: readonly LiveGameId[]; allGames: boolean }) {
  const [page, setPage] = useState(1);
  const players = useQuery(playingNowQueryOptions(allGames ? undefined : games[0], page));
  // The same lists (the same cached answers) as the table above.
  const playersOnline = sumPeopleOnline(useListedGames(games));
  const { data } = players;
  // Players leave: a page past the end (after a refresh) moves to the last page there is (state set while
  // rendering, as React allows for a value derived from the answer).
  if (data && !players.isPlaceholderData && data.items.length === 0 && page > 1) setPage(Math.max(1, data.totalPages));

  if (players.isError && !players.data) {
    return (
      <ErrorBox
        message={PLAYING_NOW_ERROR}
        onRetry={() => void players.refetch()}
        retrying={players.isFetching}
        className="py-3"
      />
    );
  }
  if (!data) return <LoadingBlock label="Loading players…" />;
  return (
    <div>
      <p data-testid="playing-now-count" className="tabular mb-2 text-xs text-muted">
        {playersOnlineSummary(playersOnline, data.totalItems)}
      </p>
      {data.items.length === 0 ? (
        <EmptyNote>Nobody is playing right now.</EmptyNote>
      ) : (
        <ol className={`divide-y divide-line ${players.isPlaceholderData ? 'opacity-60' : ''}`}>
          {data.items.map((player) => (
            <PlayingNowRow key={player.playerName} player={player} />
          ))}
        </ol>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {data.totalPages > 1 ? (
          // Three page numbers: the section is half the page wide, or a phone's.
          <Pagination currentPage={page} totalPages={data.totalPages} onPageChange={setPage} window={3} />
        ) : (
          <span />
        )}
        <Link to={paths.players()} className="text-xs font-semibold text-accent hover:underline">
          All players online
        </Link>
      </div>
    </div>
  );
}

function PlayingNowRow({ player }: { player: PlayerSearchResult }) {
  const server = player.currentServer;
  const shown = player.displayName || player.playerName;
  return (
    <li data-testid="playing-now-row" className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5 text-sm">
      <Link
        to={paths.player(player.playerName)}
        title={shown}
        className="inline-flex min-h-6 min-w-0 items-center font-semibold text-ink hover:text-accent hover:underline"
      >
        {truncateName(shown)}
      </Link>
      {server && (
        <span className="min-w-0 text-xs text-muted">
          <Link to={paths.server(server.serverName)} className="break-words hover:text-accent hover:underline">
            {server.serverName}
          </Link>
          {server.mapName && <> · {mapNameInText(server.mapName)}</>}
          {' · '}
          <span className="tabular">
            K/D {formatKdRatio(server.sessionKills, server.sessionDeaths)} ({server.sessionKills}/{server.sessionDeaths}
            )
          </span>
        </span>
      )}
    </li>
  );
}
