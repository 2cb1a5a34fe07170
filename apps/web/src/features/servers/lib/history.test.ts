import type { PlayersOnlineHistoryResponse } from '@frontline/contract';
import { HISTORY_PERIODS, ROLLING_WINDOWS } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import {
  BUSY_PERCENT_OF_AVERAGE,
  DEFAULT_HISTORY_PERIOD,
  DEFAULT_ROLLING_WINDOW_DAYS,
  HISTORY_PERIOD_DAYS,
  HISTORY_PERIOD_LABELS,
  LONGER_PERIODS,
  MAX_CHART_TICKS,
  PRIMARY_PERIODS,
  QUIET_PERCENT_OF_AVERAGE,
  ROLLING_WINDOW_OPTIONS,
  TREND_TOOLTIP_RADIUS_PX,
  buildHistoryChartModel,
  classifyHistoryPoint,
  combineHistoryResponses,
  computeTickSpace,
  computeWeekendBands,
  computeYAxisMax,
  findNearestPointIndex,
  formatHistoryTime,
  formatPlayerCount,
  isHistoryPeriod,
  isLongerPeriod,
  limitTicks,
  resolveHistoryPeriod,
  spreadLabelPositions,
} from './history.ts';

const DAY = 86_400;
const unix = (iso: string) => Date.parse(iso) / 1000;

function response(
  points: [string, number][],
  rolling: [string, number][] = [],
  insights: Partial<PlayersOnlineHistoryResponse['insights']> = {},
): PlayersOnlineHistoryResponse {
  const values = points.map(([, value]) => value);
  return {
    dataPoints: points.map(([timestamp, totalPlayers]) => ({ timestamp, totalPlayers })),
    insights: {
      peakPlayers: Math.max(0, ...values),
      lowestPlayers: values.length ? Math.min(...values) : 0,
      overallAverage: values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0,
      rollingAverage: rolling.map(([timestamp, average]) => ({ timestamp, average })),
      ...insights,
    },
    period: '1d',
    rollingWindowDays: 7,
  };
}

describe("periods and windows (spec §9: 'Periods: 1d (24h), 3d, 7d, 1month, 3months, thisyear, alltime; day counts 1, 3, 7, 30, 90, 365, 3650. Default chart period 1d … rolling windows 7, 14, 30 days (default 7)')", () => {
  it('covers every period of the contract, with the spec’s day counts', () => {
    expect([...PRIMARY_PERIODS, ...LONGER_PERIODS]).toEqual([...HISTORY_PERIODS]);
    expect(HISTORY_PERIODS.map((period) => HISTORY_PERIOD_DAYS[period])).toEqual([1, 3, 7, 30, 90, 365, 3650]);
  });

  it("offers 1d, 3d, 7d as buttons and 1month, 3months, thisyear, alltime behind 'More' (spec §2)", () => {
    expect(PRIMARY_PERIODS).toEqual(['1d', '3d', '7d']);
    expect(LONGER_PERIODS).toEqual(['1month', '3months', 'thisyear', 'alltime']);
    expect(LONGER_PERIODS.map((period) => HISTORY_PERIOD_LABELS[period])).toEqual([
      '1 Month',
      '3 Months',
      'This Year',
      'All Time',
    ]);
    expect(isLongerPeriod('3months')).toBe(true);
    expect(isLongerPeriod('7d')).toBe(false);
  });

  it('defaults to 1d and a 7-day window', () => {
    expect(DEFAULT_HISTORY_PERIOD).toBe('1d');
    expect(DEFAULT_ROLLING_WINDOW_DAYS).toBe(7);
  });

  it("labels the windows '7 Days', '14 Days', '1 Month' (spec §2) for the contract's 7, 14 and 30", () => {
    expect(ROLLING_WINDOW_OPTIONS.map((option) => option.days)).toEqual([...ROLLING_WINDOWS]);
    expect(ROLLING_WINDOW_OPTIONS.map((option) => option.label)).toEqual(['7 Days', '14 Days', '1 Month']);
  });

  it("requests the chosen longer period when the selection is 'longer' (spec §2: 'choosing one sets period longer')", () => {
    expect(resolveHistoryPeriod('longer', 'thisyear')).toBe('thisyear');
    expect(resolveHistoryPeriod('3d', 'thisyear')).toBe('3d');
  });

  it('recognises period names', () => {
    expect(isHistoryPeriod('alltime')).toBe(true);
    expect(isHistoryPeriod('longer')).toBe(false);
    expect(isHistoryPeriod('toString')).toBe(false);
  });
});

describe("busy and quiet points (spec §9: 'History point busy if at least 120 percent of average, quiet if at most 80 percent')", () => {
  it('uses 120 % and 80 %', () => {
    expect(BUSY_PERCENT_OF_AVERAGE).toBe(120);
    expect(QUIET_PERCENT_OF_AVERAGE).toBe(80);
  });

  it('is busy at exactly 120 % of the average and above', () => {
    expect(classifyHistoryPoint(12, 10)).toBe('busy');
    expect(classifyHistoryPoint(30, 10)).toBe('busy');
    // 1.2 × 3 is 3.5999… in floating point: the comparison must not miss the boundary.
    expect(classifyHistoryPoint(3.6, 3)).toBe('busy');
  });

  it('is quiet at exactly 80 % of the average and below', () => {
    expect(classifyHistoryPoint(8, 10)).toBe('quiet');
    expect(classifyHistoryPoint(0, 10)).toBe('quiet');
  });

  it('is normal strictly between', () => {
    expect(classifyHistoryPoint(11.9, 10)).toBe('normal');
    expect(classifyHistoryPoint(8.1, 10)).toBe('normal');
    expect(classifyHistoryPoint(10, 10)).toBe('normal');
  });

  it('marks nothing when the average is 0 (an empty history) or a value is missing', () => {
    expect(classifyHistoryPoint(0, 0)).toBe('normal');
    expect(classifyHistoryPoint(Number.NaN, 10)).toBe('normal');
  });
});

describe("y headroom (spec §9: 'y headroom 10% or 5 players')", () => {
  it('adds 10 % when that is more than 5 players', () => {
    expect(computeYAxisMax(100)).toBe(110);
    expect(computeYAxisMax(64)).toBe(71); // 64 + 6.4, rounded up
  });

  it('adds 5 players when 10 % is less', () => {
    expect(computeYAxisMax(20)).toBe(25);
    expect(computeYAxisMax(50)).toBe(55);
    expect(computeYAxisMax(0)).toBe(5);
  });

  it('treats a missing or negative peak as 0', () => {
    expect(computeYAxisMax(Number.NaN)).toBe(5);
    expect(computeYAxisMax(-3)).toBe(5);
  });
});

describe("ticks (spec §9: 'Chart ticks max 8')", () => {
  it('is 8', () => {
    expect(MAX_CHART_TICKS).toBe(8);
  });

  it('spaces ticks so that at most 8 fit on the axis', () => {
    expect(computeTickSpace(700, 50)).toBe(100);
    // 8 ticks need 7 gaps; every step at least this far apart gives at most 8 multiples.
    const plot = 833;
    const space = computeTickSpace(plot, 10);
    expect(Math.floor(plot / space) + 1).toBeLessThanOrEqual(8);
  });

  it('keeps the minimum space on a wide gap', () => {
    expect(computeTickSpace(140, 50)).toBe(50);
    expect(computeTickSpace(0, 50)).toBe(50);
  });

  it('thins a longer list of ticks to at most 8, keeping the first', () => {
    const splits = Array.from({ length: 13 }, (_, index) => index * 10);
    const limited = limitTicks(splits);
    expect(limited).toHaveLength(13);
    expect(limited.filter((value) => value !== null).length).toBeLessThanOrEqual(8);
    expect(limited[0]).toBe(0);
    expect(limited[1]).toBeNull();
    expect(limitTicks([1, 2, 3])).toEqual([1, 2, 3]);
    expect(limitTicks(Array.from({ length: 9 }, (_, i) => i)).filter((v) => v !== null)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe('weekend bands (Saturday and Sunday, UTC)', () => {
  it('spans Saturday 00:00 to Monday 00:00 UTC', () => {
    // Wed 2025-06-11 to Wed 2025-06-18.
    const bands = computeWeekendBands(unix('2025-06-11T00:00:00Z'), unix('2025-06-18T00:00:00Z'));
    expect(bands).toEqual([[unix('2025-06-14T00:00:00Z'), unix('2025-06-16T00:00:00Z')]]);
  });

  it('clips a weekend already under way at the start, and one cut off at the end', () => {
    const bands = computeWeekendBands(unix('2025-06-15T12:00:00Z'), unix('2025-06-21T06:00:00Z'));
    expect(bands).toEqual([
      [unix('2025-06-15T12:00:00Z'), unix('2025-06-16T00:00:00Z')],
      [unix('2025-06-21T00:00:00Z'), unix('2025-06-21T06:00:00Z')],
    ]);
  });

  it('gives none for a range inside a working week, or an empty range', () => {
    expect(computeWeekendBands(unix('2025-06-16T00:00:00Z'), unix('2025-06-20T23:00:00Z'))).toEqual([]);
    expect(computeWeekendBands(100, 100)).toEqual([]);
    expect(computeWeekendBands(Number.NaN, 100)).toEqual([]);
  });

  it('gives one band per weekend over a month', () => {
    const bands = computeWeekendBands(unix('2025-06-01T00:00:00Z'), unix('2025-07-01T00:00:00Z'));
    // 1 June 2025 is a Sunday: a clipped Sunday, then four full weekends.
    expect(bands).toHaveLength(5);
    expect(bands[0]).toEqual([unix('2025-06-01T00:00:00Z'), unix('2025-06-02T00:00:00Z')]);
    for (const [start, end] of bands.slice(1)) {
      expect(new Date(start * 1000).getUTCDay()).toBe(6);
      expect(end - start).toBe(2 * DAY);
    }
  });
});

describe('combineHistoryResponses (the ALL view: the three games summed point by point)', () => {
  const bf = response(
    [
      ['2025-06-14T10:00:00Z', 10],
      ['2025-06-14T11:00:00Z', 20],
    ],
    [
      ['2025-06-14T10:00:00Z', 12],
      ['2025-06-14T11:00:00Z', 14],
    ],
  );
  const fh2 = response(
    [
      // Without a zone: UTC (spec §3 "Player history: timestamp (UTC, Z appended if missing)").
      ['2025-06-14T10:00:00', 5],
      ['2025-06-14T11:00:00Z', 1],
      ['2025-06-14T12:00:00Z', 7],
    ],
    [['2025-06-14T11:00:00Z', 3.333]],
  );
  const bfv = response([['2025-06-14T11:00:00.000Z', 4]], [['2025-06-14T11:00:00Z', 2]]);

  it('sums players at the same bucket, a game missing from a bucket adding 0', () => {
    const combined = combineHistoryResponses([bf, fh2, bfv]);
    expect(combined.dataPoints).toEqual([
      { timestamp: '2025-06-14T10:00:00.000Z', totalPlayers: 15 },
      { timestamp: '2025-06-14T11:00:00.000Z', totalPlayers: 25 },
      { timestamp: '2025-06-14T12:00:00.000Z', totalPlayers: 7 },
    ]);
  });

  it('sums the rolling averages the same way', () => {
    const combined = combineHistoryResponses([bf, fh2, bfv]);
    expect(combined.insights.rollingAverage).toEqual([
      { timestamp: '2025-06-14T10:00:00.000Z', average: 12 },
      { timestamp: '2025-06-14T11:00:00.000Z', average: 19.33 },
    ]);
  });

  it('recomputes peak, lowest and average from the summed points', () => {
    const combined = combineHistoryResponses([bf, fh2, bfv]);
    expect(combined.insights.peakPlayers).toBe(25);
    expect(combined.insights.lowestPlayers).toBe(7);
    expect(combined.insights.overallAverage).toBe(15.67);
    expect(combined.period).toBe('1d');
    expect(combined.rollingWindowDays).toBe(7);
  });

  it('is empty when every game is', () => {
    const combined = combineHistoryResponses([response([]), response([]), response([])]);
    expect(combined.dataPoints).toEqual([]);
    expect(combined.insights).toMatchObject({ peakPlayers: 0, lowestPlayers: 0, overallAverage: 0 });
  });
});

describe('buildHistoryChartModel', () => {
  it('orders points by time in unix seconds and classifies each against the average', () => {
    const model = buildHistoryChartModel(
      response(
        [
          ['2025-06-14T12:00:00Z', 30],
          ['2025-06-14T10:00:00Z', 10],
          ['2025-06-14T11:00:00Z', 20],
        ],
        [['2025-06-14T10:00:00Z', 18]],
        { overallAverage: 20, peakPlayers: 30, lowestPlayers: 10 },
      ),
    );
    expect(model.times).toEqual([
      unix('2025-06-14T10:00:00Z'),
      unix('2025-06-14T11:00:00Z'),
      unix('2025-06-14T12:00:00Z'),
    ]);
    expect(model.players).toEqual([10, 20, 30]);
    expect(model.activity).toEqual(['quiet', 'normal', 'busy']);
    expect(model.yMax).toBe(35);
    expect(model.rolling).toEqual({ times: [unix('2025-06-14T10:00:00Z')], averages: [18] });
    // 14 June 2025 is a Saturday.
    expect(model.weekendBands).toEqual([[unix('2025-06-14T10:00:00Z'), unix('2025-06-14T12:00:00Z')]]);
  });

  it('takes the headroom from the higher of the reported peak and the points', () => {
    const model = buildHistoryChartModel(response([['2025-06-14T10:00:00Z', 90]], [], { peakPlayers: 80 }));
    expect(model.yMax).toBe(99);
  });

  it('drops points whose timestamp cannot be read', () => {
    const model = buildHistoryChartModel(
      response([
        ['not a time', 4],
        ['2025-06-14T10:00:00Z', 5],
      ]),
    );
    expect(model.players).toEqual([5]);
  });

  it('is empty for an empty history', () => {
    const model = buildHistoryChartModel(response([]));
    expect(model.times).toEqual([]);
    expect(model.weekendBands).toEqual([]);
    expect(model.yMax).toBe(5);
  });
});

describe("findNearestPointIndex (spec §9: 'Tooltip hover radius 25 px in trend strip')", () => {
  const positions = [0, 100, 200, 300];

  it('is 25 px', () => {
    expect(TREND_TOOLTIP_RADIUS_PX).toBe(25);
  });

  it('snaps to the nearest point within 25 px', () => {
    expect(findNearestPointIndex(positions, 110)).toBe(1);
    expect(findNearestPointIndex(positions, 175)).toBe(2);
    expect(findNearestPointIndex(positions, 125)).toBe(1);
    expect(findNearestPointIndex(positions, 300)).toBe(3);
    expect(findNearestPointIndex(positions, -20)).toBe(0);
  });

  it('finds nothing farther than 25 px', () => {
    expect(findNearestPointIndex(positions, 150)).toBeNull();
    expect(findNearestPointIndex(positions, 126)).toBeNull();
    expect(findNearestPointIndex(positions, 326)).toBeNull();
  });

  it('prefers the earlier point on a tie and handles one point or none', () => {
    expect(findNearestPointIndex([0, 40], 20)).toBe(0);
    expect(findNearestPointIndex([50], 60)).toBe(0);
    expect(findNearestPointIndex([], 0)).toBeNull();
    expect(findNearestPointIndex(positions, Number.NaN)).toBeNull();
  });

  it('takes another radius when given one', () => {
    expect(findNearestPointIndex(positions, 140, 50)).toBe(1);
  });
});

describe('spreadLabelPositions', () => {
  it('leaves labels that are far enough apart alone', () => {
    expect(spreadLabelPositions([10, 50, 90], 12, 0, 100)).toEqual([10, 50, 90]);
  });

  it('pushes close labels apart, in the order given', () => {
    expect(spreadLabelPositions([50, 45, 52], 10, 0, 200)).toEqual([55, 45, 65]);
  });

  it('keeps them inside the plot, shifting the stack up from the bottom', () => {
    expect(spreadLabelPositions([98, 99, 100], 10, 0, 100)).toEqual([80, 90, 100]);
    expect(spreadLabelPositions([-5], 10, 8, 100)).toEqual([8]);
  });
});

describe('formatting', () => {
  it('shows counts whole and averages to one decimal', () => {
    expect(formatPlayerCount(64)).toBe('64');
    expect(formatPlayerCount(31.456)).toBe('31.5');
    expect(formatPlayerCount(1234)).toBe('1,234');
    expect(formatPlayerCount(Number.NaN)).toBe('—');
  });

  it('shows the weekday and time for short periods, the date for long ones', () => {
    const time = unix('2025-06-14T15:00:00Z');
    const short = formatHistoryTime(time, '1d', 'en-GB');
    expect(short).toMatch(/Sat/);
    expect(short).toMatch(/\d{2}:\d{2}/);
    expect(formatHistoryTime(time, 'alltime', 'en-GB')).toMatch(/2025/);
    expect(formatHistoryTime(time, 'alltime', 'en-GB')).not.toMatch(/:/);
    expect(formatHistoryTime(time, '1month', 'en-GB')).toMatch(/2025.*\d{2}:\d{2}/);
    expect(formatHistoryTime(Number.NaN, '1d')).toBe('—');
  });
});
