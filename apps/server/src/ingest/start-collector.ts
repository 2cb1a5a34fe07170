import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { EventBus } from './event-bus.ts';
import { CollectorHost } from './worker/collector-host.ts';

/**
 * Creates the collector on the BFList feed, in a worker thread of its own on its own connection to the database
 * file: started when the server is ready, stopped before it closes.
 */
export function createFeedCollector(app: FastifyInstance, config: AppConfig, events: EventBus): CollectorHost {
  const { bflistBaseUrl, games, pollIntervalMs } = config.collector;
  const collector = new CollectorHost({
    settings: {
      databasePath: config.databasePath,
      ...(config.postgres ? { postgres: config.postgres } : {}),
      bflistBaseUrl,
      games,
      pollIntervalMs,
      logLevel: config.logLevel,
    },
    events,
    log: app.log.child({ module: 'collector' }),
  });
  app.addHook('onReady', async () => collector.start());
  return collector;
}
