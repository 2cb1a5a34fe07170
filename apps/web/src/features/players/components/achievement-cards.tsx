import type { Achievement } from '@frontline/contract';
import { useState } from 'react';
import {
  AchievementDetailModal,
  AchievementHistoryModal,
  StreakGroupModal,
} from '../../../components/achievements/achievement-modals.tsx';
import {
  groupModalOf,
  type AchievementGroup,
  type GroupModal,
} from '../../../components/achievements/achievement-groups.ts';
import { achievementTitle } from '../../../components/achievements/achievement-text.ts';
import { CountBadge, TierChip } from '../../../components/achievements/achievement-ui.tsx';
import { BadgeImage } from '../../../components/achievements/badge-image.tsx';
import { tierStyle } from '../../../components/achievements/tiers.ts';
import { formatDate } from '../../../lib/date-format.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { mapNameInText } from '../../../lib/map-and-mode.ts';

/** What a card opened: its modal and the awards it shows. */
interface OpenCard {
  modal: GroupModal;
  awards: Achievement[];
}

/**
 * The achievements page's cards (spec: site-statistics §2 "Achievements": one card per id and day with a count
 * badge; count above 1 opens the history modal, a kill streak's repeats the streak-group modal, a single award its
 * detail modal).
 */
export function AchievementCards({ groups, now }: { groups: readonly AchievementGroup[]; now: Date }) {
  const [open, setOpen] = useState<OpenCard | null>(null);
  const close = () => setOpen(null);

  return (
    <>
      <ul data-testid="achievement-cards" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <li key={group.key} className="min-w-0">
            <AchievementCard
              group={group}
              now={now}
              onOpen={() => setOpen({ modal: groupModalOf(group), awards: group.items })}
            />
          </li>
        ))}
      </ul>
      <AchievementDetailModal award={open?.modal === 'detail' ? (open.awards[0] ?? null) : null} onClose={close} />
      <AchievementHistoryModal awards={open?.modal === 'history' ? open.awards : null} onClose={close} />
      <StreakGroupModal awards={open?.modal === 'streak-group' ? open.awards : null} onClose={close} />
    </>
  );
}

function AchievementCard({ group, now, onOpen }: { group: AchievementGroup; now: Date; onOpen: () => void }) {
  const award = group.latest;
  const count = group.items.length;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="achievement-card"
      data-achievement-id={group.achievementId}
      data-count={count}
      className={`relative flex h-full w-full items-start gap-3 rounded-md border bg-surface px-3 py-3 text-left shadow-sm shadow-black/5 transition-colors hover:border-accent ${tierStyle(award.tier).frame}`}
    >
      <BadgeImage achievementId={award.achievementId} tier={award.tier} size={52} />
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex items-start justify-between gap-2">
          <span className="font-semibold break-words text-ink">{achievementTitle(award)}</span>
          {count > 1 && <CountBadge count={count} />}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <TierChip tier={award.tier} />
          <time dateTime={award.achievedAt} title={formatDate(award.achievedAt)} className="text-xs text-faint">
            {formatRelativeTime(award.achievedAt, now)}
          </time>
        </span>
        <span className="block text-xs break-words text-muted">
          {[award.mapName && mapNameInText(award.mapName), award.serverName].filter(Boolean).join(' · ')}
        </span>
      </span>
    </button>
  );
}
