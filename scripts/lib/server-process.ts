import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the real server (built web app, API, a real SQLite database in a temp folder) on a free port as
 * a child process, for browser tests and benchmarks, and stops it again. With `demoDays` it runs
 * `npm run demo`'s script instead: that many days of simulated history, then the collector polling the
 * emulator live, as a visitor of the demo would see it; with `worldTime` too, the history is the same
 * whenever it runs (the demo's --world-time).
 */

const root = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  stop: () => Promise<void>;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

async function waitUntilHealthy(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} during start-up`);
    try {
      const response = await fetch(`${url}/stats/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

export interface ServerProcessOptions {
  /** Days of simulated history for the demo; without them, the plain server with an empty database. */
  demoDays?: number;
  /** The simulated world's own time at the end of the demo's history (an ISO instant), for a fixed history. */
  worldTime?: string;
}

export async function startServerProcess(
  env: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frontline-server-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const entry = options.demoDays
    ? [
        join(root, 'scripts/demo.ts'),
        '--days',
        String(options.demoDays),
        ...(options.worldTime ? ['--world-time', options.worldTime] : []),
      ]
    : [join(root, 'apps/server/src/main.ts')];
  const server = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(dataDir, 'frontline.db'),
      LOG_LEVEL: 'warn',
      // No live feed is reachable from test machines (the demo points its collector at the emulator).
      COLLECTOR_ENABLED: 'false',
      EMULATOR_SEED: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await waitUntilHealthy(url, server, options.demoDays ? 120_000 : 20_000);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
