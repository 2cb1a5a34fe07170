import type { GameId } from '@frontline/contract';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseSchema } from '../db/schema.ts';
import { listenToInstances, type InstanceListener } from '../db/postgres/instance-channel.ts';
import type { ServerSnapshot } from '../domain/snapshot.ts';
import type { LastGoodList } from './collector.ts';
import type { EventBus } from './event-bus.ts';
import type { InstanceMessage } from './instance-messages.ts';

/**
 * What each instance of a PostgreSQL deployment knows of the one collector, whichever instance runs it (issue 21):
 * the tracker's events, republished on this instance's bus for its hub, and each game's live list, read from
 * `live_lists` when the collector says it changed (and at start, and after a lost connection). The collecting
 * instance hears its own collector the same way, so every instance serves the same lists and events.
 */
export class SharedCollectorFeed {
  readonly #lists = new Map<GameId, LastGoodList>();
  readonly #db: Kysely<DatabaseSchema>;
  readonly #log: FastifyBaseLogger;
  #listener: InstanceListener | undefined;

  private constructor(db: Kysely<DatabaseSchema>, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  static async start(options: {
    url: string;
    schema: string;
    db: Kysely<DatabaseSchema>;
    events: EventBus;
    log: FastifyBaseLogger;
  }): Promise<SharedCollectorFeed> {
    const { url, schema, db, events, log } = options;
    const feed = new SharedCollectorFeed(db, log);
    feed.#listener = await listenToInstances({
      url,
      schema,
      onMessage: (message) => {
        const said = message as InstanceMessage;
        if (said.kind === 'event') events.publish(said.event, said.committedAt);
        else void feed.#readLists(said.game);
      },
      onReconnect: () => void feed.#readLists(),
      log,
    });
    await feed.#readLists();
    return feed;
  }

  lastGoodList(game: GameId): LastGoodList | undefined {
    return this.#lists.get(game);
  }

  async close(): Promise<void> {
    await this.#listener?.close();
  }

  /** Reads one game's list, or all of them; an answer older than the list already kept (a slow read) is dropped. */
  async #readLists(game?: GameId): Promise<void> {
    try {
      let query = this.#db.selectFrom('live_lists').selectAll();
      if (game) query = query.where('game', '=', game);
      for (const row of await query.execute()) {
        if ((this.#lists.get(row.game)?.at.getTime() ?? -1) > row.polled_at) continue;
        this.#lists.set(row.game, {
          at: new Date(row.polled_at),
          servers: JSON.parse(row.servers) as ServerSnapshot[],
          ...(row.stale_reason === null ? {} : { staleReason: row.stale_reason }),
        });
      }
    } catch (error) {
      this.#log.error({ err: error, game }, 'could not read the live lists');
    }
  }
}
