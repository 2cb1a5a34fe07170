import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Starts the real server (built web app, API, a real SQLite database in a temp folder) on a free port as
 * a child process, for browser tests and benchmarks, and stops it again. With `demoDays` it runs
 * `npm run demo`'s script instead: that many days of simulated history, then the collector polling the
 * emulator live, as a visitor of the demo would see it; with `worldTime` too, the history is the same
 * whenever it runs (the demo's --world-time). `startFeedProcess` starts a feed for its collector to poll (the
 * emulator, or a benchmark's own) as a process of its own.
 */

const root = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  stop: () => Promise<void>;
  /** The child process (for messages, with the `ipc` option). */
  process: ChildProcess;
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
  /** How long start-up may take until /stats/health answers: by default 120 s for the demo, 20 s otherwise. */
  startupTimeoutMs?: number;
  /** Node's own options, before the entry script (e.g. `--import` of a module that measures the process). */
  nodeArguments?: string[];
  /** Opens an IPC channel to the child (`process.send`, `process.on('message')` on both sides). */
  ipc?: boolean;
  /**
   * A script run instead of main.ts (without `demoDays`): one that runs the server as main.ts does, with hooks of
   * its own over IPC (scripts/lib/soak-server-process.ts).
   */
  entry?: string;
  /** Each line the server writes to its standard output (its log), instead of this process's output. */
  onOutputLine?: (line: string) => void;
  /**
   * The server's limit of open file descriptors (`ulimit -n`, soft and hard), lower than this process's: a bench of
   * descriptor exhaustion runs the server with the limit of a smaller machine than the attack can fill here.
   */
  descriptorLimit?: number;
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
    : [options.entry ?? join(root, 'apps/server/src/main.ts')];
  const stdout = options.onOutputLine ? 'pipe' : 'inherit';
  const stdio: StdioOptions = options.ipc ? ['ignore', stdout, 'inherit', 'ipc'] : ['ignore', stdout, 'inherit'];
  const command = [process.execPath, ...(options.nodeArguments ?? []), ...entry];
  // `sh -c 'ulimit -n N && exec "$0" "$@"' node …`: the limit set, then the shell replaced by the server itself.
  const [file = process.execPath, ...args] =
    options.descriptorLimit === undefined
      ? command
      : ['/bin/sh', '-c', `ulimit -n ${Math.floor(options.descriptorLimit)} && exec "$0" "$@"`, ...command];
  const server = spawn(file, args, {
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
    stdio,
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  if (options.onOutputLine && server.stdout) createInterface({ input: server.stdout }).on('line', options.onOutputLine);
  try {
    await waitUntilHealthy(url, server, options.startupTimeoutMs ?? (options.demoDays ? 120_000 : 20_000));
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    process: server,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a feed process prints once it listens: `… feed at http://host:port …` (the emulator's main.ts does). */
const FEED_URL_LINE = /feed at (https?:\/\/[^\s/]+)/;

/**
 * Starts a BFList feed as a process of its own: `args` are the script and its arguments, and the script prints
 * `feed at <url>` once it listens (`apps/server/src/emulator/main.ts --port 0` does). What it prints after that
 * line is dropped (the emulator logs every request). Point a server's BFLIST_BASE_URL at the returned url.
 */
export async function startFeedProcess(
  args: string[],
  options: { env?: Record<string, string>; ipc?: boolean; startupTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const feed = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => feed.once('exit', resolve));
  const timeoutMs = options.startupTimeoutMs ?? 60_000;
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      let printed = '';
      const timer = setTimeout(() => reject(new Error(`the feed did not start within ${timeoutMs} ms`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        printed += chunk.toString('utf8');
        const match = FEED_URL_LINE.exec(printed);
        if (!match?.[1]) return;
        clearTimeout(timer);
        resolve(match[1]);
      };
      feed.stdout?.on('data', onData);
      feed.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the feed exited with code ${code} during start-up: ${printed.trim()}`));
      });
    });
  } catch (error) {
    feed.kill('SIGKILL');
    throw error;
  }
  // Read on, so that a chatty feed never blocks on a full pipe, but show nothing.
  feed.stdout?.removeAllListeners('data');
  feed.stdout?.resume();
  return {
    url,
    process: feed,
    stop: async () => {
      if (feed.exitCode === null && feed.signalCode === null) feed.kill('SIGTERM');
      await exited;
    },
  };
}
