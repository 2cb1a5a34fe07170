import { setTimeout as delay } from 'node:timers/promises';
import type { ClosedLoopJob, LoadReply, LoadRequest, LoadResult, PacedJob, SentRequest } from './load-generator.ts';

/**
 * The load generator's process (started by load-generator.ts): runs one job at a time as the bench process asks
 * over IPC and answers with the latencies. It exits when the bench process disconnects.
 */

/** Sends one request and reads its whole answer: its status (0 when none came) and how long that took. */
async function send(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const isOk = (status: number) => status >= 200 && status < 300;

async function timeRequest(url: string, result: LoadResult, headers: Record<string, string> = {}): Promise<void> {
  const { status, ms } = await send(url, headers);
  if (!isOk(status)) result.failures += 1;
  result.latencies.push(ms);
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

/** The nth visitor's address (n from 1): 10.0.0.1 onwards, 16 million before it repeats. */
function visitorAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function runPaced({ baseUrl, paths, perSecond, addressPerRequest }: PacedJob): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], failures: 0 };
  const requests: SentRequest[] = [];
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < paths.length; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    const headers: Record<string, string> = addressPerRequest ? { 'x-forwarded-for': visitorAddress(index + 1) } : {};
    const sentAt = performance.timeOrigin + performance.now();
    const lateMs = Math.max(0, performance.now() - due);
    pending.push(
      send(baseUrl + paths[index]!, headers).then(({ status, ms }) => {
        if (!isOk(status)) result.failures += 1;
        result.latencies.push(ms);
        requests[index] = { status, ms, sentAt, lateMs };
      }),
    );
  }
  await Promise.all(pending);
  return { ...result, requests };
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
