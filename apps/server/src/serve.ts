import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads the configuration, or stops the process with the readable list of what is wrong. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Listens, and on SIGTERM/SIGINT closes the app (finishing the collector's cycle, closing the database),
 * then whatever else the caller started, within a grace period.
 */
export async function serve(
  app: FastifyInstance,
  config: AppConfig,
  cleanups: (() => Promise<void>)[] = [],
): Promise<void> {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    const closeAll = async () => {
      await app.close();
      for (const cleanup of cleanups) await cleanup();
    };
    closeAll().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}
