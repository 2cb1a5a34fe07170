import type { SyncConnection } from './sync-connection.ts';
import type { Kysely } from 'kysely';
import type { ServerGuid } from '../domain/ids.ts';
import { parameterChunks } from './parameter-chunks.ts';
import type { DatabaseSchema } from './schema.ts';

/**
 * What Frontline knows about a server beyond the feed (table `server_profiles`: country, time zone, links): the
 * live list and the server profile read it, the emulator (and later an operator's tool) writes it.
 */

/** One server's profile. */
export interface ServerProfile {
  serverGuid: ServerGuid;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** IANA time zone. */
  timezone: string | null;
  region: string | null;
  discordUrl: string | null;
  forumUrl: string | null;
}

/**
 * Writes profiles, replacing every field of a server already known: a profile is a whole statement of what is
 * known now (a field that became unknown must not keep an old value). One transaction, so readers never see
 * half a batch. Synchronous on the raw connection, so start-up tools can call it without an event loop turn.
 */
export function upsertServerProfiles(sqlite: SyncConnection, profiles: readonly ServerProfile[]): void {
  const upsert = sqlite.prepare(`insert into server_profiles
      (server_guid, country, timezone, region, discord_url, forum_url) values (?, ?, ?, ?, ?, ?)
    on conflict (server_guid) do update set country = excluded.country, timezone = excluded.timezone,
      region = excluded.region, discord_url = excluded.discord_url, forum_url = excluded.forum_url`);
  sqlite.exec('begin');
  try {
    for (const profile of profiles) {
      upsert.run(
        profile.serverGuid,
        profile.country,
        profile.timezone,
        profile.region,
        profile.discordUrl,
        profile.forumUrl,
      );
    }
    sqlite.exec('commit');
  } catch (error) {
    sqlite.exec('rollback');
    throw error;
  }
}

/** The profiles of the given servers that are known, by server guid. */
export async function findServerProfiles(
  db: Kysely<DatabaseSchema>,
  serverGuids: readonly ServerGuid[],
): Promise<Map<ServerGuid, ServerProfile>> {
  const profiles = new Map<ServerGuid, ServerProfile>();
  for (const guids of parameterChunks(serverGuids)) {
    const rows = await db
      .selectFrom('server_profiles')
      .select(['server_guid', 'country', 'timezone', 'region', 'discord_url', 'forum_url'])
      .where('server_guid', 'in', guids)
      .execute();
    for (const row of rows) {
      profiles.set(row.server_guid, {
        serverGuid: row.server_guid,
        country: row.country,
        timezone: row.timezone,
        region: row.region,
        discordUrl: row.discord_url,
        forumUrl: row.forum_url,
      });
    }
  }
  return profiles;
}
