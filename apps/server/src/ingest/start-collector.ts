import type { DatabaseSync } from 'node:sqlite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { fetchGameServers } from './bflist/bflist-client.ts';
import { Collector } from './collector.ts';
import type { EventBus } from './event-bus.ts';
import { createCollectorStore } from './store/collector-store.ts';
import { rollUpPopulation } from './store/population-rollup.ts';
import { backfillRoundAggregates } from './store/round-aggregates.ts';

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

/**
 * Adds the closed rounds a migration asked to be replayed into the round aggregates (a database older than them,
 * or one whose map days were recomputed): once, before the collector starts and before anything reads them.
 */
export function replayOwedRoundAggregates(sqlite: DatabaseSync, log: FastifyBaseLogger): void {
  const startedAt = performance.now();
  const replayed = backfillRoundAggregates(sqlite);
  if (replayed > 0) {
    const seconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
    log.warn({ rounds: replayed, seconds }, 'database upgrade: closed rounds added to the round aggregates');
  }
}
