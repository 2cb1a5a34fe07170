import type { Achievement, GamificationResponse, OwnedBadge } from '@frontline/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  AchievementDetailModal,
  MilestoneProgressBar,
  NextMilestoneModal,
  StreakModal,
} from '../../../components/achievements/achievement-modals.tsx';
import { achievementTitle } from '../../../components/achievements/achievement-text.ts';
import { CountBadge } from '../../../components/achievements/achievement-ui.tsx';
import { BadgeImage } from '../../../components/achievements/badge-image.tsx';
import {
  nextMilestones,
  progressText,
  unfinishedRoundsNote,
  type ProfileTotals,
} from '../../../components/achievements/next-milestone.ts';
import { tierStyle } from '../../../components/achievements/tiers.ts';
import { ErrorBox } from '../../../components/error-box.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { mapNameInText } from '../../../lib/map-and-mode.ts';
import { paths } from '../../../lib/paths.ts';
import { usePlayerGamification } from '../api/players.ts';
import { EmptyNote } from './player-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/** Spec §8. */
const GAMIFICATION_ERROR_TEXT = 'Failed to fetch gamification data';
/** §2 "collection shows 36 then a 'View All' link"; the hero row shows the newest five. */
export const COLLECTION_SIZE = 36;
export const HERO_BADGES = 5;

/**
 * Achievements & Streaks on the player profile (spec: site-statistics §2 "Player profile", "Achievements"; issue 18
 * "hero badges, the collection (36, then 'View All' to the page), best streak and recent streaks, next milestone
 * with progress, and the achievement, streak and next-milestone modals"). It has its own query: the profile above
 * it shows as soon as its own answer comes, and a failure here stays here.
 */
export function AchievementsSection({
  playerName,
  now,
  profileTotals,
}: {
  playerName: string;
  now: Date;
  /** The header's kills, score and play time, for the note where a milestone's own total differs. */
  profileTotals?: ProfileTotals;
}) {
  const gamification = usePlayerGamification(playerName);
  const viewAll = (
    <Link
      to={paths.playerAchievements(playerName)}
      data-testid="achievements-view-all"
      className="text-xs font-semibold tracking-wide text-accent uppercase hover:underline"
    >
      View All
    </Link>
  );

  return (
    <SectionCard
      title="Achievements & Streaks"
      description={
        gamification.data ? collectionSummary(gamification.data.allBadges) : 'Badges, kill streaks and milestones.'
      }
      actions={viewAll}
    >
      {gamification.isError ? (
        <ErrorBox
          message={GAMIFICATION_ERROR_TEXT}
          onRetry={() => void gamification.refetch()}
          retrying={gamification.isFetching}
        />
      ) : !gamification.data ? (
        <LoadingBlock label="Loading achievements…" />
      ) : (
        <AchievementsBody data={gamification.data} playerName={playerName} now={now} profileTotals={profileTotals} />
      )}
    </SectionCard>
  );
}

function collectionSummary(badges: readonly OwnedBadge[]): string {
  const awards = badges.reduce((sum, badge) => sum + badge.count, 0);
  if (badges.length === 0) return 'No badges earned yet.';
  return `${countOf(badges.length, 'badge')} earned, ${countOf(awards, 'award')} in all.`;
}

function AchievementsBody({
  data,
  playerName,
  now,
  profileTotals,
}: {
  data: GamificationResponse;
  playerName: string;
  now: Date;
  profileTotals: ProfileTotals | undefined;
}) {
  const [detail, setDetail] = useState<Achievement | null>(null);
  const [streaksOpen, setStreaksOpen] = useState(false);
  const [milestonesOpen, setMilestonesOpen] = useState(false);
  const milestones = useMemo(
    () => nextMilestones(data.milestoneTotals, new Set(data.allBadges.map((badge) => badge.achievementId))),
    [data.milestoneTotals, data.allBadges],
  );
  const hero = data.recentAchievements.slice(0, HERO_BADGES);
  const collection = data.allBadges.slice(0, COLLECTION_SIZE);

  return (
    <div className="space-y-5">
      {hero.length > 0 ? (
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">Latest</h3>
          <ol data-testid="hero-badges" className="grid grid-cols-5 gap-1.5 sm:gap-3">
            {hero.map((award) => (
              <li key={`${award.achievementId}-${award.roundId}-${award.achievedAt}`} className="min-w-0">
                <button
                  type="button"
                  onClick={() => setDetail(award)}
                  className={`flex h-full w-full flex-col items-center gap-1 rounded-md border bg-raised px-1 py-2 text-center transition-colors hover:border-accent sm:px-2 ${tierStyle(award.tier).frame}`}
                >
                  <BadgeImage achievementId={award.achievementId} tier={award.tier} size={48} />
                  <span className="line-clamp-2 text-[11px] leading-tight font-semibold break-words text-ink sm:text-xs">
                    {achievementTitle(award)}
                  </span>
                  <time dateTime={award.achievedAt} className="text-[10px] text-faint">
                    {formatRelativeTime(award.achievedAt, now)}
                  </time>
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <EmptyNote>No achievements yet. Kill streaks, podium places and team victories show here.</EmptyNote>
      )}

      <div className="grid gap-3 sm:grid-cols-2">
        <BestStreak bestStreaks={data.bestStreaks} onOpen={() => setStreaksOpen(true)} />
        <NextMilestone
          milestone={milestones[0]}
          note={milestones[0] ? unfinishedRoundsNote(milestones[0].track, profileTotals, data.milestoneTotals) : null}
          onOpen={() => setMilestonesOpen(true)}
        />
      </div>

      {collection.length > 0 && (
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">Collection</h3>
          <ul data-testid="badge-collection" className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
            {collection.map((badge) => (
              <li key={badge.achievementId} className="min-w-0">
                <button
                  type="button"
                  onClick={() => setDetail(badge)}
                  data-testid="collection-badge"
                  className="flex h-full w-full items-center gap-2 rounded-md border border-line bg-raised px-2 py-1.5 text-left transition-colors hover:border-accent"
                >
                  <BadgeImage achievementId={badge.achievementId} tier={badge.tier} size={32} />
                  <span className="line-clamp-2 min-w-0 flex-1 text-xs leading-tight font-medium break-words text-ink">
                    {achievementTitle(badge)}
                  </span>
                  {badge.count > 1 && <CountBadge count={badge.count} />}
                </button>
              </li>
            ))}
          </ul>
          {data.allBadges.length > COLLECTION_SIZE && (
            <p className="mt-2 text-xs text-muted">
              {data.allBadges.length - COLLECTION_SIZE} more on the{' '}
              <Link to={paths.playerAchievements(playerName)} className="font-semibold text-accent hover:underline">
                achievements page
              </Link>
              .
            </p>
          )}
        </div>
      )}

      <AchievementDetailModal award={detail} onClose={() => setDetail(null)} />
      <StreakModal
        open={streaksOpen}
        streaks={data.bestStreaks.recentStreaks}
        playerName={playerName}
        onClose={() => setStreaksOpen(false)}
      />
      <NextMilestoneModal
        open={milestonesOpen}
        milestones={milestones}
        noteOf={(milestone) => unfinishedRoundsNote(milestone.track, profileTotals, data.milestoneTotals)}
        onClose={() => setMilestonesOpen(false)}
      />
    </div>
  );
}

const PANEL = 'flex flex-col gap-2 rounded-md border border-line bg-raised px-3 py-3';
const PANEL_TITLE = 'text-xs font-semibold tracking-wider text-muted uppercase';
const PANEL_BUTTON =
  'self-start rounded-md border border-line-strong px-2.5 py-1 text-xs font-semibold text-ink transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-50';

function BestStreak({ bestStreaks, onOpen }: { bestStreaks: GamificationResponse['bestStreaks']; onOpen: () => void }) {
  const best = bestStreaks.bestSingleRoundStreak;
  const count = bestStreaks.recentStreaks.length;
  return (
    <div data-testid="best-streak" className={PANEL}>
      <h3 className={PANEL_TITLE}>Best kill streak</h3>
      {best > 0 ? (
        <>
          <p className="flex items-baseline gap-2">
            <span className="tabular text-3xl font-bold text-accent">{best}</span>
            <span className="text-sm text-muted">kills in a row</span>
          </p>
          <p className="text-xs break-words text-muted">
            {[
              bestStreaks.bestStreakMap && mapNameInText(bestStreaks.bestStreakMap),
              bestStreaks.bestStreakServer,
              bestStreaks.bestStreakDate && formatDate(bestStreaks.bestStreakDate),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">No streak of 5 kills or more yet.</p>
      )}
      <button type="button" onClick={onOpen} disabled={count === 0} className={PANEL_BUTTON}>
        Recent streaks{count > 0 ? ` (${count})` : ''}
      </button>
    </div>
  );
}

function NextMilestone({
  milestone,
  note,
  onOpen,
}: {
  milestone: ReturnType<typeof nextMilestones>[number] | undefined;
  /** Why the total differs from the header's, when it does. */
  note: string | null;
  onOpen: () => void;
}) {
  return (
    <div data-testid="next-milestone" className={PANEL}>
      <h3 className={PANEL_TITLE}>Next milestone</h3>
      {milestone ? (
        <>
          <p className="flex items-center gap-2">
            <BadgeImage achievementId={milestone.achievementId} tier={milestone.tier} size={32} />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold break-words text-ink">{milestone.name}</span>
              <span className="tabular block text-xs text-muted">{progressText(milestone)}</span>
            </span>
          </p>
          <MilestoneProgressBar fraction={milestone.fraction} label={`${milestone.name} progress`} />
          {note && (
            <p data-testid="milestone-note" className="text-[11px] text-muted">
              {note}
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">Every milestone is reached.</p>
      )}
      <button type="button" onClick={onOpen} className={PANEL_BUTTON}>
        All milestones
      </button>
    </div>
  );
}
