import { parseArgs } from 'node:util';
import { formatFigure } from '../bench/figures.ts';
import { crashSoakFigures, runCrashSoak, type CrashSoakOptions } from './lib/crash-soak.ts';

/**
 * `node scripts/crash-soak.ts [--kills 25] [--worker-deaths 5] [--interval 2] [--speed 15] [--seed 1]`: the crash
 * soak of issue 20 (scripts/lib/crash-soak.ts says what it does and checks). Prints each interruption, what went
 * wrong if anything, and the figures as `name: value unit`; exits 1 when a check failed. About 5 minutes with the
 * defaults. `npm run bench -- --only=crash` runs it too.
 */

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '25' },
    'worker-deaths': { type: 'string', default: '5' },
    interval: { type: 'string', default: '2' },
    speed: { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
  },
});
const whole = (name: string, text: string, min: number) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
};
const options: CrashSoakOptions = {
  kills: whole('kills', values.kills, 0),
  workerDeaths: whole('worker-deaths', values['worker-deaths'], 0),
  pollIntervalSeconds: whole('interval', values.interval, 1),
  speed: whole('speed', values.speed, 1),
  seed: whole('seed', values.seed, 0),
  runMs: [1_000, 5_000],
  log: (line) => console.log(line),
};
console.log(
  `Crash soak: ${options.kills} kills and ${options.workerDeaths} worker deaths, ${options.pollIntervalSeconds}-s polls`,
);
const result = await runCrashSoak(options);
for (const problem of result.problems) console.log(`  problem: ${problem}`);
for (const line of result.serverErrors) console.log(`  server error: ${line}`);
console.log('');
for (const figure of crashSoakFigures(result, options)) console.log(formatFigure(figure));
const failed = result.integrityFailures + result.roundsNotContinued + result.splitRounds + result.duplicateSessions > 0;
process.exit(failed ? 1 : 0);
