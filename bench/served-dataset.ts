import { existsSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedServerProfiles } from '../apps/server/src/emulator/seed-server-profiles.ts';
import { createWorld } from '../apps/server/src/emulator/world.ts';
import { startFeedProcess, startServerProcess, type ServerProcess } from '../scripts/lib/server-process.ts';
import { buildWebAppIfNeeded } from '../scripts/lib/web-build.ts';
import { BENCH_SEED, generateHistoryFile } from './history-database.ts';

/**
 * What `npm run demo` serves, split into processes so that the figures measure the server alone: the history in
 * a database file (generated here first when missing), the emulator in a process of its own
 * (`apps/server/src/emulator/main.ts`, as `npm run emulator` runs it), and the plain server
 * (`apps/server/src/main.ts`) in another, its collector polling that emulator as the demo's does. The benches'
 * load generator is a third process (load-generator.ts), so nothing but the server runs in the server's process.
 *
 * One difference from the demo: its live world continues the generated history exactly (the same world object,
 * at the history's time offset), which only the process that generated the history can do. Here the emulator
 * process starts its own world of the same seed, warmed up for a few hours before now, as the demo does with an
 * existing database: the same servers, but live rounds that begin afresh. The collector closes the history's open
 * rounds when it sees their servers on another map or state, as it would after any restart.
 */

const STARTUP_TIMEOUT_MS = 300_000;

/**
 * Serves the database at `databasePath`, generating `days` of history ending now first if it does not exist. The
 * per-address rate limits are off unless `rateLimited` (then they are the deployed defaults).
 */
export async function serveDataset(
  databasePath: string,
  { days, env = {}, rateLimited = false }: { days: number; env?: Record<string, string>; rateLimited?: boolean },
): Promise<ServerProcess> {
  if (!existsSync(databasePath)) {
    console.log(`\nGenerating ${days} days of history for the served benches…`);
    await generateHistoryFile(databasePath, days, { endMs: Date.now() });
  }
  await seedProfiles(databasePath);
  // The demo builds the web app when it is missing or stale; `npm run bench` has just built it.
  buildWebAppIfNeeded();

  const emulatorMain = new URL('../apps/server/src/emulator/main.ts', import.meta.url).pathname;
  const emulator = await startFeedProcess([emulatorMain, '--port', '0', '--seed', String(BENCH_SEED)]);
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        DATABASE_PATH: databasePath,
        // As deployed: production mode (answers are not re-validated against their schemas on the way out).
        NODE_ENV: 'production',
        COLLECTOR_ENABLED: 'true',
        BFLIST_BASE_URL: emulator.url,
        DEMO_MODE: 'true',
        // The benches' load generator is one address sending thousands of searches, comparisons and reports a
        // minute: with the per-address limits (60 a minute) most would be 429s, and the figures would time those.
        // A bench that spreads its requests over addresses of their own keeps them (mixed-load.bench.ts).
        ...(rateLimited ? {} : { RATE_LIMIT_READS_PER_MINUTE: '0' }),
        ...env,
      },
      // A large database may be migrated at start-up (e.g. a table split copied in batches).
      { startupTimeoutMs: STARTUP_TIMEOUT_MS },
    );
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return {
    url: server.url,
    process: server.process,
    stop: async () => {
      await server.stop();
      await emulator.stop();
    },
  };
}

/**
 * The feed carries no countries or links: as the demo does, the world's server profiles stand in for them. They
 * are fixed by the seed, so a world of the same seed gives the same ones whenever it is created.
 */
export async function seedProfiles(databasePath: string): Promise<void> {
  const database = await openDatabase(databasePath);
  try {
    seedServerProfiles(database.sqlite, createWorld({ seed: BENCH_SEED, startMs: Date.now() }));
  } finally {
    await database.close();
  }
}
