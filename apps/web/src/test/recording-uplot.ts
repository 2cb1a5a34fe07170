import type uPlot from 'uplot';

/**
 * Stands in for uPlot in jsdom tests (uPlot draws on a canvas and reads matchMedia when it loads; jsdom has
 * neither): it records what it is handed (options, data, target, size) so a test can check it; the drawing itself
 * is checked in the browser tests. Use with
 * `vi.mock('uplot', async () => ({ default: (await import('…/test/recording-uplot.ts')).RecordingUPlot }))`.
 */
export class RecordingUPlot {
  /** Every chart made since the test reset the list. */
  static created: RecordingUPlot[] = [];
  static pxRatio = 1;
  opts: uPlot.Options;
  data: uPlot.AlignedData;
  target: HTMLElement;
  width: number;
  height: number;
  destroyed = false;

  constructor(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    this.opts = opts;
    this.data = data;
    this.target = target;
    this.width = opts.width;
    this.height = opts.height;
    RecordingUPlot.created.push(this);
  }

  destroy() {
    this.destroyed = true;
  }

  setSize(size: { width: number; height: number }) {
    this.width = size.width;
    this.height = size.height;
  }
}
