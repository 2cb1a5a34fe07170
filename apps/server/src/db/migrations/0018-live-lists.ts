import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `live_lists`: each game's live server list as the collector last judged it worth showing (its poll time, why it
 * is stale if it is, and the servers with their players as JSON). One collector serves many instances on
 * PostgreSQL (issue 21), and the live list is what the server browser shows first: the collecting instance writes
 * each list here when it changes and tells the others (db/postgres/instance-channel.ts), which read it from here,
 * also when they start. On one machine (SQLite) the list never leaves the process, and this table stays empty.
 */
export const liveLists: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table live_lists (
      game text primary key,
      polled_at integer not null,
      stale_reason text,
      servers text not null
    )`.execute(db);
  },
};
