import { describePage, withProductName } from '@frontline/contract';
import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ParentLink } from '../../../components/back-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { UpdatingOverlay } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { DEFAULT_SERVERS_PATH, paths } from '../../../lib/paths.ts';
import { isListUpdating, showListTop } from '../../../lib/list-display.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useClampPage, useUrlQuery } from '../../../lib/use-url-query.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { useRoundFilterOptions, useServerRounds } from '../api/sessions.ts';
import { MapGroupSection } from '../components/map-group.tsx';
import { PlayerTotals } from '../components/player-totals.tsx';
import { RoundFilters, SHOW_EMPTY_LABEL } from '../components/round-filters.tsx';
import { RangeSummary, SessionsEmpty, SessionsError, UnknownSubject } from '../components/sessions-ui.tsx';
import { filterChoices, serverChoiceGroups } from '../lib/filter-choices.ts';
import type { SessionsPageSize, SortOrder } from '../lib/query-values.ts';
import { groupRoundsByMap } from '../lib/round-groups.ts';
import {
  filterOptionsApiQuery,
  hasActiveFilters,
  parseServerSessionsQuery,
  serverSessionsQueryParams,
  withFilters,
  withPageSize,
  withPlayerAdded,
  withPlayerRemoved,
  withSort,
  withoutFilters,
  type ServerSessionsFilters,
  type ServerSessionsQuery,
  type ServerSessionsSortKey,
} from '../lib/server-sessions-query.ts';
import { serverSessionsTitle } from '../lib/session-titles.ts';

/**
 * /servers/{serverName}/sessions (spec: site-statistics §2 Server sessions; §4 "Sessions: state synced to query;
 * default sort endTime descending; groups collapse by toggle"; §5; §7 `GET /stats/rounds`; §8; §9).
 */
export function ServerSessionsPage() {
  const serverName = useParams().serverName ?? '';
  // Another server is another list: nothing (folded groups, placeholder answer) carries over.
  return <ServerSessions key={serverName} serverName={serverName} />;
}

function ServerSessions({ serverName }: { serverName: string }) {
  const { query, update } = useUrlQuery(parseServerSessionsQuery, serverSessionsQueryParams);
  const rounds = useServerRounds(serverName, query);
  const served = useRoundFilterOptions(filterOptionsApiQuery(serverName, query)).data;
  const data = rounds.isError ? undefined : rounds.data;
  const now = useMinuteClock();
  const navigate = useNavigate();
  const listRef = useRef<HTMLElement>(null);

  const title = serverSessionsTitle(serverName, query.mapName);
  usePageMeta(withProductName(title), describePage(paths.serverSessions(serverName)).description);

  const items = useMemo(() => data?.items ?? [], [data]);
  const groups = useMemo(() => groupRoundsByMap(items), [items]);
  const options = {
    maps: filterChoices(
      served?.maps,
      items.map((round) => round.mapName),
      query.mapName,
    ),
    gameTypes: filterChoices(
      served?.gameTypes,
      items.map((round) => round.gameType),
      query.gameType,
    ),
    servers: serverChoiceGroups(
      served?.servers,
      items.map((round) => ({ serverName: round.serverName, gameId: round.gameId })),
      serverName,
    ),
  };

  useClampPage(query.page, data?.totalPages, data !== undefined && !rounds.isPlaceholderData, update);

  const onFilters = (change: Partial<ServerSessionsFilters>) =>
    update((current) => withFilters(current, change), { replace: true });
  const onChange = (change: (current: ServerSessionsQuery) => ServerSessionsQuery) => update(change, { replace: true });
  const onSort = (sortBy: ServerSessionsSortKey, sortOrder?: SortOrder) =>
    update((current) => withSort(current, sortBy, sortOrder));
  const onPageSize = (pageSize: SessionsPageSize) => update((current) => withPageSize(current, pageSize));
  const onServer = (otherServer: string) => {
    if (otherServer === serverName) return;
    const search = serverSessionsQueryParams({ ...query, page: 1 }).toString();
    void navigate(`${paths.serverSessions(otherServer)}${search ? `?${search}` : ''}`);
  };

  function goToPage(page: number) {
    update((current) => ({ ...current, page }));
    showListTop(listRef.current);
  }

  const filtered = hasActiveFilters(query);
  const updating = isListUpdating(rounds);
  // The API answers 404 for a server name it has never seen: that is not a server without rounds.
  const unknownServer = rounds.error instanceof HttpError && rounds.error.status === 404;

  if (unknownServer) {
    return (
      <>
        <PageHeader
          back={<ParentLink to={DEFAULT_SERVERS_PATH} label="Server browser" />}
          eyebrow="Server sessions"
          title={title}
        />
        <UnknownSubject title="Unknown server">
          Frontline knows no server named “{serverName}”. Check the name, or find the server in the server list.
        </UnknownSubject>
      </>
    );
  }

  return (
    <>
      <PageHeader
        back={<ParentLink to={paths.server(serverName)} label="Server profile" />}
        eyebrow="Server sessions"
        title={title}
        description="Every round fought here, each with its leaderboard. Add players to find the rounds they fought together."
      />

      <RoundFilters
        serverName={serverName}
        query={query}
        options={options}
        onFilters={onFilters}
        onAddPlayer={(name) => onChange((current) => withPlayerAdded(current, name))}
        onRemovePlayer={(name) => onChange((current) => withPlayerRemoved(current, name))}
        onClear={() => onChange(withoutFilters)}
        onServer={onServer}
        onSort={onSort}
        onPageSize={onPageSize}
      />

      {/* The API totals a player's part when exactly one is named: their record on this server (and map). */}
      {data?.playerInfo && items.length > 0 && (
        <div className="mt-4">
          <PlayerTotals
            info={data.playerInfo}
            now={now}
            title={
              <>
                <PlayerNameText name={data.playerInfo.playerName} /> in these rounds
              </>
            }
          />
        </div>
      )}

      <section ref={listRef} aria-label="Rounds" aria-busy={updating} className="mt-6 scroll-mt-20">
        {rounds.isError ? (
          <SessionsError onRetry={() => void rounds.refetch()} retrying={rounds.isFetching} />
        ) : !data ? (
          <LoadingBlock label="Loading rounds…" className="rounded-md border border-line bg-surface" />
        ) : items.length === 0 ? (
          <SessionsEmpty
            action={
              filtered ? (
                <button
                  type="button"
                  onClick={() => onChange(withoutFilters)}
                  className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-xs font-bold tracking-wider text-accent-ink uppercase shadow-sm transition hover:brightness-110"
                >
                  Clear filters
                </button>
              ) : (
                !query.includeEmpty && (
                  <button
                    type="button"
                    onClick={() => onFilters({ includeEmpty: true })}
                    className="inline-flex h-9 items-center rounded-md border border-line-strong px-4 text-xs font-bold tracking-wider text-ink uppercase transition hover:border-accent hover:text-accent"
                  >
                    {SHOW_EMPTY_LABEL}
                  </button>
                )
              )
            }
          >
            {filtered
              ? 'No round on this server matches these filters.'
              : query.includeEmpty
                ? 'No round has been recorded on this server yet.'
                : 'Nobody has played a round on this server yet.'}
          </SessionsEmpty>
        ) : (
          <div className="relative">
            {updating && <UpdatingOverlay />}
            <div className="space-y-6">
              {groups.map((group) => (
                <MapGroupSection
                  key={group.mapName}
                  group={group}
                  highlighted={query.playerNames}
                  onlyHighlighted={query.onlySpecifiedPlayers}
                  now={now}
                />
              ))}
            </div>
          </div>
        )}

        {data && items.length > 0 && (
          <div className="mt-6 flex flex-col items-center gap-3">
            <Pagination currentPage={query.page} totalPages={data.totalPages} onPageChange={goToPage} />
            <RangeSummary
              page={data.currentPage}
              pageSize={data.pageSize}
              shown={items.length}
              total={data.totalItems}
              noun={['round', 'rounds']}
            />
          </div>
        )}
      </section>
    </>
  );
}
