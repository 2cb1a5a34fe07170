import { render, screen, waitFor } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordingUPlot } from '../../test/recording-uplot.ts';
import { useUplotChart, type UplotChartSpec } from './use-uplot-chart.ts';

vi.mock('uplot', async () => ({ default: (await import('../../test/recording-uplot.ts')).RecordingUPlot }));

const data: uPlot.AlignedData = [
  [1, 2],
  [3, 4],
];
const height = { desktop: 260, phone: 200 };

function Chart({ onDestroy, buildOptions }: Partial<UplotChartSpec>) {
  const { containerRef, loading } = useUplotChart({
    data,
    height,
    onDestroy,
    buildOptions:
      buildOptions ??
      ((palette, size, pixelRatio) => ({
        ...size,
        series: [{}, { stroke: palette.players }],
        scales: { x: { time: pixelRatio() === 2 } },
      })),
  });
  return <div ref={containerRef} data-testid="box" data-loading={loading} />;
}

/** A phone (under the spec's 768 px) or not, as matchMedia reports it. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: phone && query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  RecordingUPlot.created.length = 0;
  RecordingUPlot.pxRatio = 2;
});
afterEach(() => vi.unstubAllGlobals());

describe('useUplotChart', () => {
  it('fetches uPlot, then draws in its box in the theme’s colours at the desktop height', async () => {
    viewport(false);
    render(<Chart />);
    expect(screen.getByTestId('box')).toHaveAttribute('data-loading', 'true');
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    const [chart] = RecordingUPlot.created;
    expect(chart?.target).toBe(screen.getByTestId('box'));
    expect(chart?.data).toBe(data);
    // The fallback palette (no stylesheet in tests) and uPlot's pixel ratio reach the options.
    expect(chart?.opts).toMatchObject({
      height: 260,
      series: [{}, { stroke: '#8b5407' }],
      scales: { x: { time: true } },
    });
    expect(screen.getByTestId('box')).toHaveAttribute('data-loading', 'false');
  });

  it('is lower on a phone (spec §9 "Mobile breakpoint 768 px")', async () => {
    viewport(true);
    render(<Chart />);
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    expect(RecordingUPlot.created[0]?.opts.height).toBe(200);
  });

  it('keeps the chart narrower than 240 px from being crushed', async () => {
    viewport(false);
    render(<Chart />);
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    // jsdom lays nothing out: the box measures 0 wide.
    expect(RecordingUPlot.created[0]?.opts.width).toBe(240);
  });

  it('takes the chart down, and says so, when the box goes away', async () => {
    viewport(false);
    const onDestroy = vi.fn();
    const { unmount } = render(<Chart onDestroy={onDestroy} />);
    await waitFor(() => expect(RecordingUPlot.created).toHaveLength(1));
    unmount();
    expect(RecordingUPlot.created[0]?.destroyed).toBe(true);
    expect(onDestroy).toHaveBeenCalledTimes(1);
  });
});
