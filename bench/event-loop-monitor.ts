import { monitorEventLoopDelay, performance, type ELDHistogram } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded into the server process under test (`node --import bench/event-loop-monitor.ts
 * apps/server/src/main.ts`, by event-loop.bench.ts): measures the delay of the main thread's event loop, the one
 * that answers HTTP requests, between a `start` and a `stop` message of the bench over the IPC channel, and answers
 * `stop` with the figures. The server itself is unchanged. Worker threads inherit the preload (they get the
 * parent's execArgv) but have no IPC channel of their own: there it does nothing.
 *
 * Two views of the same delays:
 * - per tick: `monitorEventLoopDelay` (a timer every millisecond; each sample is how late one firing was). A stall
 *   of 50 ms is one sample among the ~1,000 of its second, so a 50 ms stall every second is 0.1 % of the samples
 *   and does not move their p99 at all;
 * - over time: how long a request arriving at a random moment waits before the loop is free to read it. A stall
 *   of S ms makes every arrival during it wait what is left of it (S down to 0), so the same 50 ms stall every
 *   second means a wait over 40 ms for 1 % of the time: its p99 is about 40 ms. This is the view a visitor has,
 *   and the one the budget's figure reports. It is measured by a timer of the same millisecond: every gap between
 *   two of its firings longer than the millisecond asked was a span in which the loop was busy.
 */

export type LoopMonitorRequest = { type: 'loop-delay-start' } | { type: 'loop-delay-stop' };

export interface LoopDelayFigures {
  type: 'loop-delay';
  /** How long an arrival at a random moment waits for the loop: p50, p99 over the measured time. */
  waitP50Ms: number;
  waitP99Ms: number;
  /** monitorEventLoopDelay's histogram: how late each 1 ms tick fired. */
  tickP50Ms: number;
  tickP99Ms: number;
  maxMs: number;
  ticks: number;
  measuredMs: number;
}

export type LoopMonitorReply = { type: 'loop-delay-started' } | LoopDelayFigures;

const RESOLUTION_MS = 1;

/**
 * The wait X that arrivals exceed for `1 − share` of the time: busy spans b (in a total time T) make an arrival
 * wait what is left of its span, so the time with a wait over X is Σ max(0, b − X), found by bisection.
 */
function waitQuantile(busySpans: readonly number[], totalMs: number, share: number): number {
  const allowedMs = (1 - share) * totalMs;
  const longerThan = (x: number) => busySpans.reduce((sum, span) => sum + Math.max(0, span - x), 0);
  let low = 0;
  let high = busySpans.reduce((longest, span) => Math.max(longest, span), 0);
  if (longerThan(0) <= allowedMs) return 0;
  for (let step = 0; step < 50; step += 1) {
    const middle = (low + high) / 2;
    if (longerThan(middle) > allowedMs) low = middle;
    else high = middle;
  }
  return high;
}

if (isMainThread && process.send) {
  let histogram: ELDHistogram | undefined;
  let timer: NodeJS.Timeout | undefined;
  const busySpans: number[] = [];
  let startedAt = 0;
  let lastTick = 0;
  const tick = () => {
    const now = performance.now();
    busySpans.push(Math.max(0, now - lastTick - RESOLUTION_MS));
    lastTick = now;
    timer = setTimeout(tick, RESOLUTION_MS);
  };

  process.on('message', (message: LoopMonitorRequest) => {
    if (message.type === 'loop-delay-start') {
      histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
      busySpans.length = 0;
      startedAt = lastTick = performance.now();
      timer = setTimeout(tick, RESOLUTION_MS);
      process.send?.({ type: 'loop-delay-started' } satisfies LoopMonitorReply);
    } else if (message.type === 'loop-delay-stop' && histogram) {
      histogram.disable();
      clearTimeout(timer);
      const measuredMs = performance.now() - startedAt;
      const toMs = (nanoseconds: number) => nanoseconds / 1e6;
      process.send?.({
        type: 'loop-delay',
        waitP50Ms: waitQuantile(busySpans, measuredMs, 0.5),
        waitP99Ms: waitQuantile(busySpans, measuredMs, 0.99),
        tickP50Ms: toMs(histogram.percentile(50)),
        tickP99Ms: toMs(histogram.percentile(99)),
        maxMs: toMs(histogram.max),
        ticks: histogram.count,
        measuredMs,
      } satisfies LoopMonitorReply);
    }
  });
  // The channel must not keep the server alive once it has closed everything else.
  process.channel?.unref();
}
