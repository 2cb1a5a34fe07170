import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Small key/value facts about the database itself (when it was created, later collector state). */
export const appMeta: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
    await sql`insert into app_meta (key, value) values ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`.execute(
      db,
    );
  },
};
