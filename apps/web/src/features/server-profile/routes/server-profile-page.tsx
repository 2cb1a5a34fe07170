import type { ServerDetailsResponse } from '@frontline/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { DEFAULT_SERVERS_PATH } from '../../../lib/paths.ts';
import { useUtcHour } from '../../../lib/use-clock.ts';
import { useLiveServer, useServerBusyForecast, useServerDetails, useServerInsights } from '../api/server-profile.ts';
import { ActivityInsights } from '../components/activity-insights.tsx';
import { LeaderboardsSection } from '../components/leaderboards-section.tsx';
import { LivePlayersModal } from '../components/live-players-modal.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { RecentRounds } from '../components/recent-rounds.tsx';
import { DEFAULT_INSIGHT_PERIOD, type InsightDays } from '../lib/insights.ts';
import { DEFAULT_MIN_PLAYERS, type MinPlayersOption } from '../lib/leaderboards.ts';
import { backFallbackPath, resolveLiveGameId } from '../lib/server-game.ts';

const DETAILS_ERROR_TEXT = 'Failed to load server details. Please try again later.';
const DETAILS_REFRESH_ERROR_TEXT = 'Failed to refresh server details. Please try again later.';
const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred. Please try again later.';
const LIVE_INFO_ERROR_TEXT = 'Failed to load current server info.';

/**
 * /servers/{serverName} (spec: site-statistics §2 "Server profile", §4 "Server profile" states, §8 messages).
 * Keyed by the name: another server's profile starts afresh, every call and every choice included.
 */
export function ServerProfilePage() {
  const serverName = useParams().serverName ?? '';
  return <ServerProfile key={serverName} serverName={serverName} />;
}

function ServerProfile({ serverName }: { serverName: string }) {
  const [minPlayers, setMinPlayers] = useState<MinPlayersOption>(DEFAULT_MIN_PLAYERS);
  const [days, setDays] = useState<InsightDays>(DEFAULT_INSIGHT_PERIOD);
  const [playersOpen, setPlayersOpen] = useState(false);
  const utcHour = useUtcHour();

  // Both start at once; the live listing and the forecast wait for the details (they need its address and guid).
  const detailsQuery = useServerDetails(serverName, minPlayers);
  const insightsQuery = useServerInsights(serverName, days);

  const [lastDetails, setLastDetails] = useState<ServerDetailsResponse | null>(null);
  if (detailsQuery.data && !detailsQuery.isPlaceholderData && lastDetails !== detailsQuery.data) {
    setLastDetails(detailsQuery.data);
  }
  const details = detailsQuery.data ?? (detailsQuery.isError ? lastDetails : null);

  const liveQuery = useLiveServer(
    details
      ? {
          game: resolveLiveGameId(details.gameId, details.serverName),
          ip: details.serverIp,
          port: details.serverPort,
        }
      : null,
  );
  useEffect(() => {
    // Spec §8: logged only; the page works without the live listing (no Players Online button).
    if (liveQuery.error) console.warn(LIVE_INFO_ERROR_TEXT, liveQuery.error);
  }, [liveQuery.error]);
  const live = liveQuery.data;

  const forecastQuery = useServerBusyForecast(details?.serverGuid ?? null, utcHour);

  if (!details) {
    if (detailsQuery.isError)
      return (
        <DetailsFailure
          serverName={serverName}
          error={detailsQuery.error}
          retry={() => void detailsQuery.refetch()}
          retrying={detailsQuery.isFetching}
        />
      );
    return (
      <>
        <PageHeader back={<BackButton fallback="/servers" />} eyebrow="Server profile" title={serverName} />
        <LoadingBlock label="Loading server…" className="rounded-md border border-line bg-surface" />
      </>
    );
  }

  const refreshing = detailsQuery.isFetching && (detailsQuery.isPlaceholderData || detailsQuery.isError);

  return (
    <>
      <ProfileHeader
        details={details}
        live={live}
        forecast={{
          result: forecastQuery.data,
          isLoading: forecastQuery.isLoading,
          isError: forecastQuery.isError,
          retry: () => void forecastQuery.refetch(),
        }}
        onOpenPlayers={() => setPlayersOpen(true)}
      />
      {detailsQuery.isError && (
        <ErrorBox
          message={DETAILS_REFRESH_ERROR_TEXT}
          onRetry={() => void detailsQuery.refetch()}
          retrying={detailsQuery.isFetching}
          className="mb-4"
        />
      )}
      <div className="space-y-6">
        <LeaderboardsSection
          details={details}
          minPlayers={minPlayers}
          onMinPlayersChange={setMinPlayers}
          updating={refreshing}
        />
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <RecentRounds serverName={details.serverName} rounds={details.recentRounds} />
          <ActivityInsights
            serverName={details.serverName}
            days={days}
            onDaysChange={setDays}
            insights={{
              data: insightsQuery.data,
              isPlaceholderData: insightsQuery.isPlaceholderData,
              isFetching: insightsQuery.isFetching,
              isPending: insightsQuery.isPending,
              isError: insightsQuery.isError,
              refetch: () => void insightsQuery.refetch(),
            }}
          />
        </div>
      </div>
      {live && <LivePlayersModal live={live} open={playersOpen} onClose={() => setPlayersOpen(false)} />}
    </>
  );
}

/** A name Frontline has never seen is not an outage: it says so and offers the way back to the servers. */
function DetailsFailure({
  serverName,
  error,
  retry,
  retrying,
}: {
  serverName: string;
  error: Error;
  retry: () => void;
  retrying: boolean;
}) {
  const notFound = error instanceof HttpError && error.status === 404;
  const known = error instanceof HttpError || error instanceof TypeError;
  return (
    <>
      <PageHeader
        back={<BackButton fallback={backFallbackPath(undefined)} />}
        eyebrow="Server profile"
        title={serverName}
      />
      {notFound ? (
        <div className="rounded-md border border-line bg-surface px-4 py-10 text-center" data-testid="server-not-found">
          <p className="heading-display text-lg text-ink">Server not found</p>
          <p className="mt-2 text-sm text-muted">
            Frontline does not know a server called <span className="font-semibold text-ink">{serverName}</span>.
          </p>
          <Link
            to={DEFAULT_SERVERS_PATH}
            className="mt-4 inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-semibold text-accent-ink hover:brightness-110"
          >
            Browse servers
          </Link>
        </div>
      ) : (
        <ErrorBox message={known ? DETAILS_ERROR_TEXT : UNEXPECTED_ERROR_TEXT} onRetry={retry} retrying={retrying} />
      )}
    </>
  );
}
