import { parseArgs } from 'node:util';
import { startEmulatorServer } from '../../apps/server/src/emulator/emulator-server.ts';
import { createWorld } from '../../apps/server/src/emulator/world.ts';
import { WORLD_STEP_MS } from '../../apps/server/src/emulator/world-types.ts';
import { startFaultProxy, type FaultCounts, type FaultKind } from './fault-proxy.ts';

/**
 * The feed of the crash and feed-fault soaks (crash-soak.ts, feed-fault-soak.ts), as a process of its own: the
 * emulator's world served through its BFList server, on a clock `--speed` times faster than the real one (at 15
 * a 30-second world step passes every 2 s, so a 2-second poll sees every step, as the collector's 30 s do in
 * production, and rounds end every few minutes instead of every half hour), with the world's ground truth kept.
 * With `--faults`, the collector reaches it through a proxy that injects faults (fault-proxy.ts).
 *
 * Asked over IPC:
 * - `{ type: 'truth', since }`: the true rounds that ended since the `since`-th (ground-truth.ts closes a server's
 *   round when the next one starts on it, or when it goes offline), with the clock that maps real time to world
 *   time. A true round's end is the last step that showed it, so the step after it is a boundary on that server:
 *   the collector may close a round there, and nowhere else;
 * - `{ type: 'faults' }`: the faults injected so far, and when each phase of the proxy began.
 * Prints `soak feed at <url>` once it listens (startFeedProcess in server-process.ts waits for `feed at`).
 */

export interface SoakFeedClock {
  /** Real time (unix ms) at which the world's clock read `worldStart`. */
  realStart: number;
  worldStart: number;
  speed: number;
  stepMs: number;
}

/** One true round of the world, without its sessions: where and when it was played. */
export interface SoakTrueRound {
  game: string;
  ip: string;
  port: number;
  map: string;
  /** First and last world step that showed it (world time, unix ms). */
  start: number;
  end: number;
}

export type SoakFeedRequest = { type: 'truth'; since: number } | { type: 'faults' };
export type SoakFeedReply =
  | { type: 'truth'; clock: SoakFeedClock; rounds: SoakTrueRound[]; total: number }
  | { type: 'faults'; counts: FaultCounts; phases: { at: number; fault: FaultKind | undefined }[] };

/** Enough history for rounds to be under way and players spread over servers at the first poll (as main.ts). */
const WARM_UP_MS = 3 * 60 * 60 * 1000;

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    speed: { type: 'string', default: '15' },
    faults: { type: 'boolean', default: false },
    'fault-seed': { type: 'string', default: '1' },
    'normal-ms': { type: 'string', default: '10000' },
    'fault-ms': { type: 'string', default: '15000' },
  },
});
const seed = Number(values.seed);
const speed = Number(values.speed);
if (!Number.isInteger(seed) || !(speed >= 1 && speed <= 120)) throw new Error('--seed: integer; --speed: 1 to 120');

const realStart = Date.now();
const world = createWorld({ seed, startMs: realStart - WARM_UP_MS });
world.advanceTo(realStart);
const worldStart = world.now();
// Recording starts with the next step: only what the collector can see is kept.
const truth = world.recordTruth();
const clock: SoakFeedClock = { realStart, worldStart, speed, stepMs: WORLD_STEP_MS };
const emulator = await startEmulatorServer({
  world,
  clock: () => worldStart + (Date.now() - realStart) * speed,
});

const proxy = values.faults
  ? await startFaultProxy({
      upstream: emulator.url,
      seed: Number(values['fault-seed']),
      normalMs: Number(values['normal-ms']),
      faultMs: Number(values['fault-ms']),
    })
  : undefined;
const url = proxy?.url ?? emulator.url;
console.log(`soak feed at ${url} (world seed ${seed}, ${speed}× real time${proxy ? ', faults injected' : ''})`);

process.on('message', (request: SoakFeedRequest) => {
  const send = (reply: SoakFeedReply) => process.send?.(reply);
  switch (request.type) {
    case 'truth': {
      const rounds = truth.rounds
        .slice(request.since)
        .map(({ game, ip, port, map, start, end }) => ({ game, ip, port, map, start, end }));
      send({ type: 'truth', clock, rounds, total: truth.rounds.length });
      return;
    }
    case 'faults':
      send({ type: 'faults', counts: proxy?.counts() ?? {}, phases: proxy?.phases() ?? [] });
      return;
  }
});

async function stop(): Promise<void> {
  await proxy?.close();
  await emulator.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
