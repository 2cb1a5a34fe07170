import { crashSoakFigures, runCrashSoak, type CrashSoakOptions } from '../scripts/lib/crash-soak.ts';
import type { Figure } from './figures.ts';

/**
 * Issue 20's crash figures: the crash soak (scripts/lib/crash-soak.ts, also `node scripts/crash-soak.ts`) with 25
 * SIGKILLs of the server and 5 deaths of its collector's worker at random moments, collecting the emulator's world at
 * 15 times real time at 2-s polls (about 5 minutes). What went wrong, if anything, is printed before the figures.
 */

const OPTIONS: CrashSoakOptions = {
  kills: 25,
  workerDeaths: 5,
  pollIntervalSeconds: 2,
  speed: 15,
  seed: 1,
  runMs: [1_000, 5_000],
  log: (line) => console.log(line),
};

export async function benchCrash(): Promise<Figure[]> {
  console.log(`  crash soak: ${OPTIONS.kills} kills, ${OPTIONS.workerDeaths} worker deaths`);
  const result = await runCrashSoak(OPTIONS);
  for (const problem of result.problems) console.log(`  crash: ${problem}`);
  for (const line of result.serverErrors) console.log(`  crash: server error: ${line}`);
  return crashSoakFigures(result, OPTIONS);
}
