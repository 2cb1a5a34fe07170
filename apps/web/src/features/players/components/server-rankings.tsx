import { MINIMUM_TO_RANK, type PlayerStatsResponse } from '@frontline/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { PING_TONE_CLASSES, pingTone, rankBarShare, topShare } from '../lib/server-ranking.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

type ServerRanking = PlayerStatsResponse['insights']['serverRankings'][number];

const countFormat = new Intl.NumberFormat('en-US');

/**
 * Server Rankings (spec: site-statistics §2 "Server Rankings"; §3 "serverRankings[serverGuid, serverName, rank,
 * totalRankedPlayers, averagePing]"). Each row links to that server's leaderboard.
 */
export function ServerRankings({ rankings }: { rankings: readonly ServerRanking[] }) {
  return (
    <SectionCard
      title="Server Rankings"
      description={`Rank by total score, as on each server's rankings: among the players with at least ${MINIMUM_TO_RANK.rounds} finished rounds and ${MINIMUM_TO_RANK.minutes} minutes there.`}
      bodyClassName=""
    >
      {rankings.length === 0 ? (
        <div className="p-4">
          <EmptyNote>No server rankings yet</EmptyNote>
        </div>
      ) : (
        <ol className="divide-y divide-line">
          {rankings.map((ranking) => {
            const bar = rankBarShare(ranking.rank, ranking.totalRankedPlayers);
            return (
              <li key={ranking.serverGuid} data-testid="server-ranking" className="px-4 py-3">
                <div className="flex items-baseline justify-between gap-3">
                  <Link
                    to={paths.serverRankings(ranking.serverName)}
                    title={`${ranking.serverName} rankings`}
                    className="min-w-0 truncate text-sm font-semibold text-ink hover:text-accent"
                  >
                    {ranking.serverName}
                  </Link>
                  <span className="tabular shrink-0 text-sm text-muted">
                    <span className="text-base font-bold text-ink">{countFormat.format(ranking.rank)}</span> of{' '}
                    {countFormat.format(ranking.totalRankedPlayers)}
                  </span>
                </div>
                <div className="mt-1.5 flex items-center gap-3">
                  <span aria-hidden="true" className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-sunken">
                    <span className="block h-full rounded-full bg-accent" style={{ width: `${bar * 100}%` }} />
                  </span>
                  <span className="tabular w-16 shrink-0 text-right text-xs text-muted">
                    {topShare(ranking.rank, ranking.totalRankedPlayers)}
                  </span>
                  <span className="tabular w-20 shrink-0 text-right text-xs text-muted" title="Average ping">
                    {ranking.averagePing === null ? (
                      <span className="text-faint">no ping</span>
                    ) : (
                      <>
                        <span className={`font-semibold ${PING_TONE_CLASSES[pingTone(ranking.averagePing)]}`}>
                          {Math.round(ranking.averagePing)}
                        </span>{' '}
                        ms
                      </>
                    )}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </SectionCard>
  );
}
