import { describe, expect, it } from 'vitest';
import { buildTrendGeometry, trendScaleMax, type PlotBox } from './trend-chart';
import { KD_THRESHOLDS } from '../../../lib/tones';

// Spec §2 "Performance Analytics (K/D and kill-rate trend charts)"; §9 "K/D colour thresholds 3, 2, 1.5, 1".

const box: PlotBox = { width: 220, height: 120, left: 10, right: 10, top: 10, bottom: 10 };

describe('trend chart geometry', () => {
  it('spreads the days from the left edge to the right edge, oldest first', () => {
    const geometry = buildTrendGeometry(
      [
        { timestamp: '2026-01-03T00:00:00Z', value: 2 },
        { timestamp: '2026-01-01T00:00:00Z', value: 1 },
        { timestamp: '2026-01-02T00:00:00Z', value: 0.5 },
      ],
      KD_THRESHOLDS,
      box,
    );
    expect(geometry.points.map((point) => point.x)).toEqual([10, 110, 210]);
    expect(geometry.points.map((point) => point.value)).toEqual([1, 0.5, 2]);
    expect(geometry.path.startsWith('M10 ')).toBe(true);
    expect(geometry.average).toBeCloseTo(3.5 / 3);
  });

  it('puts a single day in the middle, with no line', () => {
    const geometry = buildTrendGeometry([{ timestamp: '2026-01-01T00:00:00Z', value: 1 }], KD_THRESHOLDS, box);
    expect(geometry.points[0]?.x).toBe(110);
    expect(geometry.path).toBe('');
  });

  it('draws 0 at the bottom and the highest value a little under the top', () => {
    const geometry = buildTrendGeometry(
      [
        { timestamp: '2026-01-01T00:00:00Z', value: 0 },
        { timestamp: '2026-01-02T00:00:00Z', value: 4 },
      ],
      KD_THRESHOLDS,
      box,
    );
    expect(geometry.points[0]?.y).toBe(110);
    expect(geometry.points[1]?.y).toBeGreaterThan(10);
    expect(geometry.points[1]?.y).toBeLessThan(25);
  });

  it('draws the thresholds that fit under the scale as guides', () => {
    const geometry = buildTrendGeometry(
      [
        { timestamp: '2026-01-01T00:00:00Z', value: 1.2 },
        { timestamp: '2026-01-02T00:00:00Z', value: 1.6 },
      ],
      KD_THRESHOLDS,
      box,
    );
    expect(geometry.guides.map((guide) => guide.value)).toEqual([1.5, 1]);
  });

  it('skips points that are not numbers or dates', () => {
    const geometry = buildTrendGeometry(
      [
        { timestamp: 'yesterday', value: 1 },
        { timestamp: '2026-01-02T00:00:00Z', value: Number.NaN },
      ],
      KD_THRESHOLDS,
      box,
    );
    expect(geometry.points).toEqual([]);
    expect(geometry.average).toBe(0);
  });

  it('scales up to at least the lowest threshold, so a weak player is drawn against the first band', () => {
    expect(trendScaleMax([0.2, 0.3], KD_THRESHOLDS)).toBeCloseTo(1.1);
    expect(trendScaleMax([5], KD_THRESHOLDS)).toBeCloseTo(5.5);
  });
});
