import type { ComparisonBucket, ComparisonResponse, ComparisonTotals } from '@frontline/contract';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { SegmentedControl } from '../../../components/segmented-control.tsx';
import { ToneValue } from '../../../components/stat-ui.tsx';
import { formatKdRatio, formatPlayTime } from '../../../lib/format.ts';
import { kdTone, kdValue } from '../../../lib/tones.ts';
import { PERFORMANCE_TABS, comparisonPingTone, figureOf, winnerOf } from '../lib/compare-rules.ts';
import { FaceOffRow, SIDE_STYLES, SideName, WinnerBadge, type Side } from './compare-ui.tsx';
import { countOf } from '../../../lib/plural.ts';

/**
 * The comparison's headline sections (spec: site-statistics §2 "overall K/D with WINNER badge on the higher; core
 * statistics (kill rate per minute, average ping, lower better); … Performance Over Time tabs (Last 30 Days, Last 6
 * Months, Last Year, All Time) for score, kills, deaths, play time"; §9 K/D rule and comparison ping bands).
 */

const countFormat = new Intl.NumberFormat('en-US');
const NOT_AVAILABLE = 'N/A';

function allTimeTotals(result: ComparisonResponse) {
  return result.bucketTotals.find((entry) => entry.bucket === 'AllTime');
}

/** Overall K/D (all time, or on the chosen server): the higher wears the WINNER badge; a tie crowns nobody. */
export function KdFaceOff({ result }: { result: ComparisonResponse }) {
  const allTime = allTimeTotals(result);
  const sides = [
    { side: 1 as const, name: result.player1, totals: allTime?.player1Totals },
    { side: 2 as const, name: result.player2, totals: allTime?.player2Totals },
  ];
  const ratios = sides.map(({ totals }) => (totals ? kdValue(totals.kills, totals.deaths) : null));
  // K/D is shown to 2 decimals (§5): two ratios that read the same crown nobody.
  const winner = winnerOf(ratios[0], ratios[1], { decimals: 2 });
  return (
    <section
      aria-label="Overall K/D"
      className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]"
    >
      {sides.map(({ side, name, totals }, index) => (
        <KdCard
          key={side}
          side={side}
          name={name}
          totals={totals}
          winner={winner === side}
          order={index === 0 ? 'sm:order-1' : 'sm:order-3'}
        />
      ))}
      <span aria-hidden="true" className="heading-display hidden self-center text-2xl text-faint sm:order-2 sm:block">
        vs
      </span>
    </section>
  );
}

function KdCard({
  side,
  name,
  totals,
  winner,
  order,
}: {
  side: Side;
  name: string;
  totals: ComparisonTotals | undefined;
  winner: boolean;
  order: string;
}) {
  return (
    <div
      data-testid={`kd-card-${side}`}
      className={`${order} relative min-w-0 rounded-md border bg-surface px-4 py-4 shadow-sm shadow-black/5 ${
        winner ? 'border-accent/70 ring-1 ring-accent/30' : 'border-line'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SideName side={side} name={name} />
        {winner && <WinnerBadge />}
      </div>
      <p className="mt-3 text-[11px] font-semibold tracking-wider text-faint uppercase">Overall K/D</p>
      <p className="heading-display mt-0.5 text-4xl">
        {totals ? (
          <ToneValue tone={kdTone(kdValue(totals.kills, totals.deaths))}>
            {formatKdRatio(totals.kills, totals.deaths)}
          </ToneValue>
        ) : (
          <span className="text-faint">{NOT_AVAILABLE}</span>
        )}
      </p>
      {totals && (
        <p className="tabular mt-1 text-xs text-muted">
          {countOf(totals.kills, 'kill')} · {countOf(totals.deaths, 'death')}
        </p>
      )}
    </div>
  );
}

const KILL_RATE_DECIMALS = 3;
const killRateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: KILL_RATE_DECIMALS,
});
const pingFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Kill rate per minute (higher better) and average ping (lower better, in the comparison's ping bands). */
export function CoreStatistics({ result }: { result: ComparisonResponse }) {
  const rates = [figureOf(result.killRates, result.player1, 0), figureOf(result.killRates, result.player2, 1)].map(
    (entry) => entry?.killRate ?? null,
  );
  const pings = [figureOf(result.averagePing, result.player1, 0), figureOf(result.averagePing, result.player2, 1)].map(
    (entry) => entry?.averagePing ?? null,
  );
  const rate = (value: number | null) => (value === null ? NOT_AVAILABLE : killRateFormat.format(value));
  const ping = (value: number | null) =>
    value === null ? (
      <span className="text-faint">{NOT_AVAILABLE}</span>
    ) : (
      <ToneValue tone={comparisonPingTone(value)}>{pingFormat.format(value)} ms</ToneValue>
    );
  return (
    <SectionCard title="Core Statistics" description={<Legend result={result} />}>
      <dl>
        <FaceOffRow
          label="Kill rate"
          hint="kills per minute"
          first={rate(rates[0] ?? null)}
          second={rate(rates[1] ?? null)}
          better={winnerOf(rates[0], rates[1], { decimals: KILL_RATE_DECIMALS })}
          testId="kill-rate"
        />
        <FaceOffRow
          label="Average ping"
          hint="lower is better"
          first={ping(pings[0] ?? null)}
          second={ping(pings[1] ?? null)}
          better={winnerOf(pings[0], pings[1], { decimals: 0, lowerWins: true })}
          testId="average-ping"
        />
      </dl>
    </SectionCard>
  );
}

function Legend({ result }: { result: ComparisonResponse }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <SideName side={1} name={result.player1} />
      <SideName side={2} name={result.player2} />
    </span>
  );
}

const PERFORMANCE_FIGURES: readonly {
  key: keyof ComparisonTotals;
  label: string;
  format: (value: number) => string;
  lowerWins?: boolean;
}[] = [
  { key: 'score', label: 'Score', format: (value) => countFormat.format(value) },
  { key: 'kills', label: 'Kills', format: (value) => countFormat.format(value) },
  { key: 'deaths', label: 'Deaths', format: (value) => countFormat.format(value), lowerWins: true },
  { key: 'playTimeMinutes', label: 'Play time', format: formatPlayTime },
];

/** The four windows as tabs; each figure as both values and a bar of their shares. */
export function PerformanceOverTime({ result }: { result: ComparisonResponse }) {
  const [bucket, setBucket] = useState<ComparisonBucket>('Last30Days');
  const shown = result.bucketTotals.find((entry) => entry.bucket === bucket);
  return (
    <SectionCard
      title="Performance Over Time"
      actions={<SegmentedControl label="Period" options={PERFORMANCE_TABS} value={bucket} onChange={setBucket} />}
    >
      {shown ? (
        <dl data-testid="performance-figures">
          {PERFORMANCE_FIGURES.map((figure) => {
            const first = shown.player1Totals[figure.key];
            const second = shown.player2Totals[figure.key];
            return (
              <FaceOffRow
                key={figure.key}
                label={figure.label}
                first={figure.format(first)}
                second={figure.format(second)}
                better={
                  figure.key === 'playTimeMinutes'
                    ? null
                    : winnerOf(first, second, { decimals: 0, lowerWins: figure.lowerWins })
                }
                testId={`bucket-${figure.key}`}
                below={<ShareBar first={first} second={second} />}
              />
            );
          })}
        </dl>
      ) : (
        <p className="text-sm text-muted">{NOT_AVAILABLE}</p>
      )}
    </SectionCard>
  );
}

/** Each player's share of the figure: a quick read of how far apart they are. */
function ShareBar({ first, second }: { first: number; second: number }) {
  const total = Math.max(0, first) + Math.max(0, second);
  const firstShare = total > 0 ? (Math.max(0, first) / total) * 100 : 50;
  return (
    <div className="flex h-1.5 overflow-hidden rounded-full bg-sunken">
      {total > 0 && (
        <>
          <span className={`${SIDE_STYLES[1].bar} h-full`} style={{ width: `${firstShare}%` }} />
          <span className={`${SIDE_STYLES[2].bar} h-full flex-1`} />
        </>
      )}
    </div>
  );
}
