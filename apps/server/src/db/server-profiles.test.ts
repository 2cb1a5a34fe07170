import { describe, expect, it } from 'vitest';
import { asServerGuid } from '../domain/ids.ts';
import { useTestDatabase } from '../test/test-database.ts';
import { findServerProfiles, upsertServerProfiles, type ServerProfile } from './server-profiles.ts';

describe('server profiles', () => {
  const getDatabase = useTestDatabase();

  const profile = (serverGuid: string, overrides: Partial<ServerProfile> = {}): ServerProfile => ({
    serverGuid: asServerGuid(serverGuid),
    country: 'DE',
    timezone: 'Europe/Berlin',
    region: 'europe',
    discordUrl: 'https://discord.gg/example',
    forumUrl: null,
    ...overrides,
  });

  it('reads back what was written, only for the servers asked about', async () => {
    const { db, sqlite } = getDatabase();
    upsertServerProfiles(sqlite, [profile('a'), profile('b', { country: 'US', timezone: 'America/Chicago' })]);
    const found = await findServerProfiles(db, ['b', 'unknown'].map(asServerGuid));
    expect([...found.entries()]).toEqual([['b', profile('b', { country: 'US', timezone: 'America/Chicago' })]]);
    expect(await findServerProfiles(db, [])).toEqual(new Map());
  });

  it('replaces every field of a known server, so a link that went away does not linger', async () => {
    const { db, sqlite } = getDatabase();
    upsertServerProfiles(sqlite, [profile('a')]);
    upsertServerProfiles(sqlite, [profile('a', { discordUrl: null, forumUrl: 'https://forum.example/' })]);
    expect((await findServerProfiles(db, [asServerGuid('a')])).get(asServerGuid('a'))).toEqual(
      profile('a', { discordUrl: null, forumUrl: 'https://forum.example/' }),
    );
  });

  it('reads more servers than one statement takes', async () => {
    const { db, sqlite } = getDatabase();
    const many = Array.from({ length: 1_234 }, (_, index) => profile(`guid-${index}`));
    upsertServerProfiles(sqlite, many);
    const found = await findServerProfiles(
      db,
      many.map((item) => item.serverGuid),
    );
    expect(found.size).toBe(many.length);
  });

  it('writes all or nothing', () => {
    const { sqlite } = getDatabase();
    const broken = { ...profile('c'), serverGuid: null } as unknown as ServerProfile;
    expect(() => upsertServerProfiles(sqlite, [profile('b'), broken])).toThrow();
    expect(sqlite.prepare('select count(*) as count from server_profiles').get()).toEqual({ count: 0 });
  });
});
