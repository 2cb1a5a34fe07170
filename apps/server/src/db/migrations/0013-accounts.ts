import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Accounts (sign-in, the personal dashboard; domain-facts §7 "Tables", DESIGN.md "Sign-in"). Users are keyed by
 * email. A sign-in is an `auth_sessions` row: its id travels in every access token (so logging out rejects them) and
 * it is the family of its refresh tokens (so reusing a rotated one revokes them all). Refresh tokens are kept only
 * as keyed hashes. The server's own signing keys live here unless AUTH_SIGNING_KEY is set; a retired key's public
 * half stays until the tokens it signed have expired. Deleting a user deletes everything of theirs (cascade).
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_logged_in', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_refreshed_at', 'text')
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (column) => column.primaryKey())
      .addColumn('session_id', 'text', (column) => column.notNull().references('auth_sessions.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('replaced_by_hash', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

    await db.schema
      .createTable('auth_signing_keys')
      .addColumn('kid', 'text', (column) => column.primaryKey())
      .addColumn('algorithm', 'text', (column) => column.notNull())
      .addColumn('public_jwk', 'text', (column) => column.notNull())
      // Null for a key that comes from AUTH_SIGNING_KEY: only its public half is kept, for rotation.
      .addColumn('private_jwk', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('retired_at', 'text')
      .execute();

    for (const [table, column] of [
      ['user_player_names', 'player_name'],
      ['user_favorite_servers', 'server_guid'],
      ['user_buddies', 'buddy_player_name'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn(column, 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint(`${table}_unique`, ['user_id', column])
        .execute();
      // "Who follows this player / server" (the hub's notifications) reads by the listed value.
      await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
    }
  },
};
