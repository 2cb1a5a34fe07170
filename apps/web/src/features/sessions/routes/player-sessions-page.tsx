import { describePage, withProductName } from '@frontline/contract';
import { useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { ParentLink } from '../../../components/back-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlayerNamePossessive } from '../../../components/player-name-text.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { UpdatingOverlay } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { isListUpdating, showListTop } from '../../../lib/list-display.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useClampPage, useUrlQuery } from '../../../lib/use-url-query.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { usePlayerSessions, useRoundFilterOptions } from '../api/sessions.ts';
import { PlayerTotals } from '../components/player-totals.tsx';
import { SessionCard } from '../components/session-card.tsx';
import { FieldSelect, PageSizeSelect, RangeSummary, SessionsEmpty, SessionsError } from '../components/sessions-ui.tsx';
import { filterChoices } from '../lib/filter-choices.ts';
import {
  parsePlayerSessionsQuery,
  playerFilterOptionsApiQuery,
  playerSessionsQueryParams,
  withPlayerFilters,
  withPlayerPageSize,
  type PlayerSessionsFilters,
} from '../lib/player-sessions-query.ts';
import type { SessionsPageSize } from '../lib/query-values.ts';
import { withGapSeparators } from '../lib/session-gaps.ts';
import { PLAYER_SESSIONS_HEADING, mapLabel, playerSessionsTitle } from '../lib/session-titles.ts';

/**
 * /players/{playerName}/sessions (spec: site-statistics §2 Player sessions; §4 "Sessions: state synced to
 * query"; §5; §8 'Failed to fetch player sessions. Please try again.' with Try Again, 'No Combat Records Found';
 * §9 sessions page sizes, session colours).
 */
export function PlayerSessionsPage() {
  const playerName = useParams().playerName ?? '';
  // Another player is another list: nothing (page, placeholder answer) carries over.
  return <PlayerSessions key={playerName} playerName={playerName} />;
}

function PlayerSessions({ playerName }: { playerName: string }) {
  const { query, update } = useUrlQuery(parsePlayerSessionsQuery, playerSessionsQueryParams);
  const sessions = usePlayerSessions(playerName, query);
  const served = useRoundFilterOptions(playerFilterOptionsApiQuery(playerName, query)).data;
  const data = sessions.isError ? undefined : sessions.data;
  const now = useMinuteClock();
  const listRef = useRef<HTMLElement>(null);

  const shownName = displayPlayerName(playerName);
  const title = playerSessionsTitle(shownName);
  usePageMeta(withProductName(title), describePage(paths.playerSessions(shownName)).description);

  const items = useMemo(() => data?.items ?? [], [data]);
  const entries = useMemo(() => withGapSeparators(items), [items]);
  const maps = filterChoices(
    served?.maps,
    items.map((session) => session.mapName),
    query.map,
  );
  const servers = filterChoices(
    served?.servers.map((server) => server.serverName),
    items.map((session) => session.serverName),
    query.server,
  );

  useClampPage(query.page, data?.totalPages, data !== undefined && !sessions.isPlaceholderData, update);

  const onFilters = (change: Partial<PlayerSessionsFilters>) =>
    update((current) => withPlayerFilters(current, change), { replace: true });
  const onPageSize = (pageSize: SessionsPageSize) => update((current) => withPlayerPageSize(current, pageSize));

  function goToPage(page: number) {
    update((current) => ({ ...current, page }));
    showListTop(listRef.current);
  }

  const filtered = query.map !== '' || query.server !== '';
  const updating = isListUpdating(sessions);
  const unknownPlayer = sessions.error instanceof HttpError && sessions.error.status === 404;

  return (
    <>
      <PageHeader
        back={<ParentLink to={paths.player(playerName)} label="Player profile" />}
        eyebrow="Player sessions"
        // The heading is upper case; the name in it keeps its own letter case, and so does its "'s".
        title={
          <>
            <PlayerNamePossessive name={playerName} /> {PLAYER_SESSIONS_HEADING}
          </>
        }
        description="Every round fought, newest first. Open one for its full report."
      />

      <div className="mb-4 grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_4.5rem] items-end gap-3 md:max-w-3xl md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem]">
        <FieldSelect label="Map" value={query.map} onChange={(map) => onFilters({ map })}>
          <option value="">All maps</option>
          {maps.map((map) => (
            <option key={map} value={map}>
              {mapLabel(map)}
            </option>
          ))}
        </FieldSelect>
        <FieldSelect label="Server" value={query.server} onChange={(server) => onFilters({ server })}>
          <option value="">All servers</option>
          {servers.map((server) => (
            <option key={server} value={server}>
              {server}
            </option>
          ))}
        </FieldSelect>
        <PageSizeSelect pageSize={query.pageSize} onChange={onPageSize} />
      </div>

      {data && data.items.length > 0 && (
        <div className="mb-6">
          <PlayerTotals info={data.playerInfo} now={now} />
        </div>
      )}

      <section ref={listRef} aria-label="Sessions" aria-busy={updating} className="scroll-mt-20">
        {sessions.isError ? (
          <SessionsError
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
            detail={unknownPlayer ? `Frontline knows no player named “${shownName}”.` : undefined}
          />
        ) : !data ? (
          <LoadingBlock label="Loading sessions…" className="rounded-md border border-line bg-surface" />
        ) : items.length === 0 ? (
          <SessionsEmpty
            action={
              filtered && (
                <button
                  type="button"
                  onClick={() => onFilters({ map: '', server: '' })}
                  className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-xs font-bold tracking-wider text-accent-ink uppercase shadow-sm transition hover:brightness-110"
                >
                  Clear filters
                </button>
              )
            }
          >
            {filtered ? `No round of ${shownName} matches these filters.` : `${shownName} has no recorded rounds yet.`}
          </SessionsEmpty>
        ) : (
          <div className="relative">
            {updating && <UpdatingOverlay />}
            <ol className="space-y-2">
              {entries.map((entry) =>
                entry.kind === 'session' ? (
                  <SessionCard key={entry.session.sessionId} session={entry.session} now={now} />
                ) : (
                  <li key={entry.key} data-testid="session-gap" className="flex items-center gap-3 py-1">
                    <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line-strong" />
                    {/* Newest first: the session above began this long after the one below ended. */}
                    <span
                      title="The session above began this long after the one below ended"
                      className="text-[11px] font-semibold tracking-wider text-faint uppercase"
                    >
                      <span aria-hidden="true">↑ </span>
                      {entry.label}
                    </span>
                    <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line-strong" />
                  </li>
                ),
              )}
            </ol>
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
              noun={['session', 'sessions']}
            />
          </div>
        )}
      </section>
    </>
  );
}
