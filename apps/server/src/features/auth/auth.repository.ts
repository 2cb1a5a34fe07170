import type { Kysely, Selectable } from 'kysely';
import type { ServerGuid } from '../../domain/ids.ts';
import type { AuthSigningKeysTable, DatabaseSchema } from '../../db/schema.ts';

/**
 * Every query of accounts: users, sign-ins (auth sessions) and their refresh tokens, the signing keys, and the
 * three lists a user keeps. A list query always names the user: no id alone reaches another user's row.
 */

export type StoredSigningKey = Selectable<AuthSigningKeysTable>;

export type AccountList = 'playerNames' | 'favoriteServers' | 'buddies';

const LIST_TABLES = {
  playerNames: { table: 'user_player_names', column: 'player_name' },
  favoriteServers: { table: 'user_favorite_servers', column: 'server_guid' },
  buddies: { table: 'user_buddies', column: 'buddy_player_name' },
} as const;

export interface ListItemRow {
  id: number;
  value: string;
  createdAt: string;
}

export interface RefreshTokenRow {
  tokenHash: string;
  sessionId: string;
  userId: number;
  email: string;
  expiresAt: string;
  revokedAt: string | null;
  sessionRevokedAt: string | null;
}

export function createAuthRepository(db: Kysely<DatabaseSchema>) {
  async function findItem(list: AccountList, userId: number, value: string): Promise<ListItemRow | undefined> {
    const { table, column } = LIST_TABLES[list];
    const row = await db
      .selectFrom(table)
      .select(['id', `${column} as value`, 'created_at'])
      .where('user_id', '=', userId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && { id: row.id, value: row.value, createdAt: row.created_at };
  }

  return {
    async readMeta(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    /** Keeps `value` under `key` unless one is there already; returns the value stored. */
    async keepMeta(key: string, value: string): Promise<string> {
      await db
        .insertInto('app_meta')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const stored = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
      return stored.value;
    },

    // ── Users ──

    /** The user with this email, created on first sign-in; `last_logged_in` is brought up to now. */
    async upsertUserByEmail(email: string, name: string, now: string) {
      const existing = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      if (existing) {
        await db.updateTable('users').set({ last_logged_in: now, name }).where('id', '=', existing.id).execute();
        return { user: { ...existing, name, last_logged_in: now }, created: false };
      }
      const user = await db
        .insertInto('users')
        .values({ email, name, created_at: now, last_logged_in: now })
        .onConflict((conflict) => conflict.column('email').doUpdateSet({ last_logged_in: now, name }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user, created: true };
    },

    findUserById(userId: number) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    },

    /** Deletes the user; every sign-in, token and list item of theirs goes with it (foreign keys cascade). */
    async deleteUser(userId: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },

    // ── Sign-ins and refresh tokens ──

    async createSession(session: {
      id: string;
      userId: number;
      createdAt: string;
      expiresAt: string;
      ipAddress: string | null;
      userAgent: string | null;
      refreshTokenHash: string;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('auth_sessions')
          .values({
            id: session.id,
            user_id: session.userId,
            created_at: session.createdAt,
            last_refreshed_at: null,
            expires_at: session.expiresAt,
            revoked_at: null,
            ip_address: session.ipAddress,
            user_agent: session.userAgent,
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: session.refreshTokenHash,
            session_id: session.id,
            created_at: session.createdAt,
            expires_at: session.expiresAt,
            revoked_at: null,
            replaced_by_hash: null,
          })
          .execute();
      });
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const row = await db
        .selectFrom('refresh_tokens as t')
        .innerJoin('auth_sessions as s', 's.id', 't.session_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          't.token_hash',
          't.session_id',
          't.expires_at',
          't.revoked_at',
          's.revoked_at as session_revoked_at',
          'u.id as user_id',
          'u.email',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          tokenHash: row.token_hash,
          sessionId: row.session_id,
          userId: row.user_id,
          email: row.email,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          sessionRevokedAt: row.session_revoked_at,
        }
      );
    },

    /**
     * Replaces a refresh token by the next one of its family. False when it was revoked meanwhile (a concurrent
     * use of the same token): the caller treats that as reuse.
     */
    async rotateRefreshToken(oldHash: string, next: { hash: string; now: string; expiresAt: string }) {
      return db.transaction().execute(async (trx) => {
        // The write comes first, so this transaction takes the write lock at once (SQLite) and two requests
        // presenting the same token cannot both succeed.
        const revoked = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: next.now, replaced_by_hash: next.hash })
          .where('token_hash', '=', oldHash)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(revoked.numUpdatedRows) !== 1) return false;
        const { session_id: sessionId } = await trx
          .selectFrom('refresh_tokens')
          .select('session_id')
          .where('token_hash', '=', oldHash)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: next.hash,
            session_id: sessionId,
            created_at: next.now,
            expires_at: next.expiresAt,
            revoked_at: null,
            replaced_by_hash: null,
          })
          .execute();
        await trx
          .updateTable('auth_sessions')
          .set({ last_refreshed_at: next.now })
          .where('id', '=', sessionId)
          .execute();
        return true;
      });
    },

    /** Ends a sign-in: the session and every refresh token of its family are revoked. */
    async revokeSession(sessionId: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('auth_sessions')
          .set({ revoked_at: now })
          .where('id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now })
          .where('session_id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },

    /** Whether the sign-in exists, belongs to the user and is neither revoked nor expired. */
    /** The user whose sign-in this is, while it is live (not revoked, not expired); undefined otherwise. */
    async findLiveSessionOwner(sessionId: string, now: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('auth_sessions')
        .select('user_id')
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    listSessions(userId: number) {
      return db
        .selectFrom('auth_sessions')
        .select(['id', 'created_at', 'last_refreshed_at', 'revoked_at', 'ip_address', 'user_agent'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    // ── Signing keys ──

    findCurrentSigningKey(): Promise<StoredSigningKey | undefined> {
      return db
        .selectFrom('auth_signing_keys')
        .selectAll()
        .where('retired_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The keys whose tokens may still be valid: the current ones and those retired at or after `retiredSince`. */
    listTrustedSigningKeys(retiredSince: string): Promise<StoredSigningKey[]> {
      return db
        .selectFrom('auth_signing_keys')
        .selectAll()
        .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>=', retiredSince)]))
        .execute();
    },

    /** Makes `key` the one that signs: the current ones are retired now (and stay trusted a token lifetime). */
    async replaceCurrentSigningKey(key: StoredSigningKey, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('auth_signing_keys')
          .set({ retired_at: now })
          .where('retired_at', 'is', null)
          .where('kid', '!=', key.kid)
          .execute();
        await trx
          .insertInto('auth_signing_keys')
          .values(key)
          .onConflict((conflict) =>
            conflict.column('kid').doUpdateSet({ retired_at: null, private_jwk: key.private_jwk }),
          )
          .execute();
      });
    },

    // ── The user's lists ──

    async listItems(list: AccountList, userId: number): Promise<ListItemRow[]> {
      const { table, column } = LIST_TABLES[list];
      const rows = await db
        .selectFrom(table)
        .select(['id', `${column} as value`, 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, value: row.value, createdAt: row.created_at }));
    },

    async countItems(list: AccountList, userId: number): Promise<number> {
      const { table } = LIST_TABLES[list];
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findItem,

    /** Adds the item unless the user has it already; returns the stored item and whether it is new. */
    async addItem(list: AccountList, userId: number, value: string, now: string) {
      const { table, column } = LIST_TABLES[list];
      const inserted = await db
        .insertInto(table)
        .values({ user_id: userId, [column]: value, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', column]).doNothing())
        .executeTakeFirst();
      const item = await findItem(list, userId, value);
      if (!item) throw new Error(`${table}: the item just added is not there`);
      return { item, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
    },

    /** Deletes the user's item; false when the user has no item with that id (whoever else might). */
    async removeItem(list: AccountList, userId: number, id: number): Promise<boolean> {
      const { table } = LIST_TABLES[list];
      const result = await db.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ── Servers (favourites must exist; their live state is the collector's latest poll) ──

    async serverExists(serverGuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('servers')
        .select('server_guid')
        .where('server_guid', '=', serverGuid as ServerGuid)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Names with the most play in closed rounds since `fromDay` (a UTC day number), best first. */
    async findMostPlayedNames(fromDay: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('server_player_days')
        .select(['player_name', (eb) => eb.fn.sum<number>('played_ms').as('played_ms')])
        .where('day', '>=', fromDay)
        .groupBy('player_name')
        .orderBy('played_ms', 'desc')
        .orderBy('player_name')
        .limit(limit)
        .execute();
      return rows.map((row) => row.player_name);
    },

    /** Names with an open session seen at or after `activeSince`, by name. */
    async findOnlineNames(activeSince: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sessions')
        .select('player_name')
        .distinct()
        .where('is_active', '=', 1)
        .where('last_seen', '>=', activeSince)
        .orderBy('player_name')
        .limit(limit)
        .execute();
      return rows.map((row) => row.player_name);
    },

    /** The online servers with the most players now, busiest first. */
    async findBusiestServerGuids(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('servers')
        .select('server_guid')
        .where('is_online', '=', 1)
        .orderBy('num_players', 'desc')
        .orderBy('server_guid')
        .limit(limit)
        .execute();
      return rows.map((row) => row.server_guid);
    },

    /** Users whose email is LIKE `pattern`, made before `createdBefore` (the demo's accounts past their day). */
    findUsersByEmailLike(pattern: string, createdBefore: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'like', pattern)
        .where('created_at', '<', createdBefore)
        .execute();
    },

    findUsersByEmails(emails: readonly string[]) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', [...emails])
        .execute();
    },

    findServers(serverGuids: readonly string[]) {
      if (serverGuids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('servers')
        .select(['server_guid', 'name', 'game', 'map_name', 'num_players', 'max_players', 'join_link', 'is_online'])
        .where('server_guid', 'in', serverGuids as ServerGuid[])
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
