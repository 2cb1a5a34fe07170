import { describe, expect, it } from 'vitest';
import {
  FORECAST_BAR_MIN_PX,
  TIMELINE_BAR_MAX_PX,
  TIMELINE_BAR_MIN_PX,
  barHeight,
  peakTypicalPlayers,
} from './hour-bars.ts';
import { makeTimeline } from './test-fixtures.ts';

describe("bar heights (spec §9: 'Forecast bar height at least 8 px on the browser'; 'timeline bars 2 to 18 px')", () => {
  it('never draws a forecast bar under 8 px', () => {
    expect(barHeight(0, 40, FORECAST_BAR_MIN_PX, 72)).toBe(8);
    expect(barHeight(1, 400, FORECAST_BAR_MIN_PX, 72)).toBe(8);
    expect(barHeight(40, 40, FORECAST_BAR_MIN_PX, 72)).toBe(72);
  });

  it('keeps timeline bars between 2 and 18 px', () => {
    expect(barHeight(0, 10, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBe(2);
    expect(barHeight(10, 10, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBe(18);
    expect(barHeight(5, 10, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBe(9);
    expect(barHeight(50, 10, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBe(18);
  });

  it('draws the minimum when no hour has players', () => {
    expect(barHeight(0, 0, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBe(2);
  });

  it('gives an hour without history no height at all (drawn as missing), never the 0-player minimum', () => {
    expect(barHeight(null, 10, TIMELINE_BAR_MIN_PX, TIMELINE_BAR_MAX_PX)).toBeNull();
    expect(barHeight(null, 0, FORECAST_BAR_MIN_PX, 72)).toBeNull();
  });

  it('scales to the busiest hour seen, leaving hours without history out', () => {
    const timeline = makeTimeline(0, (hour) => (hour % 2 === 0 ? null : hour));
    expect(peakTypicalPlayers(timeline)).toBe(23);
    expect(peakTypicalPlayers(makeTimeline(0, () => null))).toBe(0);
  });
});
