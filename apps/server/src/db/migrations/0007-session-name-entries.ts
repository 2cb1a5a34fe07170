import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two people can wear one name on one server at once; the tracker follows each entry of a name as a stay of its
 * own (ingest/tracker/name-entries.ts). A session's own stay is in its segment columns; the stays of the other
 * entries listed under its name at its last poll are kept here (JSON `[{score, kills, deaths, team}]`, null when
 * there are none, which is nearly always), so that a tracker rebuilt after a crash follows them on exactly.
 */
export const sessionNameEntries: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table sessions add column extra_entries text`.execute(db);
  },
};
