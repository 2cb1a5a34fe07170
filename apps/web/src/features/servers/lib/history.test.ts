import type { PlayersOnlineHistoryResponse } from '@frontline/contract';
import { HISTORY_PERIODS } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_PERIOD_DAYS,
  LONGER_PERIODS,
  PRIMARY_PERIODS,
  buildHistoryChartModel,
  combineHistoryResponses,
  findNearestPointIndex,
  formatHistoryTime,
  historyPointWords,
  isHistoryPeriod,
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

/** How the chart marks a point of `players` in a history whose average is `average`. */
function activityOf(players: number, average: number) {
  return buildHistoryChartModel(response([['2025-06-14T10:00:00Z', players]], [], { overallAverage: average }))
    .activity[0];
}

/** The weekend bands the chart shades over a history from `from` to `to`. */
function weekendsBetween(from: string, to: string) {
  return buildHistoryChartModel(
    response([
      [from, 1],
      [to, 1],
    ]),
  ).weekendBands;
}

describe("busy and quiet points (spec §9: 'History point busy if at least 120 percent of average, quiet if at most 80 percent')", () => {
  it('is busy at exactly 120 % of the average and above', () => {
    expect(activityOf(12, 10)).toBe('busy');
    expect(activityOf(30, 10)).toBe('busy');
    // 1.2 × 3 is 3.5999… in floating point: the comparison must not miss the boundary.
    expect(activityOf(3.6, 3)).toBe('busy');
  });

  it('is quiet at exactly 80 % of the average and below', () => {
    expect(activityOf(8, 10)).toBe('quiet');
    expect(activityOf(0, 10)).toBe('quiet');
  });

  it('is normal strictly between', () => {
    expect(activityOf(11.9, 10)).toBe('normal');
    expect(activityOf(8.1, 10)).toBe('normal');
    expect(activityOf(10, 10)).toBe('normal');
  });

  it('marks nothing when the average is 0 (an empty history)', () => {
    expect(activityOf(0, 0)).toBe('normal');
  });
});

describe('weekend bands (Saturday and Sunday, UTC)', () => {
  it('spans Saturday 00:00 to Monday 00:00 UTC', () => {
    // Wed 2025-06-11 to Wed 2025-06-18.
    expect(weekendsBetween('2025-06-11T00:00:00Z', '2025-06-18T00:00:00Z')).toEqual([
      [unix('2025-06-14T00:00:00Z'), unix('2025-06-16T00:00:00Z')],
    ]);
  });

  it('clips a weekend already under way at the start, and one cut off at the end', () => {
    expect(weekendsBetween('2025-06-15T12:00:00Z', '2025-06-21T06:00:00Z')).toEqual([
      [unix('2025-06-15T12:00:00Z'), unix('2025-06-16T00:00:00Z')],
      [unix('2025-06-21T00:00:00Z'), unix('2025-06-21T06:00:00Z')],
    ]);
  });

  it('gives none for a range inside a working week, or a single instant', () => {
    expect(weekendsBetween('2025-06-16T00:00:00Z', '2025-06-20T23:00:00Z')).toEqual([]);
    expect(weekendsBetween('2025-06-14T10:00:00Z', '2025-06-14T10:00:00Z')).toEqual([]);
  });

  it('gives one band per weekend over a month', () => {
    const bands = weekendsBetween('2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z');
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

describe('historyPointWords', () => {
  // Each point of the history is the average of the players polled over its bucket: the peak of 3 months is the
  // highest 12-hour average, not the most players at one moment.
  it('names the bucket each point averages, for every period', () => {
    expect(historyPointWords('1d')).toBe('5-minute average');
    expect(historyPointWords('3d')).toBe('30-minute average');
    expect(historyPointWords('7d')).toBe('hourly average');
    expect(historyPointWords('1month')).toBe('4-hour average');
    expect(historyPointWords('3months')).toBe('12-hour average');
    expect(historyPointWords('thisyear')).toBe('daily average');
    expect(historyPointWords('alltime')).toBe('daily average');
  });
});
