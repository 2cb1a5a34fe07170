import type { RoundReportResponse } from '@frontline/contract';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyNote } from '../../../components/section-card.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { HttpError } from '../../../lib/api-client.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useRoundReport } from '../api/round-report.ts';
import { BattleConsole } from '../components/battle-console.tsx';
import { REPORT_BACK_FALLBACK, REPORT_EYEBROW, ReportHeader } from '../components/report-header.tsx';
import { RoundAchievements } from '../components/round-achievements.tsx';
import { StandingsPanel } from '../components/standings-panel.tsx';
import { buildBattleEvents, revealedCounts } from '../lib/battle-events.ts';
import { highlightedInRound, parseHighlightedPlayers, roundPlayerNames, trackedInRound } from '../lib/player-match.ts';
import { formatOffset, offsetMs, reportDescription, reportTitle } from '../lib/report-display.ts';
import { useReplay } from '../lib/use-replay.ts';

/** Spec §2 "Loading text 'Loading battle report...' or error"; §8 'Failed to fetch round report.'. */
const LOADING_TEXT = 'Loading battle report...';
const REPORT_ERROR_TEXT = 'Failed to fetch round report.';
const EMPTY_ROUND_TEXT = 'This round was empty - no players participated.';

/**
 * /rounds/{roundId}/report, optional query `players` (names to highlight) (spec: site-statistics §2 "Round
 * report", §4 "Round replay", §8). Keyed by the round: another round's report starts with a fresh replay.
 */
export function RoundReportPage() {
  const roundId = useParams().roundId ?? '';
  return <RoundReport key={roundId} roundId={roundId} />;
}

function RoundReport({ roundId }: { roundId: string }) {
  const playersParam = useSearchParams()[0].get('players');
  const highlightedNames = useMemo(() => parseHighlightedPlayers(playersParam), [playersParam]);
  const query = useRoundReport(roundId);

  if (query.isError) {
    return (
      <>
        <PageHeader
          back={<BackButton fallback={REPORT_BACK_FALLBACK} />}
          eyebrow={REPORT_EYEBROW}
          title="Round report"
        />
        <ReportFailure error={query.error} retry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <PageHeader
          back={<BackButton fallback={REPORT_BACK_FALLBACK} />}
          eyebrow={REPORT_EYEBROW}
          title="Round report"
        />
        <LoadingBlock label={LOADING_TEXT} className="rounded-md border border-line bg-surface" />
      </>
    );
  }
  return <LoadedReport report={query.data} highlightedNames={highlightedNames} />;
}

/** An unknown or malformed round id will not load on a retry; anything else may. */
function ReportFailure({ error, retry, retrying }: { error: Error; retry: () => void; retrying: boolean }) {
  const status = error instanceof HttpError ? error.status : 0;
  if (status === 404 || status === 400) {
    return (
      <ErrorBox message={REPORT_ERROR_TEXT}>
        <span className="block text-xs">
          {status === 404 ? 'Frontline knows no round with this id.' : 'This is not a round id.'}
        </span>
      </ErrorBox>
    );
  }
  return (
    <ErrorBox message={REPORT_ERROR_TEXT} onRetry={retry} retrying={retrying}>
      <span className="block text-xs">Failed to get round report ({error.message})</span>
    </ErrorBox>
  );
}

function LoadedReport({
  report,
  highlightedNames,
}: {
  report: RoundReportResponse;
  highlightedNames: readonly string[];
}) {
  const names = useMemo(() => roundPlayerNames(report.leaderboardSnapshots), [report]);
  const highlighted = useMemo(() => highlightedInRound(highlightedNames, names), [highlightedNames, names]);
  usePageMeta(reportTitle(report), reportDescription(report));

  return (
    <>
      <ReportHeader report={report} highlighted={[...highlighted]} />
      {report.leaderboardSnapshots.length === 0 ? (
        <EmptyNote>{EMPTY_ROUND_TEXT}</EmptyNote>
      ) : (
        <ReportBody report={report} names={names} highlighted={highlighted} />
      )}
    </>
  );
}

function ReportBody({
  report,
  names,
  highlighted,
}: {
  report: RoundReportResponse;
  names: readonly string[];
  highlighted: ReadonlySet<string>;
}) {
  const { round, leaderboardSnapshots: snapshots } = report;
  const events = useMemo(() => buildBattleEvents(report), [report]);
  const counts = useMemo(() => revealedCounts(events, snapshots.length), [events, snapshots.length]);
  const offsets = useMemo(
    () => snapshots.map((snapshot) => offsetMs(round.startTime, snapshot.timestamp)),
    [snapshots, round.startTime],
  );
  const trackOptions = useMemo(() => [...new Set(names.map((name) => displayPlayerName(name)))], [names]);
  const [trackQuery, setTrackQuery] = useState('');
  const tracked = useMemo(() => trackedInRound(trackQuery, names), [trackQuery, names]);
  const [live, setLive] = useState(false);
  const replay = useReplay(snapshots.length);

  // The live ladder replays whom each poll saw; otherwise everyone who played, with their round totals.
  const standings = live ? (snapshots[replay.step]?.entries ?? []) : report.finalStandings;

  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <BattleConsole
        replay={replay}
        events={events}
        revealed={counts[replay.step] ?? 0}
        offsets={offsets}
        highlighted={highlighted}
        tracked={tracked}
        trackQuery={trackQuery}
        onTrackQueryChange={setTrackQuery}
        trackOptions={trackOptions}
      />
      <div className="min-w-0 space-y-6">
        <StandingsPanel
          round={round}
          entries={standings}
          live={live}
          onLiveChange={setLive}
          atTime={formatOffset(offsets[replay.step] ?? 0)}
          highlighted={highlighted}
          tracked={tracked}
          onTrack={(name) => setTrackQuery(name ?? '')}
        />
        <RoundAchievements round={round} />
      </div>
    </div>
  );
}
