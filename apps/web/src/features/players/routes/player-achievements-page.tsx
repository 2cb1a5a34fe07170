import { ACHIEVEMENT_PAGE_SIZES, describePage, withProductName } from '@frontline/contract';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { groupByIdAndDay, visitorTimeZone } from '../../../components/achievements/achievement-groups.ts';
import { ParentLink } from '../../../components/back-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { PlayerNamePossessive } from '../../../components/player-name-text.tsx';
import { UpdatingOverlay } from '../../../components/section-card.tsx';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { isListUpdating, showListTop } from '../../../lib/list-display.ts';
import { mapNameInText } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useClampPage, useUrlQuery } from '../../../lib/use-url-query.ts';
import { usePlayerAchievements } from '../api/players.ts';
import { AchievementCards } from '../components/achievement-cards.tsx';
import {
  ACHIEVEMENTS_PAGINATION_WINDOW,
  achievementsApiQuery,
  achievementsQueryParams,
  hasAchievementFilters,
  isAchievementsPageSize,
  parseAchievementsQuery,
  withAchievementFilters,
  withAchievementsPageSize,
  type AchievementsFilters,
} from '../lib/achievements-query.ts';
import { countOf } from '../../../lib/plural.ts';

/** Spec §8: "achievements view shows the message with Try Again (default 'Failed to load achievements.')". */
const ACHIEVEMENTS_ERROR_TEXT = 'Failed to load achievements.';
/** Spec §8 empty states. */
const ACHIEVEMENTS_EMPTY_TEXT = 'No Achievements Found';

/**
 * /players/{playerName}/achievements (spec: site-statistics §2 "Achievements"; §4 "changing either filter resets to
 * page 1 and refetches; URL query synced by replacing history"; §5; §8; §9 "achievements default 50 (25/50/100)",
 * "Pagination window 5 (achievements: current plus or minus 2)").
 */
export function PlayerAchievementsPage() {
  const playerName = useParams().playerName ?? '';
  // Another player is another list: nothing (page, placeholder answer, open modal) carries over.
  return <PlayerAchievements key={playerName} playerName={playerName} />;
}

function PlayerAchievements({ playerName }: { playerName: string }) {
  const { query, update } = useUrlQuery(parseAchievementsQuery, achievementsQueryParams);
  // The server cuts its pages between cards of the visitor's calendar days: the same zone groups them here.
  const [timeZone] = useState(visitorTimeZone);
  const achievements = usePlayerAchievements(achievementsApiQuery(playerName, query, timeZone));
  const data = achievements.isError ? undefined : achievements.data;
  const now = useMinuteClock();
  const listRef = useRef<HTMLElement>(null);

  const shownName = displayPlayerName(playerName);
  usePageMeta(
    withProductName(`${shownName}'s achievements`),
    describePage(paths.playerAchievements(shownName)).description,
  );

  const groups = useMemo(() => groupByIdAndDay(data?.items ?? [], { timeZone }), [data, timeZone]);
  useClampPage(query.page, data?.totalPages, data !== undefined && !achievements.isPlaceholderData, update);

  // The filters' choices come with every answer; until the first one, only what the URL chose.
  const maps = withChosen(data?.playerMaps ?? [], query.map);
  const labels = data?.playerAchievementLabels ?? [];
  const achievementChoices = labels.some((label) => label.achievementId === query.achievement)
    ? labels
    : query.achievement
      ? [...labels, { achievementId: query.achievement, displayName: query.achievement }]
      : labels;

  const onFilters = (change: Partial<AchievementsFilters>) =>
    update((current) => withAchievementFilters(current, change), { replace: true });

  function goToPage(page: number) {
    update((current) => ({ ...current, page }));
    showListTop(listRef.current);
  }

  const filtered = hasAchievementFilters(query);
  const updating = isListUpdating(achievements);
  const unknownPlayer = achievements.error instanceof HttpError && achievements.error.status === 404;

  return (
    <>
      <PageHeader
        back={<ParentLink to={paths.player(playerName)} label="Player profile" />}
        eyebrow="Hall of Fame"
        title={
          <>
            <PlayerNamePossessive name={playerName} /> achievements
          </>
        }
        description="Kill streaks, podium places, team victories, milestones and badges, newest first."
      />

      <div className="mb-5 grid grid-cols-2 items-end gap-3 md:max-w-4xl md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_auto]">
        <FilterSelect label="Map" value={query.map} onChange={(map) => onFilters({ map })}>
          <option value="">All maps</option>
          {maps.map((map) => (
            <option key={map} value={map}>
              {mapNameInText(map)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Achievement"
          value={query.achievement}
          onChange={(achievement) => onFilters({ achievement })}
        >
          <option value="">All achievements</option>
          {achievementChoices.map((label) => (
            <option key={label.achievementId} value={label.achievementId}>
              {label.displayName}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Per page"
          value={String(query.pageSize)}
          onChange={(value) => {
            const size = Number(value);
            if (isAchievementsPageSize(size)) update((current) => withAchievementsPageSize(current, size));
          }}
        >
          {ACHIEVEMENT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </FilterSelect>
        <button
          type="button"
          onClick={() => onFilters({ map: '', achievement: '' })}
          disabled={!filtered}
          className="h-9 rounded-md border border-line-strong bg-surface px-3 text-xs font-bold tracking-wider text-ink uppercase transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line-strong disabled:hover:text-ink"
        >
          Reset Filters
        </button>
      </div>

      <section ref={listRef} aria-label="Achievements" aria-busy={updating} className="scroll-mt-20">
        {achievements.isError ? (
          <AchievementsError
            onRetry={() => void achievements.refetch()}
            retrying={achievements.isFetching}
            detail={unknownPlayer ? `Frontline knows no player named “${shownName}”.` : undefined}
          />
        ) : !data ? (
          <LoadingBlock label="Loading achievements…" className="rounded-md border border-line bg-surface" />
        ) : groups.length === 0 ? (
          <div className="hatched rounded-md border border-dashed border-line-strong bg-surface px-4 py-12 text-center">
            <p className="heading-display text-lg text-ink">{ACHIEVEMENTS_EMPTY_TEXT}</p>
            <p className="mx-auto mt-1 max-w-md text-sm text-muted">
              {filtered
                ? `No achievement of ${shownName} matches these filters.`
                : `${shownName} has not earned an achievement yet.`}
            </p>
            <button
              type="button"
              onClick={() => void achievements.refetch()}
              disabled={achievements.isFetching}
              className="mt-4 inline-flex h-9 items-center gap-2 rounded-md bg-accent px-4 text-xs font-bold tracking-wider text-accent-ink uppercase shadow-sm transition hover:brightness-110 disabled:opacity-60"
            >
              {achievements.isFetching && <Spinner className="size-3.5" colour="" />}
              Refresh
            </button>
          </div>
        ) : (
          <div className="relative">
            {updating && <UpdatingOverlay />}
            <AchievementCards groups={groups} now={now} />
          </div>
        )}

        {data && groups.length > 0 && (
          <div className="mt-6 flex flex-col items-center gap-3">
            <Pagination
              currentPage={query.page}
              totalPages={data.totalPages}
              onPageChange={goToPage}
              window={ACHIEVEMENTS_PAGINATION_WINDOW}
            />
            <p className="tabular text-xs text-muted">
              {countOf(data.totalItems, 'award')}, page {data.page} of {Math.max(1, data.totalPages)}
            </p>
          </div>
        )}
      </section>
    </>
  );
}

/** The chosen value stays a choice even when the answer's list lacks it (a shared URL, a renamed map). */
function withChosen(choices: readonly string[], chosen: string): readonly string[] {
  return chosen && !choices.includes(chosen) ? [...choices, chosen] : choices;
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-line bg-surface pr-1 pl-2 text-sm text-ink outline-none hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/25"
      >
        {children}
      </select>
    </div>
  );
}

function AchievementsError({ onRetry, retrying, detail }: { onRetry: () => void; retrying: boolean; detail?: string }) {
  return (
    <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-8 text-center">
      <p className="text-sm font-semibold text-danger">{ACHIEVEMENTS_ERROR_TEXT}</p>
      {detail && <p className="mt-1 text-xs text-muted">{detail}</p>}
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 inline-flex h-9 items-center gap-2 rounded-md border border-danger/50 bg-surface px-4 text-xs font-bold tracking-wider text-danger uppercase transition-colors hover:bg-danger hover:text-accent-ink disabled:opacity-60"
      >
        {retrying && <Spinner className="size-3.5" />}
        Try Again
      </button>
    </div>
  );
}
