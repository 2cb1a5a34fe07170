import { parseArgs } from 'node:util';
import { startEmulatorServer } from './emulator-server.ts';
import type { EmulatorServer } from './emulator-server.ts';
import { createWorld } from './world.ts';

/**
 * `npm run emulator -- --port 9000 --seed 1 [--host 127.0.0.1]`: a simulated world of BF1942, FH2 and BFV
 * servers, served in real time through the BFList v2 API, for pointing the collector at
 * (`baseUrl` = the printed URL). The seed also comes from `EMULATOR_SEED`; the flag wins.
 */

const USAGE = 'usage: node apps/server/src/emulator/main.ts [--port 9000] [--seed 1] [--host 127.0.0.1]';
const DEFAULT_PORT = 9000;
const DEFAULT_SEED = 1;
/** Enough history for rounds to be under way and players to be spread over servers when the first poll comes. */
const WARM_UP_MS = 3 * 60 * 60 * 1000;
const SHUTDOWN_GRACE_MS = 5_000;

class UsageError extends Error {}

interface EmulatorSettings {
  host: string;
  port: number;
  seed: number;
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    // parseArgs says what was wrong (unknown option, missing value) in words fit for the user.
    throw new UsageError(describeError(error));
  }
}

function readSettings(): EmulatorSettings {
  const values = parseCommandLine();
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const seedText = values.seed ?? process.env.EMULATOR_SEED;
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw new UsageError('--host must not be empty');
  return {
    host,
    port: values.port === undefined ? DEFAULT_PORT : parseWholeNumber('--port', values.port, 0, 65535),
    seed:
      seedText === undefined || seedText === ''
        ? DEFAULT_SEED
        : parseWholeNumber(values.seed === undefined ? 'EMULATOR_SEED' : '--seed', seedText, 0, 2 ** 32 - 1),
  };
}

function parseWholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function runEmulator(): Promise<void> {
  let settings: EmulatorSettings;
  try {
    settings = readSettings();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`emulator: ${error.message}\n${USAGE}`);
    process.exit(2);
  }

  const startedAt = Date.now();
  const world = createWorld({ seed: settings.seed, startMs: startedAt - WARM_UP_MS });
  // Populated before the first request, rather than making the first poll wait for three hours of steps.
  world.advanceTo(Date.now());
  console.log(`emulator: world of seed ${settings.seed} warmed up in ${Date.now() - startedAt} ms`);

  let server: EmulatorServer;
  try {
    server = await startEmulatorServer({
      world,
      host: settings.host,
      port: settings.port,
      log: (message) => console.log(`emulator: ${message}`),
    });
  } catch (error) {
    // Typically the port is taken or the host is not an address of this machine.
    console.error(`emulator: cannot listen on ${settings.host}:${settings.port}: ${describeError(error)}`);
    process.exit(1);
  }
  console.log(`emulator: BFList v2 feed at ${server.url} (e.g. ${server.url}/v2/bf1942/servers?perPage=100)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`emulator: ${signal}, shutting down`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('emulator: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

await runEmulator();
