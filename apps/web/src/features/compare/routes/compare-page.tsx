import { describePage, withProductName } from '@frontline/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { UpdatingOverlay } from '../../../components/section-card.tsx';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { displayPlayerName } from '../../../lib/player-name.ts';
import { useMinuteClock } from '../../../lib/use-clock.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useComparison } from '../api/compare.ts';
import { HeadToHead } from '../components/head-to-head.tsx';
import { MapPerformance } from '../components/map-performance.tsx';
import { MilestoneAchievements } from '../components/milestones.tsx';
import { OnlineHours } from '../components/online-hours.tsx';
import { CoreStatistics, KdFaceOff, PerformanceOverTime } from '../components/overview-sections.tsx';
import { PlayerNameField } from '../components/player-name-field.tsx';
import { ServerSelector } from '../components/server-selector.tsx';
import {
  COMPARISON_MESSAGES,
  comparisonFailureMessage,
  isSelfComparison,
  isUsableComparison,
} from '../lib/compare-rules.ts';
import {
  comparisonQueryParams,
  comparisonRequestOf,
  readComparisonQuery,
  sameRequest,
  type ComparisonRequest,
} from '../lib/comparison-query.ts';

/**
 * /players/compare (spec: site-statistics §2 "Comparison"; §4 "Comparison: idle, loading, error, result. Choosing a
 * server re-queries with serverGuid; All Servers re-queries without it. On success the URL query is replaced with
 * player1, player2 and optional serverGuid"; §5 both names non-blank after trimming, an answer lacking player1,
 * player2, killRates or bucketTotals is invalid; §8 the comparison's messages). An address naming both players runs
 * the comparison; one naming only player1 (the profile's Compare Player link) fills that field.
 */
export function ComparePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [names, setNames] = useState(() => {
    const { player1, player2 } = readComparisonQuery(searchParams);
    return [player1, player2] as const;
  });
  const [request, setRequest] = useState<ComparisonRequest | null>(() => readComparisonQuery(searchParams).request);

  // An address from outside (Back, a link to another pair) starts over from it; the page's own replacement of the
  // query after a success already matches the request, so it changes nothing.
  const paramsText = searchParams.toString();
  const [seenParams, setSeenParams] = useState(paramsText);
  if (paramsText !== seenParams) {
    setSeenParams(paramsText);
    const fromUrl = readComparisonQuery(searchParams);
    if (!sameRequest(fromUrl.request, request)) {
      setNames([fromUrl.player1, fromUrl.player2]);
      setRequest(fromUrl.request);
    }
  }

  // A player compared with himself is refused before any call: the page says why (the API would answer 400).
  const selfComparison = request !== null && isSelfComparison(request.player1, request.player2);
  const comparison = useComparison(selfComparison ? null : request);
  const answer = comparison.data;
  const usable = isUsableComparison(answer) ? answer : null;
  const settled = comparison.isSuccess && !comparison.isPlaceholderData;

  useEffect(() => {
    if (!request || !settled || !usable) return;
    const wanted = comparisonQueryParams(request);
    if (wanted.toString() !== paramsText) setSearchParams(wanted, { replace: true });
  }, [request, settled, usable, paramsText, setSearchParams]);

  const now = useMinuteClock();
  const title = usable
    ? `${displayPlayerName(usable.player1)} vs ${displayPlayerName(usable.player2)}`
    : 'Compare players';
  usePageMeta(withProductName(title), describePage(paths.compare()).description);

  const typed = comparisonRequestOf(names[0], names[1]);
  const busy = comparison.isFetching;

  function compare(event?: FormEvent) {
    event?.preventDefault();
    if (!typed || busy) return;
    if (!sameRequest(typed, request)) setRequest(typed);
    else if (!isSelfComparison(typed.player1, typed.player2)) void comparison.refetch();
  }

  function chooseServer(serverGuid: string | undefined) {
    if (request) setRequest({ ...request, serverGuid });
  }

  let body;
  if (!request) {
    body = <IntroMessage />;
  } else if (selfComparison) {
    body = (
      <p
        role="alert"
        data-testid="compare-same-player"
        className="rounded-md border border-warn/40 bg-warn/10 px-4 py-6 text-center text-sm text-ink"
      >
        {COMPARISON_MESSAGES.samePlayer}
      </p>
    );
  } else if (comparison.isPending) {
    body = <LoadingBlock label="Comparing players…" />;
  } else if (comparison.isError) {
    body = <ErrorBox message={comparisonFailureMessage(comparison.error)} className="py-3" />;
  } else if (!usable) {
    body = (
      <p role="alert" className="rounded-md border border-warn/40 bg-warn/10 px-4 py-6 text-center text-sm text-ink">
        {COMPARISON_MESSAGES.noData}
      </p>
    );
  } else {
    body = (
      <div className="relative space-y-4 md:space-y-6" data-testid="comparison-result" aria-busy={busy}>
        {comparison.isPlaceholderData && <UpdatingOverlay />}
        <ServerSelector
          servers={usable.commonServers ?? []}
          selected={request.serverGuid}
          onSelect={chooseServer}
          disabled={busy}
        />
        {usable.serverDetails && (
          <p className="text-sm text-muted">
            Every figure below is on <span className="font-semibold text-ink">{usable.serverDetails.name}</span> only.
          </p>
        )}
        <KdFaceOff result={usable} />
        <div className="grid gap-4 md:gap-6 lg:grid-cols-2">
          <CoreStatistics result={usable} />
          <PerformanceOverTime result={usable} />
        </div>
        <OnlineHours result={usable} />
        <MapPerformance result={usable} />
        <HeadToHead result={usable} />
        <MilestoneAchievements result={usable} now={now} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Compare"
        title={usable ? <span className="normal-case">{title}</span> : title}
        back={<BackButton fallback={paths.players()} />}
      />
      <form
        onSubmit={compare}
        aria-label="Players to compare"
        className="mb-6 flex flex-col gap-3 rounded-md border border-line bg-surface p-4 shadow-sm shadow-black/5 md:flex-row md:items-end"
      >
        <PlayerNameField
          label="Player 1"
          placeholder="First player's name"
          value={names[0]}
          onChange={(value) => setNames([value, names[1]])}
          onSubmit={() => compare()}
        />
        <span aria-hidden="true" className="heading-display hidden pb-2 text-lg text-faint md:block">
          vs
        </span>
        <PlayerNameField
          label="Player 2"
          placeholder="Second player's name"
          value={names[1]}
          onChange={(value) => setNames([names[0], value])}
          onSubmit={() => compare()}
        />
        <button
          type="submit"
          disabled={!typed || busy}
          className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-accent px-5 text-sm font-semibold tracking-wide text-accent-ink uppercase shadow-sm transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy && <Spinner className="size-4" colour="" />}
          Compare
        </button>
      </form>
      {body}
    </>
  );
}

function IntroMessage() {
  return (
    <div
      data-testid="compare-intro"
      className="hatched rounded-md border border-dashed border-line-strong px-6 py-10 text-center"
    >
      <p className="heading-display text-lg text-ink">Who is the better soldier?</p>
      <p className="mx-auto mt-2 max-w-xl text-sm text-muted">
        Enter two player names and press Compare to see them side by side: K/D, kill rate, ping, when they play, how
        they do on each map, and every round they fought in together.
      </p>
    </div>
  );
}
