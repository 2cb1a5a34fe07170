import { describe, expect, it } from 'vitest';
import { makeTimeline } from '../../../lib/busy/test-fixtures.ts';
import { formatDateRange, formatRegion, formatRoundDuration, profileForecastBars } from './profile-display.ts';

describe("header forecast (spec §9: 'Forecast bar height … 2 to 20 px on server profile')", () => {
  it('scales the bars to the busiest hour between 2 and 20 px, in UTC hour order', () => {
    const timeline = makeTimeline(5, (hour) => hour * 2).reverse();
    const bars = profileForecastBars(timeline);
    expect(bars.map((bar) => bar.entry.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(bars[0]?.heightPx).toBe(2);
    expect(bars[23]?.heightPx).toBe(20);
    expect(bars.every((bar) => bar.heightPx !== null && bar.heightPx >= 2 && bar.heightPx <= 20)).toBe(true);
    expect(bars.filter((bar) => bar.entry.isCurrentHour).map((bar) => bar.entry.hour)).toEqual([5]);
  });

  it('draws a quiet day as 2 px bars rather than nothing', () => {
    expect(profileForecastBars(makeTimeline(0, () => 0)).every((bar) => bar.heightPx === 2)).toBe(true);
  });

  it('gives an hour without history no height (drawn as missing), and leaves it out of the scale', () => {
    const bars = profileForecastBars(makeTimeline(0, (hour) => (hour < 12 ? null : hour)));
    expect(bars.slice(0, 12).every((bar) => bar.heightPx === null)).toBe(true);
    expect(bars[23]?.heightPx).toBe(20);
    expect(bars[12]?.heightPx).toBe(10); // 12 of 23 players, of 20 px
  });
});

describe("recent rounds (spec §9: 'Durations 'Nh Mm' or '<1m'')", () => {
  it('measures a finished round in whole minutes, half a minute up, as the rounds list does', () => {
    expect(formatRoundDuration('2026-01-01T10:00:00Z', '2026-01-01T10:42:29Z')).toBe('0h 42m');
    expect(formatRoundDuration('2026-01-01T10:00:00Z', '2026-01-01T10:42:30Z')).toBe('0h 43m');
    expect(formatRoundDuration('2026-01-01T10:00:00Z', '2026-01-01T11:05:00Z')).toBe('1h 5m');
    expect(formatRoundDuration('2026-01-01T10:00:00Z', '2026-01-01T10:00:20Z')).toBe('<1m');
  });

  it('has no length while live, or when the times are unreadable or reversed', () => {
    expect(formatRoundDuration('2026-01-01T10:00:00Z', null)).toBe('-');
    expect(formatRoundDuration('2026-01-01T10:00:00Z', 'soon')).toBe('-');
    expect(formatRoundDuration('2026-01-01T10:00:00Z', '2026-01-01T09:00:00Z')).toBe('-');
  });
});

describe("date range (spec §2: 'date range (startPeriod to endPeriod)')", () => {
  it('shows both days, in the zone asked for', () => {
    expect(formatDateRange('2024-03-03T23:30:00Z', '2026-06-09T12:00:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      '3 Mar 2024 – 9 Jun 2026',
    );
    expect(
      formatDateRange('2024-03-03T23:30:00Z', '2026-06-09T12:00:00Z', { locale: 'en-GB', timeZone: 'Asia/Tokyo' }),
    ).toBe('4 Mar 2024 – 9 Jun 2026');
  });
});

describe("region (spec §2: 'server name, region, country name')", () => {
  it('turns the slug into words and keeps what is already written out', () => {
    expect(formatRegion('europe-north-east')).toBe('Europe North East');
    expect(formatRegion('us_west')).toBe('Us West');
    expect(formatRegion('Europe')).toBe('Europe');
    expect(formatRegion('  ')).toBeNull();
    expect(formatRegion(null)).toBeNull();
  });
});
