import { startServerProcess } from '../../scripts/lib/server-process.ts';

/** Starts the real server for the whole browser test run; tests read its address from FRONTLINE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServerProcess();
  process.env.FRONTLINE_URL = server.url;
  return server.stop;
}
