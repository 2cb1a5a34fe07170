import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { SEEDED_WORLD } from './seeded-world.ts';

/**
 * Starts the real server in demo mode (the seeded world's day of history, then the collector polling the
 * emulator) for the whole browser test run; tests read its address from FRONTLINE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServerProcess(
    { EMULATOR_SEED: String(SEEDED_WORLD.seed) },
    { demoDays: SEEDED_WORLD.days, worldTime: SEEDED_WORLD.worldTime },
  );
  process.env.FRONTLINE_URL = server.url;
  return server.stop;
}
