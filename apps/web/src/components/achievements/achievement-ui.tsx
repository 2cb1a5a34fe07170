import type { Achievement } from '@frontline/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date-format.ts';
import { mapNameInText } from '../../lib/map-and-mode.ts';
import { paths } from '../../lib/paths.ts';
import { achievementTitle } from './achievement-text.ts';
import { BadgeImage } from './badge-image.tsx';
import { tierStyle } from './tiers.ts';

/** The small pieces every achievement screen shares, so the profile, the page and the round report read alike. */

/** The tier's name in its colour. */
export function TierChip({ tier }: { tier: string }) {
  const style = tierStyle(tier);
  return (
    <span
      data-testid="tier-chip"
      className={`inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-[10px] font-bold tracking-wider uppercase ${style.chip}`}
    >
      {style.label}
    </span>
  );
}

/** The count badge of a merged card (§2 "merge into one card with count badge"). */
export function CountBadge({ count }: { count: number }) {
  return (
    <span
      data-testid="achievement-count"
      aria-label={`${count} times`}
      className="tabular inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-[11px] font-bold text-accent-ink shadow-sm"
    >
      ×{count}
    </span>
  );
}

/** Where an award was earned: the map, the server and the round, as links where there is somewhere to go. */
export function AwardPlace({ award, linkRound = true }: { award: Achievement; linkRound?: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted">
      {award.mapName && <span className="font-medium text-ink">{mapNameInText(award.mapName)}</span>}
      {award.serverName && (
        <Link to={paths.server(award.serverName)} className="min-w-0 break-words hover:text-accent hover:underline">
          {award.serverName}
        </Link>
      )}
      {linkRound && award.roundId && (
        <Link
          to={paths.roundReport(award.roundId, [award.playerName])}
          className="font-semibold text-accent hover:underline"
        >
          Round report
        </Link>
      )}
    </span>
  );
}

/** One award in a modal's list: its picture, name, time and place. */
export function AwardListItem({ award, aside }: { award: Achievement; aside?: ReactNode }) {
  return (
    <li data-testid="award-record" className="flex items-start gap-3 rounded-md border border-line bg-raised px-3 py-2">
      <BadgeImage achievementId={award.achievementId} tier={award.tier} size={36} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-semibold break-words text-ink">{achievementTitle(award)}</span>
          <time dateTime={award.achievedAt} className="tabular text-xs text-faint">
            {formatDateTime(award.achievedAt)}
          </time>
        </span>
        <AwardPlace award={award} />
      </span>
      {aside}
    </li>
  );
}

/** A separator between two records further apart than the spec's 2 hours. */
export function GapSeparator({ label }: { label: string }) {
  return (
    <li data-testid="history-gap" className="flex items-center gap-3 py-0.5">
      <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line-strong" />
      <span className="text-[11px] font-semibold tracking-wider text-faint uppercase">{label}</span>
      <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-line-strong" />
    </li>
  );
}
