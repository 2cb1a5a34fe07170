import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `held_polls`: a server's poll that the tracker holds until the next poll of the server confirms or contradicts it
 * (decision 0003, "Glitches"): at most one per server, written in the poll's own transaction and deleted when the
 * next poll decides, so that a restart in between judges the next poll exactly as an uninterrupted run would.
 */
export const heldPolls: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table held_polls (
      server_guid text primary key,
      held_at integer not null,
      clock_ms integer not null,
      change text not null,
      snapshot text not null
    )`.execute(db);
  },
};
