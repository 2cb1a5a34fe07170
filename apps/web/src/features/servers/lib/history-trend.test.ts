import { describe, expect, it } from 'vitest';
import { computeRollingAverageChangePercent, determineTrendDirection, formatChangePercent } from './history-trend.ts';

const rolling = (...averages: number[]) => averages.map((average) => ({ average }));

describe("trend direction (spec §4: 'stable if first-to-last rolling average change is under 5 percent in magnitude; increasing if positive; else decreasing')", () => {
  it('is stable when the change is under 5 % either way', () => {
    expect(determineTrendDirection(rolling(100, 104.9))).toBe('stable');
    expect(determineTrendDirection(rolling(100, 95.1))).toBe('stable');
    expect(determineTrendDirection(rolling(100, 100))).toBe('stable');
  });

  it('is increasing at +5 % and above ("under 5 percent" excludes 5)', () => {
    expect(determineTrendDirection(rolling(100, 105))).toBe('increasing');
    expect(determineTrendDirection(rolling(20, 30))).toBe('increasing');
  });

  it('is decreasing at −5 % and below', () => {
    expect(determineTrendDirection(rolling(100, 95))).toBe('decreasing');
    expect(determineTrendDirection(rolling(40, 10))).toBe('decreasing');
  });

  it('compares only the first and the last points, not the path between', () => {
    expect(determineTrendDirection(rolling(100, 10, 300, 101))).toBe('stable');
    expect(determineTrendDirection(rolling(100, 200, 150, 50, 90))).toBe('decreasing');
  });

  it('is stable with fewer than two points (nothing to compare)', () => {
    expect(determineTrendDirection([])).toBe('stable');
    expect(determineTrendDirection(rolling(42))).toBe('stable');
  });

  it('reads any rise from an average of 0 as increasing, and 0 to 0 as stable', () => {
    expect(determineTrendDirection(rolling(0, 3))).toBe('increasing');
    expect(determineTrendDirection(rolling(0, 0))).toBe('stable');
  });
});

describe('computeRollingAverageChangePercent', () => {
  it('is the first-to-last change in percent of the first', () => {
    expect(computeRollingAverageChangePercent(rolling(20, 25))).toBeCloseTo(25);
    expect(computeRollingAverageChangePercent(rolling(20, 15))).toBeCloseTo(-25);
    expect(computeRollingAverageChangePercent(rolling(8, 1, 10))).toBeCloseTo(25);
  });

  it('is null when there is no percentage to give', () => {
    expect(computeRollingAverageChangePercent([])).toBeNull();
    expect(computeRollingAverageChangePercent(rolling(5))).toBeNull();
    expect(computeRollingAverageChangePercent(rolling(0, 4))).toBeNull();
    expect(computeRollingAverageChangePercent(rolling(Number.NaN, 4))).toBeNull();
  });

  it('is 0 from 0 to 0', () => {
    expect(computeRollingAverageChangePercent(rolling(0, 0))).toBe(0);
  });
});

describe('formatChangePercent', () => {
  it('signs the change and keeps one decimal', () => {
    expect(formatChangePercent(6.24)).toBe('+6.2%');
    expect(formatChangePercent(-12)).toBe('-12.0%');
    expect(formatChangePercent(0)).toBe('0.0%');
    expect(formatChangePercent(-0.04)).toBe('0.0%');
  });

  it('shows a dash when there is no percentage', () => {
    expect(formatChangePercent(null)).toBe('—');
    expect(formatChangePercent(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
