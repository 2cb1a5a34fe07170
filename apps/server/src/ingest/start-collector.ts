import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { fetchGameServers } from './bflist/bflist-client.ts';
import { Collector } from './collector.ts';
import type { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';
import { rollUpPopulation } from './store/population-rollup.ts';

/** Creates the collector on the BFList feed, started when the server is ready and stopped before it closes. */
export function createFeedCollector(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  events: EventBus,
): Collector {
  const { bflistBaseUrl, games, pollIntervalMs } = config.collector;
  const collector = new Collector({
    games,
    intervalMs: pollIntervalMs,
    source: (game, signal) => fetchGameServers(game, { baseUrl: bflistBaseUrl, signal }),
    store: createCollectorStore(database.sqlite),
    events,
    log: app.log.child({ module: 'collector' }),
    maintenance: (now) => rollUpPopulation(database.sqlite, now),
  });
  app.addHook('onReady', async () => collector.start());
  return collector;
}
