import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What Frontline knows about a server beyond the feed: the feed carries no country, time zone, region or
 * community links (an established site got them from a geo-IP service and from admins). Keyed by Frontline's
 * server id, so a profile survives the feed re-minting its own guid for the server. Every field may be unknown.
 */
export const serverProfiles: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table server_profiles (
      server_guid text primary key,
      country text,
      timezone text,
      region text,
      discord_url text,
      forum_url text
    ) without rowid`.execute(db);
  },
};
