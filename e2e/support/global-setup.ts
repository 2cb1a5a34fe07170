import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { SEEDED_WORLD } from './seeded-world.ts';

const FIRST_POLL_TIMEOUT_MS = 60_000;

/**
 * The real server in demo mode (the seeded world's day of history, then the collector polling the emulator), as
 * the browser tests see it, once its collector has polled the live world the first time: a server browser opened
 * before that shows an empty list until its next refresh. The a11y bench serves the same world (bench/a11y.bench.ts).
 */
export async function startSeededWorldServer(): Promise<ServerProcess> {
  const server = await startServerProcess(
    {
      EMULATOR_SEED: String(SEEDED_WORLD.seed),
      // Every spec's browser is the same address (127.0.0.1), and two workers together search, compare and open
      // reports far faster than a visitor: the per-address limits of the expensive reads would answer them 429.
      RATE_LIMIT_READS_PER_MINUTE: '0',
    },
    { demoDays: SEEDED_WORLD.days, worldTime: SEEDED_WORLD.worldTime },
  );
  try {
    await waitForFirstPoll(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForFirstPoll(url: string): Promise<void> {
  const deadline = Date.now() + FIRST_POLL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/stats/liveservers/bf1942/servers`);
    if (answer.ok && ((await answer.json()) as { servers: unknown[] }).servers.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the collector had no live servers ${FIRST_POLL_TIMEOUT_MS / 1000} s after start-up`);
}

/** Starts the seeded world's server for the whole browser test run; tests read its address from FRONTLINE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startSeededWorldServer();
  process.env.FRONTLINE_URL = server.url;
  return server.stop;
}
