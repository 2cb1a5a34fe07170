import { GAMES, type GameId } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { isDefaultBotName } from '../domain/bots.ts';
import { decodePlayerNameForDisplay } from '@frontline/contract';
import { Random } from './random.ts';
import { MAPS, PING_BY_REGION, REGIONS } from './world-data.ts';
import {
  CLAN_TAGS,
  DOCUMENTATION_NETWORKS,
  MAX_PLAYER_NAME_LENGTH,
  MAX_SERVER_NAME_LENGTH,
  generatePlayerName,
  generateServerProfiles,
} from './world-generation.ts';
import type { WorldServerProfile } from './world-types.ts';

const SEEDS = [1, 2, 3, 42, 1942, 20_240_601];

function profilesFor(seed: number): WorldServerProfile[] {
  return generateServerProfiles(new Random(seed).fork('servers'));
}

function generateNames(seed: number, count: number): string[] {
  const random = new Random(seed).fork('population');
  const taken = new Set<string>();
  return Array.from({ length: count }, () =>
    generatePlayerName(
      random,
      random.weightedPick(REGIONS, (region) => region.playerShare),
      taken,
    ),
  );
}

/** Every character cp1252 can encode, i.e. every character a legacy game name can arrive with. */
const CP1252_CHARACTERS: ReadonlySet<string> = new Set(
  [...new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, byte) => byte))].filter(
    (char, byte) => byte >= 0x20 && byte !== 0x7f && (byte < 0x80 || byte > 0x9f || char.charCodeAt(0) > 0xff),
  ),
);

describe('world data', () => {
  it('has enough real maps per game, each with two team labels and sane tickets and time limits', () => {
    const distinctNames = (game: GameId): number => new Set(MAPS[game].map((map) => map.name)).size;
    expect(distinctNames('bf1942')).toBeGreaterThanOrEqual(16);
    expect(distinctNames('fh2')).toBeGreaterThanOrEqual(10);
    expect(distinctNames('bfvietnam')).toBeGreaterThanOrEqual(8);
    for (const game of GAMES.map((entry) => entry.id)) {
      for (const map of MAPS[game]) {
        expect(map.name, map.name).toMatch(/^[a-z0-9_]+$/);
        expect(map.teams[0]).not.toBe(map.teams[1]);
        expect(map.timeLimitSeconds).toBeGreaterThanOrEqual(20 * 60);
        expect(map.timeLimitSeconds).toBeLessThanOrEqual(60 * 60);
        expect(map.tickets).toBeGreaterThanOrEqual(0);
        if (map.gameType === 'conquest') {
          expect(map.tickets).toBeGreaterThanOrEqual(100);
          expect(map.tickets).toBeLessThanOrEqual(300);
          expect(map.timeLimitSeconds).toBeLessThanOrEqual(40 * 60);
        }
      }
    }
  });

  it('uses each game’s own game types, team labels and (for FH2) layer sizes', () => {
    expect(new Set(MAPS.bf1942.map((map) => map.gameType))).toEqual(new Set(['conquest', 'coop', 'ctf', 'tdm']));
    expect(MAPS.bf1942.every((map) => map.teams[0] === 'Axis' && map.teams[1] === 'Allies')).toBe(true);
    expect(new Set(MAPS.fh2.map((map) => map.gameType))).toEqual(new Set(['gpm_cq', 'gpm_coop']));
    expect(MAPS.fh2.every((map) => map.size === 16 || map.size === 32 || map.size === 64)).toBe(true);
    expect(MAPS.bf1942.every((map) => map.size === undefined)).toBe(true);
    expect(MAPS.bfvietnam.every((map) => map.teams[0] === 'NVA' && ['US', 'ARVN'].includes(map.teams[1]))).toBe(true);
    for (const name of ['el_alamein', 'wake', 'stalingrad', 'berlin', 'omaha_beach', 'battle_of_the_bulge', 'midway']) {
      expect(
        MAPS.bf1942.some((map) => map.name === name && map.gameType === 'conquest'),
        name,
      ).toBe(true);
    }
    for (const name of ['ramelle', 'brest', 'operation_goodwood', 'villers_bocage', 'pegasus', 'totalize']) {
      expect(
        MAPS.fh2.some((map) => map.name === name),
        name,
      ).toBe(true);
    }
    for (const name of ['hue', 'ia_drang', 'khe_sanh', 'operation_hastings', 'saigon_1968', 'fall_of_saigon']) {
      expect(
        MAPS.bfvietnam.some((map) => map.name === name),
        name,
      ).toBe(true);
    }
  });

  it('has no two layers of one game with the same map, game type and size', () => {
    for (const game of GAMES.map((entry) => entry.id)) {
      const keys = MAPS[game].map((map) => `${map.name}|${map.gameType}|${map.size ?? ''}`);
      expect(new Set(keys).size, game).toBe(keys.length);
    }
  });

  it('places the community mostly in Europe, then North America, with real time zones and weights', () => {
    const share = (id: string): number => REGIONS.find((region) => region.id === id)?.playerShare ?? 0;
    expect(REGIONS.reduce((sum, region) => sum + region.playerShare, 0)).toBeCloseTo(1, 6);
    expect(share('europe-west') + share('europe-north-east')).toBeGreaterThan(0.6);
    expect(share('north-america-east') + share('north-america-west')).toBeGreaterThan(
      share('south-america') + share('oceania'),
    );
    for (const region of REGIONS) {
      expect(region.countries.length, region.id).toBeGreaterThan(0);
      const weights = region.countries.map((country) => country.weight);
      expect(weights, region.id).toEqual([...weights].sort((a, b) => b - a));
      for (const country of region.countries) {
        expect(country.code).toMatch(/^[A-Z]{2}$/);
        // Throws for a zone the runtime does not know.
        expect(() => new Intl.DateTimeFormat('en', { timeZone: country.timeZone }), country.timeZone).not.toThrow();
      }
    }
  });

  it('estimates pings symmetrically: short within a region, long across oceans', () => {
    for (const from of REGIONS) {
      for (const to of REGIONS) {
        const ping = PING_BY_REGION(from.id, to.id);
        expect(PING_BY_REGION(to.id, from.id)).toEqual(ping);
        expect(ping.jitter).toBeGreaterThan(0);
        if (from.id === to.id) {
          expect(ping.base).toBeGreaterThanOrEqual(20);
          expect(ping.base).toBeLessThanOrEqual(45);
        } else {
          expect(ping.base).toBeGreaterThan(40);
        }
      }
    }
    expect(PING_BY_REGION('europe-west', 'north-america-east').base).toBeGreaterThanOrEqual(100);
    expect(PING_BY_REGION('europe-west', 'north-america-east').base).toBeLessThanOrEqual(130);
    expect(PING_BY_REGION('europe-west', 'oceania').base).toBeGreaterThanOrEqual(250);
    expect(() => PING_BY_REGION('europe-west', 'antarctica')).toThrow(RangeError);
  });
});

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
        expect(DOCUMENTATION_NETWORKS as readonly string[]).toContain(`${a}.${b}.${c}`);
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

  it('has distinct clans: no two tags share the letters their forum address is made of', () => {
    const slugs = CLAN_TAGS.map((tag) => tag.replace(/[^A-Za-z0-9]/g, '').toLowerCase());
    expect(new Set(slugs).size).toBe(CLAN_TAGS.length);
  });

  it.each(SEEDS)('seed %d: unique names of community style, within the length limit', (seed) => {
    const profiles = profilesFor(seed);
    const names = profiles.map((profile) => profile.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.length, name).toBeLessThanOrEqual(MAX_SERVER_NAME_LENGTH);
      expect(name, name).toBe(name.trim());
    }
    const tagged = names.filter((name) => CLAN_TAGS.some((tag) => name.startsWith(`${tag} `)));
    expect(tagged.length).toBeGreaterThan(names.length / 2);
  });

  it.each(SEEDS)('seed %d: regions, countries and time zones agree', (seed) => {
    for (const profile of profilesFor(seed)) {
      const region = REGIONS.find((candidate) => candidate.id === profile.region);
      expect(region, profile.region).toBeDefined();
      expect(
        region?.countries.some((country) => country.code === profile.country && country.timeZone === profile.timeZone),
        `${profile.name}: ${profile.country} ${profile.timeZone}`,
      ).toBe(true);
    }
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
    const profiles = Array.from({ length: 40 }, (_, seed) => profilesFor(seed)).flat();
    const discord = profiles.filter((profile) => profile.discordUrl !== null).length / profiles.length;
    const forum = profiles.filter((profile) => profile.forumUrl !== null).length / profiles.length;
    expect(discord).toBeGreaterThan(0.22);
    expect(discord).toBeLessThan(0.38);
    expect(forum).toBeGreaterThan(0.13);
    expect(forum).toBeLessThan(0.27);
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

describe('generatePlayerName', () => {
  const names = generateNames(1942, 5000);

  it('is deterministic per seed', () => {
    expect(generateNames(1942, 500)).toEqual(names.slice(0, 500));
    expect(generateNames(1943, 500)).not.toEqual(names.slice(0, 500));
  });

  it('gives 5,000 unique names and records each in `taken`', () => {
    expect(new Set(names).size).toBe(5000);
    const taken = new Set<string>(['Rusty']);
    const random = new Random(1);
    const region = REGIONS[0]!;
    const name = generatePlayerName(random, region, taken);
    expect(taken.has(name)).toBe(true);
    expect(taken.size).toBe(2);
  });

  it('never gives a default bot name, a too long name, or surrounding spaces', () => {
    for (const name of names) {
      expect(isDefaultBotName(name), name).toBe(false);
      expect(name.length, name).toBeLessThanOrEqual(MAX_PLAYER_NAME_LENGTH);
      expect(name.length, name).toBeGreaterThanOrEqual(2);
      expect(name, name).toBe(name.trim());
    }
  });

  it('uses only characters a cp1252 game name can carry', () => {
    for (const name of names) {
      for (const char of name) expect(CP1252_CHARACTERS.has(char), `${name}: ${char}`).toBe(true);
    }
  });

  it('mixes plain names, clan tags, decorations and accented letters', () => {
    const tagged = names.filter(
      (name) => /^(\[|=|-=|\{|\||\(|\.:|~|<)/.test(name) || CLAN_TAGS.some((tag) => name.includes(tag)),
    );
    const decorated = names.filter((name) => /[\^*~|_†«»×•¤°]/.test(name));
    const accented = names.filter((name) => /[À-ÖØ-öø-ÿ]/.test(name) && decodePlayerNameForDisplay(name) === name);
    const withDigits = names.filter((name) => /[0-9]/.test(name));
    const plain = names.filter((name) => /^[A-Za-z]+$/.test(name));
    expect(tagged.length / names.length).toBeGreaterThan(0.12);
    expect(decorated.length / names.length).toBeGreaterThan(0.15);
    expect(accented.length).toBeGreaterThan(50);
    expect(withDigits.length / names.length).toBeGreaterThan(0.15);
    expect(plain.length / names.length).toBeGreaterThan(0.15);
    // Members of the same clans show up more than once.
    const clanMembers = CLAN_TAGS.map((tag) => names.filter((name) => name.includes(tag)).length);
    expect(Math.max(...clanMembers)).toBeGreaterThanOrEqual(5);
  });

  it('sends some Russian-speaking players as cp1251 mojibake that decodes to Cyrillic; other names decode unchanged', () => {
    const decoded = names.map((name) => ({ name, shown: decodePlayerNameForDisplay(name) }));
    const cyrillic = decoded.filter(({ name, shown }) => shown !== name);
    expect(cyrillic.length).toBeGreaterThan(50);
    expect(cyrillic.length / names.length).toBeLessThan(0.1);
    for (const { shown } of cyrillic) expect(shown, shown).toMatch(/[А-яЁёІіЇїЄєЎў]/);
    // Names that are not mojibake never look like it: accents and symbols stay as they are.
    const latin = decoded.filter(({ name }) => !/[À-ÿ¨¸³²º¿¡¢ª¯]{3}/.test(name));
    for (const { name, shown } of latin) expect(shown, name).toBe(name);
  });

  it('gives Cyrillic names only to players from Russian-speaking countries', () => {
    const random = new Random(5);
    const taken = new Set<string>();
    const region = REGIONS.find((candidate) => candidate.id === 'europe-north-east')!;
    const russians = Array.from({ length: 500 }, () => generatePlayerName(random, region, taken, 'RU'));
    const swedes = Array.from({ length: 500 }, () => generatePlayerName(random, region, taken, 'SE'));
    const isMojibake = (name: string): boolean => decodePlayerNameForDisplay(name) !== name;
    const russianShare = russians.filter(isMojibake).length / russians.length;
    expect(russianShare).toBeGreaterThan(0.2);
    expect(russianShare).toBeLessThan(0.5);
    expect(swedes.filter(isMojibake)).toEqual([]);
  });

  it('still finds a unique name when the common ones are taken', () => {
    const random = new Random(9);
    const taken = new Set<string>();
    const region = REGIONS[0]!;
    const many = Array.from({ length: 30_000 }, () => generatePlayerName(random, region, taken, 'DE'));
    expect(new Set(many).size).toBe(many.length);
    expect(many.every((name) => name.length <= MAX_PLAYER_NAME_LENGTH && !isDefaultBotName(name))).toBe(true);
  });
});
