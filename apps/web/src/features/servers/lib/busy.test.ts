import { describe, expect, it } from 'vitest';
import {
  BUSY_BATCH_SIZE,
  BUSY_LEVEL_STYLES,
  BUSY_TOP_SERVERS,
  FORECAST_BAR_MIN_PX,
  TIMELINE_BAR_MAX_PX,
  TIMELINE_BAR_MIN_PX,
  barHeight,
  busyLevelStyle,
  peakTypicalPlayers,
  selectBusyGuids,
  toBatches,
} from './busy.ts';
import { makeServer, makeTimeline } from './test-fixtures.ts';

describe("selectBusyGuids (spec §4: 'refreshes busy indicators for the top 10 servers'; §5: 'Busy lookups skipped for servers without guid')", () => {
  it('takes the 10 servers with the most players, busiest first', () => {
    expect(BUSY_TOP_SERVERS).toBe(10);
    const servers = Array.from({ length: 15 }, (_, index) => makeServer({ guid: `g${index}`, numPlayers: index }));
    expect(selectBusyGuids(servers)).toEqual(['g14', 'g13', 'g12', 'g11', 'g10', 'g9', 'g8', 'g7', 'g6', 'g5']);
  });

  it('skips servers without a guid and still fills the 10', () => {
    const servers = [
      makeServer({ guid: '', numPlayers: 99 }),
      makeServer({ guid: '  ', numPlayers: 98 }),
      ...Array.from({ length: 12 }, (_, index) => makeServer({ guid: `g${index}`, numPlayers: 50 - index })),
    ];
    const guids = selectBusyGuids(servers);
    expect(guids).toHaveLength(10);
    expect(guids[0]).toBe('g0');
    expect(guids).not.toContain('');
  });

  it('gives nothing for an empty list (so no call is made)', () => {
    expect(selectBusyGuids([])).toEqual([]);
  });

  it('keeps the list order among equal player counts and drops repeated guids', () => {
    const servers = [
      makeServer({ guid: 'a', numPlayers: 3 }),
      makeServer({ guid: 'b', numPlayers: 3 }),
      makeServer({ guid: 'a', numPlayers: 3 }),
    ];
    expect(selectBusyGuids(servers)).toEqual(['a', 'b']);
  });
});

describe("toBatches (spec §7/§9: 'batches of 25 guids')", () => {
  it('splits into batches of at most 25', () => {
    expect(BUSY_BATCH_SIZE).toBe(25);
    const guids = Array.from({ length: 60 }, (_, index) => `g${index}`);
    const batches = toBatches(guids);
    expect(batches.map((batch) => batch.length)).toEqual([25, 25, 10]);
    expect(batches.flat()).toEqual(guids);
  });

  it('makes one batch of exactly 25 and none for an empty list', () => {
    expect(toBatches(Array.from({ length: 25 }, (_, index) => index))).toHaveLength(1);
    expect(toBatches([])).toEqual([]);
  });
});

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

describe("busy levels (spec §3: 'very_busy, busy, moderate, quiet, very_quiet, else Unknown')", () => {
  it('labels every level and falls back to Unknown', () => {
    expect(Object.values(BUSY_LEVEL_STYLES).map((style) => style.label)).toEqual([
      'Very busy',
      'Busy',
      'Moderate',
      'Quiet',
      'Very quiet',
      'Unknown',
    ]);
    expect(busyLevelStyle('something_else').label).toBe('Unknown');
  });
});
