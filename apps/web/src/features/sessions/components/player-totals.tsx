import type { SessionsPlayerInfo } from '@frontline/contract';
import type { ReactNode } from 'react';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio, formatPlayTime, formatRelativeTime } from '../../../lib/format.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import { formatCount } from './sessions-ui.tsx';

/**
 * The player's totals over every session the list matched, not only the page shown (the API's playerInfo), so
 * a filtered list (one map, one server) reads as the player's record there.
 */
export function PlayerTotals({ info, now, title }: { info: SessionsPlayerInfo; now: Date; title?: ReactNode }) {
  const figures: { label: string; value: ReactNode; stat: string }[] = [
    { label: 'Rounds', stat: 'rounds', value: formatCount(info.totalRounds) },
    { label: 'Score', stat: 'score', value: formatCount(info.totalScore) },
    { label: 'Kills', stat: 'kills', value: formatCount(info.totalKills) },
    { label: 'Deaths', stat: 'deaths', value: formatCount(info.totalDeaths) },
    {
      label: 'K/D',
      stat: 'kd',
      value: (
        <ToneValue tone={kdTone(kdValue(info.totalKills, info.totalDeaths))}>
          {formatKdRatio(info.totalKills, info.totalDeaths)}
        </ToneValue>
      ),
    },
    { label: 'Play time', stat: 'time', value: formatPlayTime(info.totalPlayTimeMinutes) },
  ];
  return (
    <div
      data-testid="player-totals"
      className="rounded-md border border-line bg-surface px-4 py-3 shadow-sm shadow-black/5"
    >
      {title && <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>}
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3 sm:grid-cols-6">
        {figures.map((figure) => (
          <div key={figure.stat} className="min-w-0">
            <dt className="text-[10px] font-semibold tracking-wider text-faint uppercase">{figure.label}</dt>
            <dd data-stat={figure.stat} className="tabular truncate text-lg font-bold text-ink">
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {info.firstSeen && info.lastSeen && (
        <p className="mt-2 border-t border-line pt-2 text-xs text-muted">
          First round {formatRelativeTime(info.firstSeen, now)}, last seen {formatRelativeTime(info.lastSeen, now)}.
        </p>
      )}
    </div>
  );
}
