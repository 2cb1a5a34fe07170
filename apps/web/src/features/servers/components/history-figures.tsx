import { formatPlayerFigure } from '../../../lib/chart/player-figure.ts';
import type { HistoryPeriod } from '@frontline/contract';
import { historyPointWords, type HistoryChartModel } from '../lib/history.ts';
import { TREND_DIRECTION_LABELS, TREND_TONES, formatChangePercent, type TrendDirection } from '../lib/history-trend.ts';

/**
 * The four figures over the history chart: its peak, lowest and average, and the rolling average's trend. Each
 * point is an average over its bucket (a 12-hour average on 3 months), so the peak and the lowest say which: the
 * highest and the lowest of those averages, not a single moment (docs/formulas.md "Player activity history").
 */
export function HistoryFigures({
  model,
  period,
  direction,
  change,
}: {
  model: HistoryChartModel;
  period: HistoryPeriod;
  direction: TrendDirection;
  change: number | null;
}) {
  const point = historyPointWords(period);
  return (
    <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Figure label="Peak" value={formatPlayerFigure(model.peak)} tone="text-danger" note={`highest ${point}`} />
      <Figure label="Lowest" value={formatPlayerFigure(model.lowest)} tone="text-info" note={`lowest ${point}`} />
      <Figure label="Average" value={formatPlayerFigure(model.average)} tone="text-olive" note="over the period" />
      <Figure
        label="Trend"
        value={formatChangePercent(change)}
        tone={TREND_TONES[direction]}
        note={TREND_DIRECTION_LABELS[direction]}
      />
    </dl>
  );
}

function Figure({ label, value, tone, note }: { label: string; value: string; tone: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-canvas px-3 py-2">
      <dt className="text-[0.68rem] font-semibold tracking-[0.14em] text-muted uppercase">{label}</dt>
      {/* Wraps the note under a long value instead of pushing the page wider on a phone. */}
      <dd className={`tabular flex flex-wrap items-baseline gap-x-1.5 text-lg font-semibold break-all ${tone}`}>
        <span>{value}</span>
        {note && <span className="text-xs font-medium break-normal text-muted">{note}</span>}
      </dd>
    </div>
  );
}
