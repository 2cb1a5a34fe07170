import type { PlayerStatsResponse } from '@frontline/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '../../../lib/date-format.ts';
import { KD_THRESHOLDS, TONE_TEXT_CLASSES, kdTone, type Tone } from '../../../lib/tones.ts';
import { KILL_RATE_THRESHOLDS, TONE_FILL_CLASSES, TONE_STROKE_CLASSES, killRateTone } from '../lib/player-tones.ts';
import { buildTrendGeometry, type PlotBox, type TrendPoint } from '../lib/trend-chart.ts';
import { EmptyNote } from './player-ui.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { countOf } from '../../../lib/plural.ts';

/**
 * Performance Analytics (spec: site-statistics §2 "K/D and kill-rate trend charts"; §9 "K/D colour thresholds
 * 3, 2, 1.5, 1; kill-rate thresholds 1.2, 0.8, 0.6, 0.4"). One point per day played; each point takes its
 * band's colour and the thresholds are drawn as guide lines, so a reader sees which band a day fell in.
 */

const CHART_HEIGHT = 180;
const DEFAULT_WIDTH = 480;
const plotBox = (width: number): PlotBox => ({ width, height: CHART_HEIGHT, left: 34, right: 10, top: 10, bottom: 22 });

/**
 * The chart is drawn at its real width (not a scaled viewBox), so its labels keep their size on a phone; the
 * width follows the container.
 */
function useContainerWidth() {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
// The days are UTC days (each point's timestamp is its day's 00:00 UTC, as is the window's first day): read in UTC,
// or a visitor west of Greenwich would see every day as the day before.
const UTC = { timeZone: 'UTC' } as const;
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', ...UTC });

/**
 * "14 rounds since Nov 21, 2026 (UTC days), one point per day played.": the rounds of the trend (the round being
 * played counts on today, as in the header's Rounds) and the first day they cover, the later of the 90 days'
 * first and the day the player was first seen.
 */
function trendsDescription(recentStats: PlayerStatsResponse['recentStats']): string {
  const rounds = recentStats.totalRoundsAnalyzed;
  const since = formatDate(recentStats.analysisPeriodStart, UTC);
  return `${countOf(rounds, 'round')} since ${since} (UTC days, at most the last 90), one point per day played.`;
}

export function PerformanceAnalytics({ recentStats }: { recentStats: PlayerStatsResponse['recentStats'] }) {
  return (
    <SectionCard title="Performance Analytics" description={trendsDescription(recentStats)}>
      <div className="grid gap-6 lg:grid-cols-2">
        <TrendChart
          title="K/D ratio"
          unit=""
          trend={recentStats.kdRatioTrend}
          thresholds={KD_THRESHOLDS}
          toneOf={kdTone}
          digits={2}
        />
        <TrendChart
          title="Kill rate"
          unit="kills/min"
          trend={recentStats.killRateTrend}
          thresholds={KILL_RATE_THRESHOLDS}
          toneOf={killRateTone}
          digits={2}
        />
      </div>
    </SectionCard>
  );
}

function TrendChart({
  title,
  unit,
  trend,
  thresholds,
  toneOf,
  digits,
}: {
  title: string;
  unit: string;
  trend: readonly TrendPoint[];
  thresholds: readonly number[];
  toneOf: (value: number) => Tone;
  digits: number;
}) {
  const titleId = useId();
  const { ref, width } = useContainerWidth();
  const box = plotBox(width);
  const geometry = buildTrendGeometry(trend, thresholds, box);
  const { points } = geometry;
  const first = points[0];
  const last = points[points.length - 1];
  const bottom = box.height - box.bottom;

  return (
    <figure ref={ref} className="min-w-0" aria-labelledby={titleId}>
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span id={titleId} className="text-sm font-semibold text-ink">
          {title}
          {unit && <span className="ml-1 text-xs font-normal text-faint">({unit})</span>}
        </span>
        {points.length > 0 && (
          <span className="text-xs text-muted">
            Average{' '}
            <span className={`tabular text-sm font-semibold ${TONE_TEXT_CLASSES[toneOf(geometry.average)]}`}>
              {geometry.average.toFixed(digits)}
            </span>
          </span>
        )}
      </figcaption>
      {points.length === 0 ? (
        <EmptyNote>No rounds in this period</EmptyNote>
      ) : (
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          role="img"
          aria-label={`${title} by day: ${countOf(points.length, 'day')}, average ${geometry.average.toFixed(digits)}`}
          width={box.width}
          height={box.height}
          className="block max-w-full overflow-visible text-[10px]"
        >
          <line x1={box.left} x2={box.width - box.right} y1={bottom} y2={bottom} className="stroke-line-strong" />
          {geometry.guides.map((guide) => (
            <g key={guide.value}>
              <line
                x1={box.left}
                x2={box.width - box.right}
                y1={guide.y}
                y2={guide.y}
                strokeDasharray="3 4"
                className={`${TONE_STROKE_CLASSES[toneOf(guide.value)]} opacity-50`}
              />
              <text x={box.left - 6} y={guide.y} dy="0.32em" textAnchor="end" className="fill-faint">
                {guide.value}
              </text>
            </g>
          ))}
          <text x={box.left - 6} y={bottom} dy="0.32em" textAnchor="end" className="fill-faint">
            0
          </text>
          {geometry.path && (
            <path d={geometry.path} fill="none" strokeWidth={1.5} strokeLinejoin="round" className="stroke-muted" />
          )}
          {points.map((point) => (
            <circle
              key={point.time}
              cx={point.x}
              cy={point.y}
              r={points.length > 45 ? 2.5 : 3.5}
              className={`${TONE_FILL_CLASSES[toneOf(point.value)]} stroke-surface`}
              strokeWidth={1}
            >
              <title>{`${dayFormat.format(point.time)}: ${point.value.toFixed(digits)}`}</title>
            </circle>
          ))}
          {first && (
            <text
              x={first.x}
              y={box.height - 4}
              textAnchor={points.length === 1 ? 'middle' : 'start'}
              className="fill-faint"
            >
              {dayFormat.format(first.time)}
            </text>
          )}
          {last && last !== first && (
            <text x={last.x} y={box.height - 4} textAnchor="end" className="fill-faint">
              {dayFormat.format(last.time)}
            </text>
          )}
        </svg>
      )}
    </figure>
  );
}
