import { describe, expect, it } from 'vitest';
import {
  describeForecastBasis,
  describeForecastConfidence,
  describeTypicalHour,
  hasMissingHours,
} from './forecast-basis.ts';
import { makeBusyResult, makeTimeline } from './test-fixtures.ts';

const indicator = (overrides: Parameters<typeof makeBusyResult>[1]) => makeBusyResult('g', overrides).busyIndicator;

describe('how sure a forecast is, in words (issue: "say how sure it is", without alarming wording)', () => {
  it('names the history each basis rests on', () => {
    expect(describeForecastBasis(indicator({ basis: 'weekday_hour', dataPoints: 8 }))).toBe(
      'Based on this weekday and hour in 8 past weeks.',
    );
    expect(describeForecastBasis(indicator({ basis: 'hour', dataPoints: 1 }))).toBe(
      'Based on this hour on 1 past day (any weekday).',
    );
    expect(describeForecastBasis(indicator({ basis: 'overall', dataPoints: 40, historyDays: 2 }))).toBe(
      'Rough estimate: based on 2 days of data so far.',
    );
    expect(describeForecastBasis(indicator({ basis: 'none', dataPoints: 0, historyDays: 0 }))).toBe(
      'No history for this server yet: its forecast starts after its first full hour online.',
    );
  });

  it('counts a rough estimate in the hours seen in the first day, whole days from then on', () => {
    const span = (dataPoints: number, historyDays: number) =>
      describeForecastConfidence(indicator({ basis: 'overall', dataPoints, historyDays }));
    expect(span(1, 0)).toBe('Rough estimate · 1 hour of data');
    expect(span(23, 0)).toBe('Rough estimate · 23 hours of data');
    expect(span(25, 1)).toBe('Rough estimate · 1 day of data');
    // A server seen a few hours a day for 9 days: 9 days of data, not 20 hours.
    expect(span(20, 9)).toBe('Rough estimate · 9 days of data');
  });

  it('adds a short note beside a strip only when the forecast rests on less than weeks', () => {
    expect(describeForecastConfidence(indicator({ basis: 'weekday_hour' }))).toBeNull();
    expect(describeForecastConfidence(indicator({ basis: 'hour', dataPoints: 10, historyDays: 10 }))).toBe(
      '10 days of data',
    );
    expect(describeForecastConfidence(indicator({ basis: 'overall', dataPoints: 5, historyDays: 0 }))).toBe(
      'Rough estimate · 5 hours of data',
    );
    expect(describeForecastConfidence(indicator({ basis: 'none', dataPoints: 0, historyDays: 0 }))).toBe('No data yet');
  });

  it('describes a bar: its typical players and how many past days or weeks, or that it has no data yet', () => {
    const [missing, seen] = makeTimeline(1, (hour) => (hour === 0 ? null : 1));
    expect(missing && describeTypicalHour(missing)).toBe('no data yet');
    expect(seen && describeTypicalHour(seen)).toBe('typically 1 player (4 past weeks)');
    expect(
      describeTypicalHour({
        hour: 3,
        typicalPlayers: 12.6,
        busyLevel: 'moderate',
        isCurrentHour: false,
        basis: 'hour',
        dataPoints: 2,
      }),
    ).toBe('typically 13 players (2 past days)');
    expect(hasMissingHours(makeTimeline(0))).toBe(false);
    expect(hasMissingHours(makeTimeline(0, (hour) => (hour === 5 ? null : 1)))).toBe(true);
  });
});
