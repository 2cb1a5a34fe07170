import type { Achievement, ComparisonResponse, MilestoneAchievement } from '@frontline/contract';
import { useState } from 'react';
import { AchievementDetailModal } from '../../../components/achievements/achievement-modals.tsx';
import { achievementTitle } from '../../../components/achievements/achievement-text.ts';
import { BadgeImage } from '../../../components/achievements/badge-image.tsx';
import { EmptyNote, SectionCard } from '../../../components/section-card.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { SideName, type Side } from './compare-ui.tsx';

/**
 * Milestone Achievements per player (spec: site-statistics §2 "icon, name, relative time, value; click opens detail
 * dialog"). The comparison sends a milestone's id, name, tier, time and mark only, so the dialog shows what earns it
 * and when, without a round or server to link.
 */

const countFormat = new Intl.NumberFormat('en-US');

/** A milestone as the shared detail dialog takes an award: no map, server, round or stored figures. */
export function milestoneAsAward(milestone: MilestoneAchievement, playerName: string): Achievement {
  return {
    ...milestone,
    achievementType: 'milestone',
    mapName: '',
    serverGuid: '',
    serverName: '',
    roundId: '',
    playerName,
    metadata: '',
  };
}

export function MilestoneAchievements({ result, now }: { result: ComparisonResponse; now: Date }) {
  const [open, setOpen] = useState<Achievement | null>(null);
  const sides: { side: Side; name: string; milestones: readonly MilestoneAchievement[] }[] = [
    { side: 1, name: result.player1, milestones: result.player1MilestoneAchievements ?? [] },
    { side: 2, name: result.player2, milestones: result.player2MilestoneAchievements ?? [] },
  ];
  return (
    <SectionCard title="Milestone Achievements">
      <div className="grid gap-6 md:grid-cols-2">
        {sides.map(({ side, name, milestones }) => (
          <div key={side} data-testid={`milestones-${side}`} className="min-w-0">
            <h3 className="mb-2 text-sm">
              <SideName side={side} name={name} />
            </h3>
            {milestones.length === 0 ? (
              <EmptyNote>No milestones reached yet.</EmptyNote>
            ) : (
              <ul className="space-y-1.5">
                {milestones.map((milestone) => (
                  <li key={`${milestone.achievementId}|${milestone.achievedAt}`}>
                    <button
                      type="button"
                      onClick={() => setOpen(milestoneAsAward(milestone, name))}
                      className="flex w-full items-center gap-3 rounded-md border border-line bg-raised px-3 py-2 text-left transition-colors hover:border-accent/60 hover:bg-accent-soft/40"
                    >
                      <BadgeImage achievementId={milestone.achievementId} tier={milestone.tier} size={36} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold break-words text-ink">{achievementTitle(milestone)}</span>
                        <time dateTime={milestone.achievedAt} className="text-xs text-muted">
                          {formatRelativeTime(milestone.achievedAt, now)}
                        </time>
                      </span>
                      <span className="tabular shrink-0 text-sm font-semibold text-ink" title="Mark reached">
                        {countFormat.format(milestone.value)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
      <AchievementDetailModal award={open} onClose={() => setOpen(null)} />
    </SectionCard>
  );
}
