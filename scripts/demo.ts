/**
 * `npm run demo [-- --days N --seed N --world-time ISO]`: Frontline alive in one command. On first run it fills
 * the database with N days (default 30) of simulated history; then it serves the site with the collector
 * polling the emulator in real time. Later runs skip the history. Honours PORT, HOST (default 127.0.0.1: this machine
 * only), DATABASE_PATH (default ./data/demo.db, so demo data never mixes with real data) and EMULATOR_SEED.
 *
 * `--world-time` fixes the simulated world's own clock at the end of the history (default: now). The history is
 * then the same on whatever day it is generated (browser tests assert its facts): the world runs that far from
 * the real clock, its stored times moved to end now, and it goes on live at the same offset. With an existing
 * database there is no history to generate, and the live world starts at the real time as always.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { startEmulatorServer } from '../apps/server/src/emulator/emulator-server.ts';
import { generateHistory, type HistoryProgress } from '../apps/server/src/emulator/generate-history.ts';
import { seedServerProfiles } from '../apps/server/src/emulator/seed-server-profiles.ts';
import { createWorld } from '../apps/server/src/emulator/world.ts';
import type { EmulatedWorld } from '../apps/server/src/emulator/world-types.ts';
import { loadConfigOrExit, serve } from '../apps/server/src/serve.ts';
import { buildWebAppIfNeeded } from './lib/web-build.ts';

const WARM_UP_MS = 3 * 3_600_000;

interface DemoOptions {
  days: number;
  seed: number;
  /** The world's own time at the end of the history (unix ms); undefined: now. */
  worldTime: number | undefined;
}

function readOptions(): DemoOptions {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      seed: { type: 'string', default: process.env.EMULATOR_SEED ?? '1' },
      'world-time': { type: 'string' },
    },
  });
  const days = Number(values.days);
  const seed = Number(values.seed);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new Error(`--days must be a whole number from 1 to 3650 (got ${values.days})`);
  if (!Number.isInteger(seed)) throw new Error(`--seed (or EMULATOR_SEED) must be a whole number (got ${values.seed})`);
  const worldTimeText = values['world-time'];
  const worldTime = worldTimeText === undefined ? undefined : Date.parse(worldTimeText);
  if (worldTime !== undefined && Number.isNaN(worldTime))
    throw new Error(`--world-time must be an ISO instant such as 2025-06-01T20:00:00Z (got ${worldTimeText})`);
  return { days, seed, worldTime };
}

function drawProgress({ done, total, serverDaysPerSecond }: HistoryProgress, startedAt: number): void {
  const share = total > 0 ? done / total : 1;
  const width = 30;
  const filled = Math.round(share * width);
  const elapsed = (Date.now() - startedAt) / 1000;
  const left = share > 0 ? (elapsed / share) * (1 - share) : 0;
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  process.stdout.write(
    `\r  ${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${serverDaysPerSecond.toFixed(0)} server-days/s  ${Math.ceil(left)}s left   `,
  );
}

/** The simulated world and the clock it runs on: the real one, or the real one less the history's offset. */
interface LiveWorld {
  world: EmulatedWorld;
  clock: () => number;
}

async function prepareWorld(databasePath: string, { days, seed, worldTime }: DemoOptions): Promise<LiveWorld> {
  const now = Date.now();
  if (existsSync(databasePath)) {
    const world = createWorld({ seed, startMs: now - WARM_UP_MS });
    world.advanceTo(now);
    return { world, clock: Date.now };
  }
  // Generated beside the real path and moved in place only when complete: an interrupted run starts over.
  const partialPath = `${databasePath}.generating`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partialPath + suffix, { force: true });
  const worldNote = worldTime === undefined ? '' : `, world time ${new Date(worldTime).toISOString()}`;
  console.log(`Generating ${days} days of simulated history (seed ${seed}${worldNote})…`);
  const database = await openDatabase(partialPath);
  const startedAt = Date.now();
  const history = generateHistory({
    sqlite: database.sqlite,
    seed,
    endMs: now,
    worldEndMs: worldTime,
    days,
    onProgress: (progress) => drawProgress(progress, startedAt),
  });
  database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  await database.close();
  renameSync(partialPath, databasePath);
  for (const suffix of ['-wal', '-shm']) rmSync(partialPath + suffix, { force: true });
  console.log(
    `\n  ${history.serverDays.toFixed(0)} server-days in ${history.seconds.toFixed(1)} s ` +
      `(${(history.serverDays / history.seconds).toFixed(0)} server-days/s), ${history.playerPolls} player-polls.`,
  );
  // The history ended a moment ago: the live world picks up from its last state, at the history's offset.
  const clock = () => Date.now() - history.worldOffsetMs;
  history.world.advanceTo(clock());
  return { world: history.world, clock };
}

/**
 * The feed carries no countries, time zones or links: the demo's servers get theirs from the simulated world,
 * written through a connection of their own before the app opens its own. (The demo always needs a database file:
 * its collector writes from a thread of its own.)
 */
async function seedProfiles(databasePath: string, world: EmulatedWorld): Promise<void> {
  const database = await openDatabase(databasePath);
  try {
    seedServerProfiles(database.sqlite, world);
  } finally {
    await database.close();
  }
}

const options = readOptions();
process.env.DATABASE_PATH ??= './data/demo.db';
// This machine only, unless HOST says otherwise: the demo's sign-in lets anyone in as one of its people.
process.env.HOST ??= '127.0.0.1';
// Not production: the demo signs people in through its own identity provider, which production refuses
// (docs/decisions/0014-accounts-and-sign-in.md). Answers are therefore checked against the contract, as in development.
process.env.NODE_ENV ??= 'development';
if (process.env.NODE_ENV !== 'production') process.env.DEMO_SIGN_IN ??= 'true';
// The collector's line per poll cycle is for operators; a demo console shows only what goes wrong.
process.env.LOG_LEVEL ??= 'warn';
const baseConfig = loadConfigOrExit();
// A WEB_DIST_PATH of its own (a private build for browser tests) is served as it is; only the default one is kept fresh.
if (process.env.WEB_DIST_PATH === undefined) buildWebAppIfNeeded();
const { world, clock } = await prepareWorld(baseConfig.databasePath, options);
await seedProfiles(baseConfig.databasePath, world);
const emulator = await startEmulatorServer({ world, clock });
const config = loadConfigOrExit({
  ...process.env,
  BFLIST_BASE_URL: emulator.url,
  COLLECTOR_ENABLED: 'true',
  DEMO_MODE: 'true',
});
const app = await buildApp(config);
await serve(app, config, [() => emulator.close()]);
const shownHost =
  config.host === '0.0.0.0' || config.host === '::'
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
console.log(
  `\nFrontline demo: http://${shownHost}:${config.port} (simulated servers, seed ${options.seed}). Ctrl+C stops it.`,
);
