import { setTimeout as delay } from 'node:timers/promises';
import type { ClosedLoopJob, LoadReply, LoadRequest, LoadResult, PacedJob } from './load-generator.ts';

/**
 * The load generator's process (started by load-generator.ts): runs one job at a time as the bench process asks
 * over IPC and answers with the latencies. It exits when the bench process disconnects.
 */

async function timeRequest(url: string, result: LoadResult, headers: Record<string, string> = {}): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
    await response.arrayBuffer();
    if (!response.ok) result.failures += 1;
  } catch {
    result.failures += 1;
  }
  result.latencies.push(performance.now() - started);
}

async function runClosedLoop({ baseUrl, paths, connections, headers }: ClosedLoopJob): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], failures: 0 };
  let next = 0;
  const client = async () => {
    while (next < paths.length) {
      const path = paths[next]!;
      next += 1;
      await timeRequest(baseUrl + path, result, headers);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return result;
}

async function runPaced({ baseUrl, paths, perSecond }: PacedJob): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], failures: 0 };
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let index = 0; index < paths.length; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    requests.push(timeRequest(baseUrl + paths[index]!, result));
  }
  await Promise.all(requests);
  return result;
}

process.on('message', (message: LoadRequest) => {
  const { id, job } = message;
  const running = job.kind === 'closed' ? runClosedLoop(job) : runPaced(job);
  running.then(
    (result) => process.send?.({ id, result } satisfies LoadReply),
    (error: unknown) =>
      process.send?.({ id, error: error instanceof Error ? error.message : String(error) } satisfies LoadReply),
  );
});
process.on('disconnect', () => process.exit(0));
