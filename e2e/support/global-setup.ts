import { startServerProcess } from '../../scripts/lib/server-process.ts';

/**
 * Starts the real server in demo mode (a day of simulated history, then the collector polling the
 * emulator) for the whole browser test run; tests read its address from FRONTLINE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServerProcess({}, { demoDays: 1 });
  process.env.FRONTLINE_URL = server.url;
  return server.stop;
}
