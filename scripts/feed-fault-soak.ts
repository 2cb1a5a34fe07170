import { parseArgs } from 'node:util';
import { formatFigure } from '../bench/figures.ts';
import { feedFaultSoakFigures, runFeedFaultSoak, type FeedFaultSoakOptions } from './lib/feed-fault-soak.ts';

/**
 * `node scripts/feed-fault-soak.ts [--minutes 10] [--interval 2] [--speed 15] [--seed 1] [--normal-seconds 10]
 * [--fault-seconds 15]`: the feed-fault soak of issue 20 (scripts/lib/feed-fault-soak.ts says what it does and
 * checks). Prints what went wrong if anything and the figures as `name: value unit`; exits 1 when a round was closed
 * wrongly, a session holds a glitch's value, the cadence slipped past 1.5 intervals at the 99th percentile, or the API answered a 5xx.
 * `npm run bench -- --only=feed-faults` runs 3 minutes of it.
 */

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    interval: { type: 'string', default: '2' },
    speed: { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
    'normal-seconds': { type: 'string', default: '10' },
    'fault-seconds': { type: 'string', default: '15' },
  },
});
const positive = (name: string, text: string) => {
  const value = Number(text);
  if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
  return value;
};
const options: FeedFaultSoakOptions = {
  durationMs: positive('minutes', values.minutes) * 60_000,
  pollIntervalSeconds: Math.round(positive('interval', values.interval)),
  speed: positive('speed', values.speed),
  seed: Math.round(Number(values.seed)),
  normalMs: positive('normal-seconds', values['normal-seconds']) * 1000,
  faultMs: positive('fault-seconds', values['fault-seconds']) * 1000,
  readers: 2,
  readerPauseMs: 50,
  log: (line) => console.log(line),
};
console.log(`Feed-fault soak: ${values.minutes} min at ${options.pollIntervalSeconds}-s polls`);
const result = await runFeedFaultSoak(options);
for (const problem of result.problems) console.log(`  problem: ${problem}`);
for (const line of result.serverErrors) console.log(`  server error: ${line}`);
console.log('');
for (const figure of feedFaultSoakFigures(result, options)) console.log(formatFigure(figure));
const failed =
  result.roundsClosedWrongly > 0 ||
  result.sessionsBeyondLimits > 0 ||
  result.api5xx + result.apiUnanswered > 0 ||
  result.cadenceP99Ms > 1.5 * options.pollIntervalSeconds * 1000;
process.exit(failed ? 1 : 0);
