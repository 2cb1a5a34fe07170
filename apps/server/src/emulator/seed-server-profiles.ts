import type { SyncConnection } from '../db/sync-connection.ts';
import { upsertServerProfiles } from '../db/server-profiles.ts';
import { serverGuidFor } from '../domain/identity.ts';
import type { EmulatedWorld } from './world-types.ts';

/**
 * The feed has no country, time zone or community links; a real deployment learns them from a geo-IP service
 * and from admins, neither of which exists in the demo. The emulator's world knows them for each of its servers,
 * so it stands in for both: its profiles are written where the live list reads them.
 */
export function seedServerProfiles(sqlite: SyncConnection, world: Pick<EmulatedWorld, 'profiles'>): number {
  const profiles = world.profiles().map((profile) => ({
    serverGuid: serverGuidFor(profile.game, profile.ip, profile.port),
    country: profile.country,
    timezone: profile.timeZone,
    region: profile.region,
    discordUrl: profile.discordUrl,
    forumUrl: profile.forumUrl,
  }));
  upsertServerProfiles(sqlite, profiles);
  return profiles.length;
}
