import { selectBusyGuids } from '@frontline/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { botsSuffix } from '../../../lib/player-count.ts';
import { useMinuteClock, useUtcHour } from '../../../lib/use-clock.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useBusyIndicators } from '../../../lib/busy/busy-indicators.ts';
import { useLiveServers, type LiveGameId } from '../api/live-servers.ts';
import { sortServers, type SortKey, type SortState } from '../lib/server-sort.ts';
import { ServerCards } from './server-cards.tsx';
import { ServerTable } from './server-table.tsx';
import { pluralNoun } from '../../../lib/plural.ts';

/**
 * The live list of the chosen games (spec: site-statistics §2 "Server browser", §4 "Server list"): spinner,
 * then the table (cards under 768 px), or the error with a retry, or the empty note. Refreshed every
 * 5 minutes; after each load the busiest 10 servers' busy indicators are fetched, then every other server's
 * (and again when the UTC hour turns). Mount it with a `key` per game view: a game change then starts afresh
 * (timelines closed).
 */
export function ServerList({
  games,
  sort,
  onSort,
  sortControl,
}: {
  games: readonly LiveGameId[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  /** The small-screen sort control, shown beside the list's summary where cards have no headers. */
  sortControl?: ReactNode;
}) {
  const list = useLiveServers(games);
  const now = useMinuteClock();
  const utcHour = useUtcHour();
  const isMobile = useIsMobile();
  const [openTimelines, setOpenTimelines] = useState<ReadonlySet<string>>(() => new Set());

  // Every row's guid, busiest first: the top 10 are asked first (as preloaded), the others after them.
  const busyGuids = useMemo(() => selectBusyGuids(list.servers, list.servers.length), [list.servers]);
  // Asked once the list has settled, so a refresh of three games (ALL) makes one call, not three.
  const busy = useBusyIndicators(busyGuids, { utcHour, listLoadedAt: list.dataUpdatedAt }, !list.isFetching);
  const sorted = useMemo(() => sortServers(list.servers, sort, now), [list.servers, sort, now]);

  const toggleTimeline = (key: string) =>
    setOpenTimelines((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  if (list.isPending)
    return <LoadingBlock label="Loading servers…" className="rounded-md border border-line bg-surface" />;

  if (list.isError) {
    return (
      <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-6 text-center">
        <p className="text-sm font-medium text-danger">Failed to fetch server data. Please try again.</p>
        <button
          type="button"
          onClick={list.refetch}
          disabled={list.isFetching}
          className="mt-3 inline-flex h-8 items-center gap-2 rounded-md border border-line-strong bg-raised px-4 text-sm font-semibold text-ink transition-colors hover:bg-sunken disabled:opacity-60"
        >
          {list.isFetching && <Spinner className="size-3.5" />}
          Retry
        </button>
      </div>
    );
  }

  // People and bots apart, as on every row (shared rule PLAYER COUNTS).
  const totalPlayers = list.servers.reduce((sum, server) => sum + Math.max(0, server.numPlayers), 0);
  const totalBots = list.servers.reduce((sum, server) => sum + Math.max(0, server.botCount), 0);
  const rowProps = {
    servers: sorted,
    busy,
    utcHour,
    now,
    showGame: games.length > 1,
    openTimelines,
    onToggleTimeline: toggleTimeline,
  };

  return (
    <section aria-label="Live servers">
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
        <p className="tabular">
          <span className="font-semibold text-ink">{sorted.length}</span> {pluralNoun(sorted.length, 'server')}
          {' · '}
          <span className="font-semibold text-ink">{totalPlayers}</span> {pluralNoun(totalPlayers, 'player')}
          {botsSuffix(totalBots)} online
        </p>
        {list.stale && (
          <p data-testid="stale-note" className="inline-flex items-center gap-1.5 text-warn">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-warn" />
            Live data is delayed
            {list.lastUpdated && <span className="text-muted">· updated {formatRelativeTime(list.lastUpdated)}</span>}
          </p>
        )}
        {list.isFetching && (
          <span className="inline-flex items-center gap-1.5" role="status">
            <Spinner className="size-3" /> Updating…
          </span>
        )}
        {isMobile && sortControl && <div className="ml-auto">{sortControl}</div>}
      </div>
      {sorted.length === 0 ? (
        <p className="hatched rounded-md border border-dashed border-line-strong bg-surface px-4 py-10 text-center text-sm text-muted">
          No server data available
        </p>
      ) : isMobile ? (
        <ServerCards {...rowProps} />
      ) : (
        <ServerTable {...rowProps} sort={sort} onSort={onSort} />
      )}
    </section>
  );
}
