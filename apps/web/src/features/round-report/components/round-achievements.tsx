import type { Achievement, RoundSummary } from '@frontline/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AchievementDetailModal } from '../../../components/achievements/achievement-modals.tsx';
import { achievementTitle } from '../../../components/achievements/achievement-text.ts';
import { TierChip } from '../../../components/achievements/achievement-ui.tsx';
import { BadgeImage } from '../../../components/achievements/badge-image.tsx';
import { PlayerNameText } from '../../../components/player-name-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { parseApiTimestamp } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useRoundAchievements } from '../api/round-report.ts';
import { formatOffset, offsetMs } from '../lib/report-display.ts';
import { countOf } from '../../../lib/plural.ts';

/** Said quietly in place of the list: the report itself is what the visitor came for. */
const ROUND_AWARDS_FAILED_TEXT = "This round's achievements could not be loaded.";

/** At one instant (the round's end) the podium reads first, then the team victories, then the rest. */
const TYPE_ORDER: Readonly<Record<string, number>> = { round_placement: 0, team_victory: 1, team_victory_switched: 1 };
const typeRank = (award: Achievement) => TYPE_ORDER[award.achievementType] ?? 2;

/** In the order they were earned; awards of one instant by kind, place, then player. */
function inEarnedOrder(items: readonly Achievement[]): Achievement[] {
  return [...items].sort(
    (a, b) =>
      parseApiTimestamp(a.achievedAt).getTime() - parseApiTimestamp(b.achievedAt).getTime() ||
      typeRank(a) - typeRank(b) ||
      (a.achievementType === 'round_placement' ? a.value - b.value : 0) ||
      a.playerName.localeCompare(b.playerName) ||
      a.achievementId.localeCompare(b.achievementId),
  );
}

/**
 * The round's achievements beside its standings (issue 18 "The round report lists the round's achievements (who
 * got what, when)"): each award with its player and the round time it came at. Nothing is shown while they load or
 * when the round has none; a failure is one muted line, not an alarm.
 */
export function RoundAchievements({ round }: { round: RoundSummary }) {
  const awards = useRoundAchievements(round.roundId, round.isActive);
  const items = useMemo(() => inEarnedOrder(awards.data?.items ?? []), [awards.data]);
  const [detail, setDetail] = useState<Achievement | null>(null);

  if (awards.isError) {
    return (
      <p data-testid="round-achievements-failed" className="px-1 text-xs text-faint">
        {ROUND_AWARDS_FAILED_TEXT}
      </p>
    );
  }
  if (items.length === 0) return null;

  return (
    <SectionCard
      title="Round Achievements"
      description={`${countOf(items.length, 'award')}, in the order they were earned`}
      bodyClassName="px-2 py-2 sm:px-3"
    >
      <ol data-testid="round-achievements" className="divide-y divide-line">
        {items.map((award) => (
          <li
            key={`${award.playerName}-${award.achievementId}-${award.achievedAt}`}
            data-testid="round-achievement"
            className="flex items-center gap-2.5 px-1 py-2"
          >
            <BadgeImage achievementId={award.achievementId} tier={award.tier} size={36} />
            <span className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => setDetail(award)}
                className="block text-left text-sm font-semibold break-words text-ink hover:text-accent"
              >
                {achievementTitle(award)}
              </button>
              <Link
                to={paths.player(award.playerName)}
                className="mt-1.5 inline-block text-xs text-muted hover:text-accent hover:underline"
              >
                <PlayerNameText name={award.playerName} />
              </Link>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1">
              <TierChip tier={award.tier} />
              <time dateTime={award.achievedAt} className="tabular text-[11px] text-faint" title="Round time">
                {formatOffset(offsetMs(round.startTime, award.achievedAt))}
              </time>
            </span>
          </li>
        ))}
      </ol>
      <AchievementDetailModal award={detail} onClose={() => setDetail(null)} />
    </SectionCard>
  );
}
