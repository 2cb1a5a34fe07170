import { describe, expect, it } from 'vitest';
import {
  buildPingSeries,
  buildPlayerCountSeries,
  changeDirection,
  DEFAULT_INSIGHT_PERIOD,
  formatBucketTime,
  formatChangePercent,
  formatShare,
  INSIGHT_PERIOD_LABELS,
  INSIGHT_PERIODS,
  insightPeriodTitle,
  mapsPeriodRule,
  previousPeriodAverage,
} from './insights.ts';

describe("insight periods (spec §9: 'Periods: 1d (24h), 3d, 7d, 1month, 3months, thisyear, alltime; day counts 1, 3, 7, 30, 90, 365, 3650 … insights default 1 day')", () => {
  it('offers the seven day counts, 1 day first and chosen', () => {
    expect(INSIGHT_PERIODS).toEqual([1, 3, 7, 30, 90, 365, 3650]);
    expect(DEFAULT_INSIGHT_PERIOD).toBe(1);
  });

  it('titles an answer by its period, one the buttons offer or not', () => {
    expect(insightPeriodTitle(1)).toBe('Last 24 hours');
    expect(insightPeriodTitle(3650)).toBe('All time');
    expect(insightPeriodTitle(14)).toBe('Last 14 days');
  });

  it('labels them briefly', () => {
    expect(INSIGHT_PERIODS.map((days) => INSIGHT_PERIOD_LABELS[days])).toEqual([
      '24h',
      '3d',
      '7d',
      '30d',
      '90d',
      '1y',
      'All',
    ]);
  });
});

describe("summary (spec §3: 'Previous-period average = average / (1 + change%/100)')", () => {
  it('recovers the previous average from the change', () => {
    expect(previousPeriodAverage(12, 20)).toBeCloseTo(10);
    expect(previousPeriodAverage(5, -50)).toBeCloseTo(10);
    expect(previousPeriodAverage(7, 0)).toBe(7);
  });

  it('has none without a previous period, or when the change is −100 %', () => {
    expect(previousPeriodAverage(12, null)).toBeNull();
    expect(previousPeriodAverage(0, -100)).toBeNull();
  });

  it('signs the change and rounds it to one decimal', () => {
    expect(formatChangePercent(12.345)).toBe('+12.3%');
    expect(formatChangePercent(-3)).toBe('−3%');
    expect(formatChangePercent(0.01)).toBe('0%');
    expect(formatChangePercent(null)).toBe('—');
    expect([12, -0.4, 0.02, null].map(changeDirection)).toEqual(['up', 'down', 'flat', 'unknown']);
  });

  it("shows the maps' share to one decimal where there is one", () => {
    expect(formatShare(33.333)).toBe('33.3%');
    expect(formatShare(50)).toBe('50%');
  });
});

describe("axes (spec §9: 'y headroom 10% or 5 players; ping headroom 10% or 10 ms')", () => {
  const playersTop = (highest: number) =>
    buildPlayerCountSeries([{ timestamp: '2026-01-02T00:00:00Z', playerCount: highest }], []).yMax;
  const pingTop = (highest: number) =>
    buildPingSeries([{ timePeriod: '2026-01-02T00:00:00Z', medianPing: highest, p95Ping: highest }], 'median').yMax;

  it('adds 10 % or 5 players above the highest count', () => {
    expect(playersTop(0)).toBe(5);
    expect(playersTop(20)).toBe(25);
    expect(playersTop(64)).toBe(71);
  });

  it('adds 10 % or 10 ms above the highest ping', () => {
    expect(pingTop(0)).toBe(10);
    expect(pingTop(60)).toBe(70);
    expect(pingTop(100)).toBe(110);
    expect(pingTop(250)).toBe(275);
  });
});

describe("player count history with comparison (spec §2: 'player count history with comparison')", () => {
  it('puts both periods on one time axis, with gaps where one has no point', () => {
    const series = buildPlayerCountSeries(
      [
        { timestamp: '2026-01-02T00:15:00Z', playerCount: 12 },
        { timestamp: '2026-01-02T00:00:00Z', playerCount: 10 },
      ],
      [
        { timestamp: '2026-01-02T00:00:00Z', playerCount: 8 },
        { timestamp: '2026-01-02T00:30:00', playerCount: 30 },
      ],
    );
    const t0 = Date.parse('2026-01-02T00:00:00Z') / 1000;
    expect(series.times).toEqual([t0, t0 + 900, t0 + 1800]);
    expect(series.current).toEqual([10, 12, null]);
    expect(series.previous).toEqual([8, null, 30]);
    // The axis covers the higher of the two series: 30 + 5.
    expect(series.yMax).toBe(35);
  });

  it('is empty for empty answers', () => {
    expect(buildPlayerCountSeries([], [])).toEqual({ times: [], current: [], previous: [], yMax: 5 });
  });
});

describe("ping by hour (spec §2: 'ping by hour with Median/P95 toggle when ping data exist')", () => {
  const data = [
    { timePeriod: '2026-01-02T01:00:00Z', medianPing: 60, p95Ping: 140 },
    { timePeriod: '2026-01-02T00:00:00Z', medianPing: 50, p95Ping: 90 },
  ];

  it('draws the median or the 95th percentile, in time order', () => {
    const t0 = Date.parse('2026-01-02T00:00:00Z') / 1000;
    expect(buildPingSeries(data, 'median')).toEqual({ times: [t0, t0 + 3600], values: [50, 60], yMax: 70 });
    expect(buildPingSeries(data, 'p95')).toEqual({ times: [t0, t0 + 3600], values: [90, 140], yMax: 154 });
  });
});

describe('hover readout', () => {
  const t = Date.parse('2026-01-06T14:15:00Z') / 1000;
  it('gives the time of day for buckets under a day and the date for longer ones', () => {
    expect(formatBucketTime(t, 15, { locale: 'en-GB', timeZone: 'UTC' })).toBe('Tue 6 Jan, 14:15');
    expect(formatBucketTime(t, 1440, { locale: 'en-GB', timeZone: 'UTC' })).toBe('6 Jan 2026');
  });
});

describe('the maps table period (whole UTC days, as the leaderboards)', () => {
  it('is today and the days before it', () => {
    expect(mapsPeriodRule(1)).toBe('Rounds that ended today, UTC');
    expect(mapsPeriodRule(7)).toBe('Rounds that ended today and the 6 days before, UTC');
    // All time (3650 days) is every round, not "today and the 3649 days before".
    expect(mapsPeriodRule(3650)).toBe('Every round that has ended');
  });
});
