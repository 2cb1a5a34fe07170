import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { SEEDED_WORLD } from './seeded-world.ts';

/**
 * Starts the real server in demo mode (the seeded world's day of history, then the collector polling the
 * emulator) for the whole browser test run; tests read its address from FRONTLINE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServerProcess(
    {
      EMULATOR_SEED: String(SEEDED_WORLD.seed),
      // Every spec's browser is the same address (127.0.0.1), and two workers together search, compare and open
      // reports far faster than a visitor: the per-address limits of the expensive reads would answer them 429.
      RATE_LIMIT_READS_PER_MINUTE: '0',
    },
    { demoDays: SEEDED_WORLD.days, worldTime: SEEDED_WORLD.worldTime },
  );
  process.env.FRONTLINE_URL = server.url;
  return server.stop;
}
