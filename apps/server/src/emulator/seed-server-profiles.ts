import type { DatabaseSync } from 'node:sqlite';
import { IN_MEMORY, openDatabase } from '../db/database.ts';
import { upsertServerProfiles } from '../db/server-profiles.ts';
import { serverGuidFor } from '../domain/identity.ts';
import type { EmulatedWorld } from './world-types.ts';

/**
 * The feed has no country, time zone or community links; a real deployment learns them from a geo-IP service
 * and from admins, neither of which exists in the demo. The emulator's world knows them for each of its servers,
 * so it stands in for both: its profiles are written where the live list reads them.
 */
export function seedServerProfiles(sqlite: DatabaseSync, world: Pick<EmulatedWorld, 'profiles'>): number {
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

/**
 * Seeds the database file at `databasePath` through a connection of its own, closed again at once: for a
 * start-up script that holds no connection at that moment (the app opens its own afterwards and sees the
 * committed rows). An in-memory database would be a private one that vanishes on close, so nothing is written
 * then (0 returned): an in-memory demo simply shows no countries or links.
 */
export async function seedServerProfilesFile(
  databasePath: string,
  world: Pick<EmulatedWorld, 'profiles'>,
): Promise<number> {
  if (databasePath === IN_MEMORY) return 0;
  const database = await openDatabase(databasePath);
  try {
    return seedServerProfiles(database.sqlite, world);
  } finally {
    await database.close();
  }
}
