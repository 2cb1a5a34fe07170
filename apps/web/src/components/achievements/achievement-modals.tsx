import type { Achievement, StreakEntry } from '@frontline/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date-format.ts';
import { mapNameInText } from '../../lib/map-and-mode.ts';
import { paths } from '../../lib/paths.ts';
import { Modal } from '../modal.tsx';
import { historyEntries, moreRecordsNote, streakRecordsToShow } from './achievement-groups.ts';
import { achievementDescription, achievementTitle, metadataLines } from './achievement-text.ts';
import { AwardListItem, AwardPlace, GapSeparator, TierChip } from './achievement-ui.tsx';
import { BadgeImage } from './badge-image.tsx';
import { progressPercent, progressText, type MilestoneProgress } from './next-milestone.ts';

/**
 * The modals of the achievement screens (spec: site-statistics §2 "Achievements": achievement (detail) modal,
 * streak modal, next-milestone modal, the page's history and streak-group modals). Each is open while its subject
 * is set and closes by clearing it.
 */

/** One award in full: what it is, what earns it, when and where, and the figures its rule stored. */
export function AchievementDetailModal({ award, onClose }: { award: Achievement | null; onClose: () => void }) {
  if (!award) return null;
  const description = achievementDescription(award.achievementId);
  const figures = metadataLines(award.metadata);
  return (
    <Modal open onClose={onClose} title={achievementTitle(award)} size="md">
      <div data-testid="achievement-detail" className="space-y-4">
        <div className="flex items-start gap-4">
          <BadgeImage achievementId={award.achievementId} tier={award.tier} size={72} />
          <div className="min-w-0 space-y-1.5">
            <TierChip tier={award.tier} />
            {description && <p className="leading-relaxed text-ink">{description}</p>}
            <p className="text-xs text-muted">
              Earned{' '}
              <time dateTime={award.achievedAt} className="tabular font-semibold text-ink">
                {formatDateTime(award.achievedAt)}
              </time>
            </p>
          </div>
        </div>
        <AwardPlace award={award} />
        {figures.length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md border border-line bg-sunken/40 px-3 py-2 text-xs">
            {figures.map((line) => (
              <div key={line.label} className="contents">
                <dt className="text-muted">{line.label}</dt>
                <dd className="tabular font-semibold break-words text-ink">{line.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Modal>
  );
}

/** Repeats of one award on one day, oldest first, with the time between them where it is 2 hours or more. */
export function AchievementHistoryModal({
  awards,
  onClose,
}: {
  awards: readonly Achievement[] | null;
  onClose: () => void;
}) {
  const first = awards?.[0];
  if (!awards || !first) return null;
  return (
    <Modal open onClose={onClose} title={`${achievementTitle(first)} ×${awards.length}`} size="md">
      <p className="mb-3 text-xs text-muted">Earned {awards.length} times on this day, first to last.</p>
      <ol data-testid="achievement-history" className="space-y-2">
        {historyEntries(awards).map((entry) =>
          entry.kind === 'gap' ? (
            <GapSeparator key={entry.key} label={entry.label} />
          ) : (
            <AwardListItem key={`${entry.award.roundId}-${entry.award.achievedAt}`} award={entry.award} />
          ),
        )}
      </ol>
    </Modal>
  );
}

function MoreRecords({ more }: { more: number }) {
  if (more === 0) return null;
  return (
    <p data-testid="more-records" className="mt-3 text-center text-xs font-semibold text-muted">
      {moreRecordsNote(more)}
    </p>
  );
}

/** The kill streaks of one card (§2 "kill_streak_ ids open a streak-group modal"): at most 12, newest first. */
export function StreakGroupModal({ awards, onClose }: { awards: readonly Achievement[] | null; onClose: () => void }) {
  const first = awards?.[0];
  if (!awards || !first) return null;
  const { shown, more } = streakRecordsToShow(awards, (award) => award.achievedAt);
  return (
    <Modal open onClose={onClose} title={`${achievementTitle(first)} streaks`} size="md">
      <ol data-testid="streak-group" className="space-y-2">
        {shown.map((award) => (
          <AwardListItem key={`${award.roundId}-${award.achievedAt}`} award={award} />
        ))}
      </ol>
      <MoreRecords more={more} />
    </Modal>
  );
}

/** The profile's recent streaks (§2 "Streak modal: at most 12 records, newest start first, '+N more record(s)'"). */
export function StreakModal({
  open,
  streaks,
  playerName,
  onClose,
}: {
  open: boolean;
  streaks: readonly StreakEntry[];
  playerName: string;
  onClose: () => void;
}) {
  if (!open) return null;
  const { shown, more } = streakRecordsToShow(streaks, (streak) => streak.streakStart);
  return (
    <Modal open onClose={onClose} title="Recent Kill Streaks" size="md">
      {shown.length === 0 ? (
        <p className="text-muted">No kill streak of 5 or more yet.</p>
      ) : (
        <ol data-testid="streak-records" className="space-y-2">
          {shown.map((streak) => (
            <li
              key={`${streak.roundId}-${streak.streakStart}`}
              data-testid="streak-record"
              className="flex items-center gap-3 rounded-md border border-line bg-raised px-3 py-2"
            >
              <span className="tabular inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent-soft text-lg font-bold text-accent">
                {streak.streakCount}
              </span>
              <span className="min-w-0 flex-1 text-xs">
                <span className="block text-sm font-semibold text-ink">
                  {streak.streakCount} kills in a row
                  {streak.isActive && (
                    <span className="ml-2 rounded-full bg-good/15 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-good uppercase">
                      Live
                    </span>
                  )}
                </span>
                <span className="text-muted">
                  <time dateTime={streak.streakStart} className="tabular">
                    {formatDateTime(streak.streakStart)}
                  </time>
                  {streak.mapName && <> · {mapNameInText(streak.mapName)}</>}
                  {streak.serverName && <> · {streak.serverName}</>}
                </span>
              </span>
              <Link
                to={paths.roundReport(streak.roundId, [playerName])}
                className="shrink-0 text-xs font-semibold text-accent hover:underline"
              >
                Round
              </Link>
            </li>
          ))}
        </ol>
      )}
      <MoreRecords more={more} />
    </Modal>
  );
}

export function MilestoneProgressBar({ fraction, label }: { fraction: number; label: string }) {
  const percent = progressPercent(fraction);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-sunken"
    >
      <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Every kind's next milestone with its progress; the closest first. */
export function NextMilestoneModal({
  open,
  milestones,
  noteOf,
  onClose,
}: {
  open: boolean;
  milestones: readonly MilestoneProgress[];
  /** Why a milestone's total differs from the profile header's, when it does. */
  noteOf?: (milestone: MilestoneProgress) => string | null;
  onClose: () => void;
}) {
  if (!open) return null;
  return (
    <Modal open onClose={onClose} title="Next Milestones" size="md">
      {milestones.length === 0 ? (
        <p className="text-muted">Every milestone is reached.</p>
      ) : (
        <ul data-testid="next-milestones" className="space-y-3">
          {milestones.map((milestone) => (
            <li key={milestone.track} className="flex items-center gap-3">
              <BadgeImage achievementId={milestone.achievementId} tier={milestone.tier} size={40} />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-semibold break-words text-ink">{milestone.name}</span>
                  <span className="tabular text-xs text-muted">{progressText(milestone)}</span>
                </p>
                <MilestoneProgressBar fraction={milestone.fraction} label={`${milestone.name} progress`} />
                {noteOf?.(milestone) && <p className="text-[11px] text-muted">{noteOf(milestone)}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
