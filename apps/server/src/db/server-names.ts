import { expressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ServerGuid } from '../domain/ids.ts';
import type { DatabaseSchema } from './schema.ts';

/**
 * A server name is the community's server. When a server moves (new IP or port) Frontline sees a new address
 * (a new serverGuid) under the same name; every screen reached by a server's name (its profile, boards,
 * rankings, maps, insights, its rounds) combines the history of every address that carried the name, while live
 * facts (current map, players, join link, the address shown) come from the newest address.
 */

/** The guids of every address that has carried exactly this name, newest first. */
export async function findServerGuidsNamed(db: Kysely<DatabaseSchema>, name: string): Promise<ServerGuid[]> {
  const rows = await db
    .selectFrom('servers')
    .select('server_guid')
    .where('name', '=', name)
    .orderBy('is_online', 'desc')
    .orderBy('last_seen', 'desc')
    .orderBy('server_guid')
    .execute();
  return rows.map((row) => row.server_guid);
}

/**
 * `column` is one of the guids. With one guid `in (?)` is an equality to SQLite (it rewrites it so), which keeps
 * using the (server_guid, …) indexes in their order; none matches nothing (an empty `in ()` is not SQL).
 */
export function serverGuidIn(column: Expression<string>, guids: readonly ServerGuid[]): Expression<SqlBool> {
  const eb = expressionBuilder<DatabaseSchema>();
  return guids.length === 0 ? eb.lit(false) : eb(column, 'in', guids);
}
