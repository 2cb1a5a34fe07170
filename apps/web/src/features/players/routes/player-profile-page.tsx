import { describePage, withProductName, type PlayerServer, type PlayerStatsResponse } from '@frontline/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { usePlayerStats } from '../api/players.ts';
import { playersSearchPath } from '../lib/players-query.ts';
import { AchievementsSection } from '../components/achievements-section.tsx';
import { ActivityByHour } from '../components/activity-by-hour.tsx';
import { BestScores } from '../components/best-scores.tsx';
import { FavoriteBattlegrounds } from '../components/favorite-battlegrounds.tsx';
import { MapPerformanceModal } from '../components/map-performance-modal.tsx';
import { PerformanceAnalytics } from '../components/performance-analytics.tsx';
import { PlayerIntelligence } from '../components/player-intelligence.tsx';
import { EmptyNote } from '../components/player-ui.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { RecentBattles } from '../components/recent-battles.tsx';
import { ServerRankings } from '../components/server-rankings.tsx';

/** Spec §8. */
const PROFILE_ERROR_TITLE = 'Unable to load player data';
const profileErrorDetail = (playerName: string) => `Failed to fetch player stats for ${playerName}.`;
const NO_STATS_TEXT = 'No player statistics available.';

/**
 * /players/{playerName} (spec: site-statistics §2 "Player profile", §4 "Player profile states: loading, error,
 * loaded, empty", §8). Keyed by the name: "Changing the route name reloads", with nothing (open modal, chosen
 * tab) carried over to the other player.
 */
export function PlayerProfilePage() {
  const playerName = useParams().playerName ?? '';
  return <PlayerProfile key={playerName} playerName={playerName} />;
}

function PlayerProfile({ playerName }: { playerName: string }) {
  const stats = usePlayerStats(playerName);
  const now = useMinuteClock();
  const shownName = displayPlayerName(playerName);
  // The shell titles the page from its path, where a legacy name is still mojibake: the decoded name instead.
  usePageMeta(withProductName(shownName), describePage(paths.player(shownName)).description);
  // Headings keep the name's own letter case.
  const nameTitle = <span className="normal-case">{shownName}</span>;

  if (stats.isError) {
    const unknown = stats.error instanceof HttpError && stats.error.status === 404;
    return (
      <>
        <PageHeader back={<BackButton fallback={paths.players()} />} eyebrow="Player profile" title={nameTitle} />
        <div role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-4 py-8 text-center">
          <p className="text-base font-semibold text-danger">{PROFILE_ERROR_TITLE}</p>
          <p className="mt-1 text-sm text-danger">{profileErrorDetail(shownName)}</p>
          {unknown ? (
            <p className="mt-2 text-xs text-muted">
              Frontline has never seen a player with this exact name.{' '}
              <Link to={playersSearchPath(playerName)} className="text-accent underline underline-offset-2">
                Search for names like it
              </Link>
            </p>
          ) : (
            <button
              type="button"
              onClick={() => void stats.refetch()}
              disabled={stats.isFetching}
              className="mt-3 rounded-md border border-danger/40 px-3 py-1.5 text-xs font-semibold tracking-wide text-danger uppercase hover:bg-danger hover:text-accent-ink disabled:opacity-50"
            >
              {stats.isFetching ? 'Retrying…' : 'Try again'}
            </button>
          )}
        </div>
      </>
    );
  }

  if (!stats.data) {
    return (
      <>
        <PageHeader back={<BackButton fallback={paths.players()} />} eyebrow="Player profile" title={nameTitle} />
        <LoadingBlock label="Loading player…" className="rounded-md border border-line bg-surface" />
      </>
    );
  }

  return <LoadedProfile stats={stats.data} now={now} />;
}

function hasStatistics(stats: PlayerStatsResponse): boolean {
  return stats.totalRounds > 0 || stats.recentSessions.length > 0;
}

function LoadedProfile({ stats, now }: { stats: PlayerStatsResponse; now: Date }) {
  const [mapsServer, setMapsServer] = useState<PlayerServer | null>(null);

  if (!hasStatistics(stats)) {
    return (
      <>
        <ProfileHeader stats={stats} now={now} />
        <EmptyNote>{NO_STATS_TEXT}</EmptyNote>
      </>
    );
  }

  return (
    <>
      <ProfileHeader stats={stats} now={now} />
      <div className="space-y-6">
        <div className="grid gap-6 xl:grid-cols-2">
          <RecentBattles sessions={stats.recentSessions} playerName={stats.playerName} now={now} />
          <BestScores bestScores={stats.bestScores} playerName={stats.playerName} now={now} />
        </div>
        <PerformanceAnalytics recentStats={stats.recentStats} />
        <FavoriteBattlegrounds servers={stats.servers} playerName={stats.playerName} onViewMaps={setMapsServer} />
        {/* Each card as tall as its content: stretched to the row's height, the shorter one ended in a blank. */}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ServerRankings rankings={stats.insights.serverRankings} />
          <ActivityByHour insights={stats.insights} />
        </div>
        <AchievementsSection
          playerName={stats.playerName}
          now={now}
          profileTotals={{
            kills: stats.totalKills,
            score: stats.totalScore,
            playTimeMinutes: stats.totalPlayTimeMinutes,
          }}
        />
        <PlayerIntelligence playerName={stats.playerName} />
      </div>
      <MapPerformanceModal playerName={stats.playerName} server={mapsServer} onClose={() => setMapsServer(null)} />
    </>
  );
}
