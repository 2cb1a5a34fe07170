import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { readChartPalette } from '../../../lib/chart/chart-palette.ts';
import {
  buildPingChartData,
  buildPingChartOptions,
  buildPlayerCountChartData,
  buildPlayerCountChartOptions,
} from './insight-charts.ts';
import { buildPingSeries, buildPlayerCountSeries } from './insights.ts';

const size = { width: 600, height: 220 };
// No stylesheet in tests: the light theme's colours.
const palette = readChartPalette();
const players = buildPlayerCountSeries(
  [
    { timestamp: '2026-01-01T00:00:00Z', playerCount: 20 },
    { timestamp: '2026-01-01T00:15:00Z', playerCount: 30 },
  ],
  [{ timestamp: '2026-01-01T00:00:00Z', playerCount: 12 }],
);
const ping = buildPingSeries([{ timePeriod: '2026-01-01T00:00:00Z', medianPing: 80, p95Ping: 200 }], 'median');

function tickFilter(options: uPlot.Options, axis: number) {
  const filter = options.axes?.[axis]?.filter;
  if (typeof filter !== 'function') throw new Error('no tick filter');
  return (splits: number[]) => filter({} as uPlot, splits, axis, 0, 0);
}

describe("insight charts (spec §9: 'Chart ticks max 8; y headroom 10% or 5 players; ping headroom 10% or 10 ms')", () => {
  it('draws this period over the one before, from 0 to the peak plus headroom', () => {
    const options = buildPlayerCountChartOptions(players, palette, size);
    expect(options.series.map((series) => series.label)).toEqual([undefined, 'This period', 'Previous period']);
    expect(options.series[2]?.dash).toEqual([5, 4]);
    expect(options.scales?.y?.range).toEqual([0, 35]);
    expect(buildPlayerCountChartData(players)).toEqual([players.times, [20, 30], [12, null]]);
  });

  it('draws the ping from 0 to the highest plus 10 ms', () => {
    const options = buildPingChartOptions(ping, palette, size);
    expect(options.scales?.y?.range).toEqual([0, 90]);
    expect(buildPingChartData(ping)).toEqual([ping.times, [80]]);
  });

  it('keeps at most 8 ticks on either axis', () => {
    const options = buildPlayerCountChartOptions(players, palette, size);
    const splits = Array.from({ length: 20 }, (_, index) => index);
    for (const axis of [0, 1]) {
      expect(tickFilter(options, axis)(splits).filter((value) => value !== null).length).toBeLessThanOrEqual(8);
    }
  });
});
