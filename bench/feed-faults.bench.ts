import { feedFaultSoakFigures, runFeedFaultSoak, type FeedFaultSoakOptions } from '../scripts/lib/feed-fault-soak.ts';
import type { Figure } from './figures.ts';

/**
 * Issue 20's feed-fault figures: 3 minutes of the feed-fault soak (scripts/lib/feed-fault-soak.ts; `node
 * scripts/feed-fault-soak.ts` runs the issue's 10 minutes): the server collecting the emulator's world at 2-s polls
 * through a proxy alternating 10 s of normal answers with 15 s of one fault (each of the seven kinds once in 3
 * minutes), while two readers ask the API's pages. What went wrong, if anything, is printed before the figures.
 */

const OPTIONS: FeedFaultSoakOptions = {
  durationMs: 3 * 60_000,
  pollIntervalSeconds: 2,
  speed: 15,
  seed: 1,
  normalMs: 10_000,
  faultMs: 15_000,
  readers: 2,
  readerPauseMs: 50,
  log: (line) => console.log(line),
};

export async function benchFeedFaults(): Promise<Figure[]> {
  console.log('  feed-fault soak: 3 minutes');
  const result = await runFeedFaultSoak(OPTIONS);
  for (const problem of result.problems) console.log(`  feed faults: ${problem}`);
  for (const line of result.serverErrors) console.log(`  feed faults: server error: ${line}`);
  return feedFaultSoakFigures(result, OPTIONS);
}
