import { GAMES, type GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { Random } from '../random.ts';
import { CLAN_TAGS } from '../world-data/clan-tags.ts';
import { MAPS } from '../world-data/maps.ts';
import { REGIONS } from '../world-data/regions.ts';
import type { WorldServerProfile } from '../world-types.ts';
import { generateServerProfiles } from './server-profiles.ts';

const SEEDS = [1, 2, 3, 42, 1942, 20_240_601];

/** RFC 5737's documentation networks: the only addresses the emulated servers may have. */
const DOCUMENTATION_NETWORKS = ['192.0.2', '198.51.100', '203.0.113'];

/** A server browser column's width: a tag, a description and a country fit, nothing longer. */
const LONGEST_SERVER_NAME = 40;

function profilesFor(seed: number): WorldServerProfile[] {
  return generateServerProfiles(new Random(seed).fork('servers'));
}

/** Servers of forty seeds: enough for shares to settle near what they are meant to be. */
const MANY_WORLDS = Array.from({ length: 40 }, (_, seed) => profilesFor(seed));

describe('generateServerProfiles', () => {
  it('is deterministic: the same seed gives identical profiles, another seed a different world', () => {
    expect(profilesFor(1942)).toEqual(profilesFor(1942));
    expect(profilesFor(1943).map((profile) => profile.name)).not.toEqual(
      profilesFor(1942).map((profile) => profile.name),
    );
  });

  it.each(SEEDS)('seed %d: 60 servers, 40 BF1942, 10 FH2 and 10 Vietnam', (seed) => {
    const profiles = profilesFor(seed);
    const count = (game: GameId): number => profiles.filter((profile) => profile.game === game).length;
    expect(profiles).toHaveLength(60);
    expect([count('bf1942'), count('fh2'), count('bfvietnam')]).toEqual([40, 10, 10]);
  });

  it.each(SEEDS)(
    'seed %d: documentation addresses only, unique ip:port and ip:query port, the games’ ports',
    (seed) => {
      const profiles = profilesFor(seed);
      for (const profile of profiles) {
        const [a, b, c, d] = profile.ip.split('.');
        expect(DOCUMENTATION_NETWORKS).toContain(`${a}.${b}.${c}`);
        expect(Number(d)).toBeGreaterThanOrEqual(1);
        expect(Number(d)).toBeLessThanOrEqual(254);
        const base = { bf1942: 14567, bfvietnam: 15567, fh2: 16567 }[profile.game];
        expect(profile.port - base, profile.name).toBeGreaterThanOrEqual(0);
        expect(profile.port - base, profile.name).toBeLessThanOrEqual(4);
        const queryBase = profile.game === 'fh2' ? 29900 : 23000;
        expect(profile.queryPort - queryBase, profile.name).toBeGreaterThanOrEqual(0);
        expect(profile.queryPort - queryBase, profile.name).toBeLessThanOrEqual(6);
      }
      const endpoints = profiles.map((profile) => `${profile.ip}:${profile.port}`);
      expect(new Set(endpoints).size).toBe(profiles.length);
      const queryEndpoints = profiles.map((profile) => `${profile.ip}:${profile.queryPort}`);
      expect(new Set(queryEndpoints).size).toBe(profiles.length);
      // Clans and hosting companies run several servers on one box.
      expect(new Set(profiles.map((profile) => profile.ip)).size).toBeLessThan(profiles.length - 5);
    },
  );

  it.each(SEEDS)('seed %d: unique names of community style, within the length limit', (seed) => {
    const profiles = profilesFor(seed);
    const names = profiles.map((profile) => profile.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.length, name).toBeLessThanOrEqual(LONGEST_SERVER_NAME);
      expect(name, name).toBe(name.trim());
    }
    const tagged = names.filter((name) => CLAN_TAGS.some((tag) => name.startsWith(`${tag} `)));
    expect(tagged.length).toBeGreaterThan(names.length / 2);
  });

  it.each(SEEDS)('seed %d: regions, countries and time zones agree, and the runtime knows every zone', (seed) => {
    for (const profile of profilesFor(seed)) {
      const region = REGIONS.find((candidate) => candidate.id === profile.region);
      expect(region, profile.region).toBeDefined();
      expect(
        region?.countries.some((country) => country.code === profile.country && country.timeZone === profile.timeZone),
        `${profile.name}: ${profile.country} ${profile.timeZone}`,
      ).toBe(true);
      // Throws for a zone the runtime does not know.
      expect(() => new Intl.DateTimeFormat('en', { timeZone: profile.timeZone }), profile.timeZone).not.toThrow();
    }
  });

  it('hosts most servers in Europe, then North America; South America and Oceania have a few', () => {
    const profiles = MANY_WORLDS.flat();
    const share = (...regions: string[]): number =>
      profiles.filter((profile) => regions.includes(profile.region)).length / profiles.length;
    expect(share('europe-west', 'europe-north-east')).toBeGreaterThan(0.6);
    expect(share('north-america-east', 'north-america-west')).toBeGreaterThan(share('south-america', 'oceania'));
    expect(share('south-america')).toBeGreaterThan(0);
    expect(share('oceania')).toBeGreaterThan(0);
  });

  it.each(SEEDS)('seed %d: rotations of the game’s own maps, 4–10 long except the 24/7 servers', (seed) => {
    for (const profile of profilesFor(seed)) {
      for (const map of profile.rotation) expect(MAPS[profile.game], `${profile.name}: ${map.name}`).toContain(map);
      const distinct = new Set(profile.rotation.map((map) => map.name));
      expect(distinct.size, profile.name).toBe(profile.rotation.length);
      if (profile.name.includes('24/7')) {
        expect(profile.rotation, profile.name).toHaveLength(1);
      } else {
        expect(profile.rotation.length, profile.name).toBeGreaterThanOrEqual(4);
        expect(profile.rotation.length, profile.name).toBeLessThanOrEqual(10);
      }
      if (profile.game === 'fh2') {
        const fitting = profile.rotation.every((map) =>
          profile.maxPlayers === 64 ? map.size === 64 : map.size === 32 || map.size === 16,
        );
        expect(fitting, profile.name).toBe(true);
      }
    }
  });

  it.each(SEEDS)('seed %d: slots, passwords, bots and links in realistic proportions', (seed) => {
    const profiles = profilesFor(seed);
    const of = (game: GameId): WorldServerProfile[] => profiles.filter((profile) => profile.game === game);
    const share = (list: WorldServerProfile[], test: (profile: WorldServerProfile) => boolean): number =>
      list.filter(test).length / list.length;

    expect(share(of('bf1942'), (profile) => profile.maxPlayers === 32)).toBeGreaterThan(0.5);
    expect(share(of('bfvietnam'), (profile) => profile.maxPlayers === 32)).toBeGreaterThan(0.5);
    expect(share(of('fh2'), (profile) => profile.maxPlayers === 64)).toBeGreaterThan(0.5);
    expect(profiles.filter((profile) => profile.hasPassword)).toHaveLength(6);

    const withBots = profiles.filter((profile) => profile.bots > 0);
    expect(withBots.length).toBeGreaterThanOrEqual(4);
    expect(withBots.length).toBeLessThanOrEqual(8);
    for (const profile of withBots) {
      expect(
        profile.rotation.every((map) => map.gameType === 'coop' || map.gameType === 'gpm_coop'),
        profile.name,
      ).toBe(true);
      expect(profile.bots, profile.name).toBeLessThanOrEqual(profile.maxPlayers / 2);
      if (profile.game === 'bf1942') {
        expect(profile.bots).toBeGreaterThanOrEqual(8);
        expect(profile.bots).toBeLessThanOrEqual(16);
      }
    }
    expect(withBots.some((profile) => profile.game === 'fh2')).toBe(true);

    for (const profile of profiles) {
      if (profile.discordUrl !== null) expect(profile.discordUrl).toMatch(/^https:\/\/discord\.gg\/[A-Za-z0-9]{7,10}$/);
      if (profile.forumUrl !== null) expect(profile.forumUrl).toMatch(/^https:\/\/[a-z0-9]+\.example\/forum$/);
    }
  });

  it('links about 30 % of servers to Discord and 20 % to a forum, over many seeds', () => {
    const profiles = MANY_WORLDS.flat();
    const discord = profiles.filter((profile) => profile.discordUrl !== null).length / profiles.length;
    const forum = profiles.filter((profile) => profile.forumUrl !== null).length / profiles.length;
    expect(discord).toBeGreaterThan(0.22);
    expect(discord).toBeLessThan(0.38);
    expect(forum).toBeGreaterThan(0.13);
    expect(forum).toBeLessThan(0.27);
  });

  it('gives one clan’s servers one box and one forum, and no two clans the same forum', () => {
    for (const profiles of MANY_WORLDS) {
      const boxesByForum = new Map<string, Set<string>>();
      for (const profile of profiles) {
        if (profile.forumUrl === null) continue;
        boxesByForum.set(profile.forumUrl, (boxesByForum.get(profile.forumUrl) ?? new Set()).add(profile.ip));
      }
      // A forum's servers all stand on one address: the clan's own box.
      for (const [forum, boxes] of boxesByForum) expect(boxes.size, forum).toBe(1);
    }
  });

  it.each(SEEDS)('seed %d: a few favourites and a long tail; passworded servers are the least visited', (seed) => {
    const profiles = profilesFor(seed);
    for (const profile of profiles) {
      expect(profile.popularity).toBeGreaterThanOrEqual(0.2);
      expect(profile.popularity).toBeLessThanOrEqual(2);
    }
    for (const game of GAMES.map((entry) => entry.id)) {
      const popularity = profiles.filter((profile) => profile.game === game).map((profile) => profile.popularity);
      expect(Math.max(...popularity), game).toBeGreaterThanOrEqual(1.5);
    }
    const bf1942 = profiles.filter((profile) => profile.game === 'bf1942');
    expect(bf1942.filter((profile) => profile.popularity >= 1).length).toBeLessThanOrEqual(5);
    expect(bf1942.filter((profile) => profile.popularity < 0.6).length).toBeGreaterThan(bf1942.length / 2);
    for (const profile of profiles.filter((candidate) => candidate.hasPassword)) expect(profile.popularity).toBe(0.2);
  });
});
