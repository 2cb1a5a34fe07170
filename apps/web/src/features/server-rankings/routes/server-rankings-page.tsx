import type { RankingOrderBy, ServerRankingsResponse } from '@frontline/contract';
import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ParentLink } from '../../../components/back-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { ChevronDownIcon } from '../../../components/small-icons.tsx';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { medalOf } from '../../../lib/medals.ts';
import { paths } from '../../../lib/paths.ts';
import { isListUpdating, showListTop } from '../../../lib/list-display.ts';
import { useClampPage, useUrlQuery } from '../../../lib/use-url-query.ts';
import { useServerRankings } from '../api/server-rankings.ts';
import { MedalCard, RankingRow, RankingRowsHeader } from '../components/leaderboard-entries.tsx';
import { PageSizeSelect, RefreshButton, SortButtons, TOOL_BUTTON } from '../components/ranking-controls.tsx';
import { RankingFiltersPanel } from '../components/ranking-filters.tsx';
import {
  NUMBER_FILTER_KEYS,
  hasActiveFilters,
  nextRankingSort,
  parseRankingsQuery,
  rankingsQueryParams,
  showsMedals,
  showsRankBands,
  withFilters,
  withPageSize,
  withSort,
  type RankingFilters,
  type RankingPageSize,
} from '../lib/rankings-query.ts';
import { pluralNoun } from '../../../lib/plural.ts';

/** Spec §8. */
const RANKINGS_ERROR_TEXT = 'Failed to load server rankings. Please try again.';
const RANKINGS_EMPTY_TEXT = 'No Warriors Found';

const countFormat = new Intl.NumberFormat('en-US');

function activeFilterCount(filters: RankingFilters): number {
  return (filters.playerName ? 1 : 0) + NUMBER_FILTER_KEYS.filter((key) => filters[key] !== null).length;
}

/** /servers/{serverName}/rankings (spec: site-statistics §2 "Rankings", §4, §5, §8, §9). */
export function ServerRankingsPage() {
  const serverName = useParams().serverName ?? '';
  // Another server is another leaderboard: nothing (open filters, the previous page) carries over.
  return <ServerRankings key={serverName} serverName={serverName} />;
}

function ServerRankings({ serverName }: { serverName: string }) {
  const { query, update } = useUrlQuery(parseRankingsQuery, rankingsQueryParams);
  const rankings = useServerRankings(serverName, query);
  const { data } = rankings;
  const [filtersOpen, setFiltersOpen] = useState(() => hasActiveFilters(query));
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const filtersId = useId();

  // A page past the end (a link from when there were more players) moves to the last page there is.
  useClampPage(query.page, data?.totalPages, data !== undefined && !rankings.isPlaceholderData, update);

  function goToPage(page: number) {
    update((current) => ({ ...current, page }));
    showListTop(sectionRef.current);
  }

  const onSort = (orderBy: RankingOrderBy) => update((current) => withSort(current, nextRankingSort(current, orderBy)));
  const onPageSize = (pageSize: RankingPageSize) => update((current) => withPageSize(current, pageSize));
  const onFilters = (filters: RankingFilters) => update((current) => withFilters(current, filters), { replace: true });
  const refresh = () => void rankings.refetch();

  const filterCount = activeFilterCount(query);
  const updating = isListUpdating(rankings);

  return (
    <>
      <PageHeader
        back={<ParentLink to={paths.server(serverName)} label="Server profile" />}
        eyebrow="Server rankings"
        title={serverName}
        description="Every ranked soldier of this server, on their all-time totals here."
      />
      {data && <RankingRules answer={data} />}

      <section ref={sectionRef} aria-labelledby={headingId} className="scroll-mt-20">
        <div className="mb-4 rounded-lg border border-line bg-surface shadow-sm shadow-black/5">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-3 py-3 sm:px-4">
            <h2 id={headingId} className="heading-display flex items-baseline gap-2 text-lg text-ink">
              Leaderboard
              <span
                data-testid="player-count"
                className="tabular text-xs font-semibold tracking-normal text-muted normal-case"
              >
                {data ? playerCountText(data, filterCount > 0) : rankings.isError ? '' : '…'}
              </span>
            </h2>
            <div className="flex flex-wrap items-center gap-1.5 sm:ml-auto sm:gap-2">
              <SortButtons sort={query} onSort={onSort} />
              <button
                type="button"
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((open) => !open)}
                className={`${TOOL_BUTTON} ${filtersOpen ? 'border-line-strong bg-raised text-ink' : ''}`}
              >
                Filters
                {filterCount > 0 && (
                  <span className="tabular inline-flex size-4 items-center justify-center rounded-full bg-accent text-[10px] text-accent-ink">
                    {filterCount}
                    <span className="sr-only"> active</span>
                  </span>
                )}
                <ChevronDownIcon
                  width={14}
                  height={14}
                  className={`transition-transform ${filtersOpen ? 'rotate-180' : ''}`}
                />
              </button>
              <PageSizeSelect pageSize={query.pageSize} onChange={onPageSize} />
              <RefreshButton onRefresh={refresh} refreshing={rankings.isFetching} compact />
            </div>
          </div>
          {filtersOpen && <RankingFiltersPanel id={filtersId} filters={query} onChange={onFilters} />}
        </div>

        <LeaderboardBody
          rankings={rankings}
          serverName={serverName}
          filtered={filterCount > 0}
          medals={showsMedals(query)}
          bands={showsRankBands(query)}
          updating={updating}
          onRefresh={refresh}
        />

        {data && data.items.length > 0 && !rankings.isError && (
          <div className="mt-5 flex flex-col items-center gap-3">
            <Pagination currentPage={query.page} totalPages={data.totalPages} onPageChange={goToPage} />
            <p className="tabular text-xs text-muted">
              {countFormat.format((query.page - 1) * query.pageSize + 1)}–
              {countFormat.format((query.page - 1) * query.pageSize + data.items.length)} of{' '}
              {countFormat.format(data.totalItems)}
            </p>
          </div>
        )}
      </section>
    </>
  );
}

/** "20 ranked players"; with filters, how many of them match: "1 of 20 ranked players". */
function playerCountText(answer: ServerRankingsResponse, filtered: boolean): string {
  const ranked = `${countFormat.format(answer.rankedPlayers)} ranked ${pluralNoun(answer.rankedPlayers, 'player')}`;
  return filtered ? `${countFormat.format(answer.totalItems)} of ${ranked}` : ranked;
}

/** Who is ranked and what a rank means, from the answer (the issue: "state the chosen minimum … show it"). */
function RankingRules({ answer }: { answer: ServerRankingsResponse }) {
  const { rounds, minutes } = answer.minimumToRank;
  const addresses = answer.serverContext.addressCount;
  return (
    <p className="mb-4 text-xs text-muted" data-testid="ranking-rules">
      Ranked: at least {rounds} rounds and {minutes} minutes played here. A rank is the place among all ranked players
      in the chosen order; ties share it, and filters only hide rows.
      {addresses > 1 && ` Totals combine the ${addresses} addresses this server has used under its name.`}
    </p>
  );
}

function LeaderboardBody({
  rankings,
  serverName,
  filtered,
  medals,
  bands,
  updating,
  onRefresh,
}: {
  rankings: ReturnType<typeof useServerRankings>;
  serverName: string;
  filtered: boolean;
  /** Rank 1-3 as medal cards: the default order only. */
  medals: boolean;
  /** Rows edged by rank band: descending orders only. */
  bands: boolean;
  updating: boolean;
  onRefresh: () => void;
}) {
  const { data } = rankings;

  if (rankings.isError) {
    const unknownServer = rankings.error instanceof HttpError && rankings.error.status === 404;
    return (
      <div role="alert" className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-8 text-center">
        <p className="text-sm font-semibold text-danger">{RANKINGS_ERROR_TEXT}</p>
        {unknownServer && <p className="mt-1 text-xs text-muted">Frontline knows no server named “{serverName}”.</p>}
        <RefreshButton
          onRefresh={onRefresh}
          refreshing={rankings.isFetching}
          label="Retry Mission"
          className="mt-4 inline-flex h-9 items-center gap-2 rounded-md border border-danger/50 bg-surface px-4 text-xs font-bold tracking-wider text-danger uppercase transition-colors hover:bg-danger hover:text-accent-ink disabled:opacity-60"
        />
      </div>
    );
  }

  if (!data) return <LoadingBlock label="Loading leaderboard…" className="rounded-lg border border-line bg-surface" />;

  if (data.items.length === 0) {
    return (
      <div className="hatched rounded-lg border border-dashed border-line-strong bg-surface px-4 py-12 text-center">
        <p className="heading-display text-lg text-ink">{RANKINGS_EMPTY_TEXT}</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted">
          {filtered
            ? 'No soldier on this server matches these filters.'
            : 'Nobody has finished a round on this server yet.'}
        </p>
        <RefreshButton
          onRefresh={onRefresh}
          refreshing={rankings.isFetching}
          label="Refresh Leaderboard"
          className="mt-4 inline-flex h-9 items-center gap-2 rounded-md bg-accent px-4 text-xs font-bold tracking-wider text-accent-ink uppercase shadow-sm transition hover:brightness-110 disabled:opacity-60"
        />
      </div>
    );
  }

  const podium = medals
    ? data.items.flatMap((entry) => {
        const medal = medalOf(entry.rank);
        return medal ? [{ entry, medal }] : [];
      })
    : [];
  const rows = medals ? data.items.filter((entry) => medalOf(entry.rank) === null) : data.items;

  return (
    <div aria-busy={updating} className="relative">
      {updating && (
        <span
          role="status"
          className="absolute -top-3 right-2 z-10 inline-flex items-center gap-1.5 rounded-full border border-line bg-raised px-2.5 py-1 text-xs text-muted shadow-sm"
        >
          <Spinner className="size-3" /> Updating…
        </span>
      )}
      <div className={`transition-opacity ${updating ? 'opacity-60' : ''}`}>
        {podium.length > 0 && (
          <ol aria-label="Podium" className="mb-4 grid gap-3 md:grid-cols-3">
            {podium.map(({ entry, medal }) => (
              <MedalCard key={entry.playerName} entry={entry} medal={medal} />
            ))}
          </ol>
        )}
        {rows.length > 0 && (
          <>
            <RankingRowsHeader />
            <ol aria-label="Rankings" className="flex flex-col gap-1.5">
              {rows.map((entry) => (
                <RankingRow key={entry.playerName} entry={entry} banded={bands} />
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
