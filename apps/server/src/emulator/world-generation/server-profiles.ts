import type { GameId } from '@frontline/contract';
import type { Random } from '../random.ts';
import { CLAN_TAGS } from '../world-data/clan-tags.ts';
import { REGIONS } from '../world-data/regions.ts';
import {
  DOCUMENTATION_NETWORKS,
  PORTS,
  SERVER_PLANS,
  SERVER_SHARE_BY_REGION,
  type ServerKind,
  type ServerPlan,
} from '../world-data/server-list.ts';
import { COMMUNITY_TITLES } from '../world-data/server-name-words.ts';
import type { RegionDefinition, WorldServerProfile } from '../world-types.ts';
import { chooseRotation } from './map-rotations.ts';
import { composeServerName } from './server-names.ts';

/**
 * Builds the emulated world's servers from a seeded stream: who runs them (clans and tagless communities), where,
 * on which address and ports, with how many slots and bots, what they play and how popular they are. The list's
 * make-up is data (world-data/server-list.ts); everything drawn here comes from the `Random` passed in, so a
 * seed gives the same servers.
 */

interface Community {
  /** Clan tag, or null for a community that names its server without one. */
  tag: string | null;
  /** What the server name starts with for a tagless community. */
  title: string | null;
  slug: string;
  region: RegionDefinition;
  country: string;
  timeZone: string;
  discordUrl: string | null;
  forumUrl: string | null;
  /** The clan's box; a clan hosts all its servers on one address. */
  ip: string | null;
  servers: number;
}

/** Builds about sixty servers: forty BF1942, ten FH2, ten Vietnam. Pass a dedicated fork of the world's random. */
export function generateServerProfiles(random: Random): WorldServerProfile[] {
  const addresses = random.shuffle(
    DOCUMENTATION_NETWORKS.flatMap((network) => Array.from({ length: 254 }, (_, i) => `${network}.${i + 1}`)),
  );
  const clanTags = random.shuffle([...CLAN_TAGS]);
  const titles = random.shuffle([...COMMUNITY_TITLES]);
  const hosts = new Map<string, { gamePorts: Set<number>; queryPorts: Set<number> }>();
  const clans: Community[] = [];
  const providers: { ip: string; region: RegionDefinition; country: string; timeZone: string; servers: number }[] = [];
  const names = new Set<string>();
  const profiles: WorldServerProfile[] = [];

  const takeAddress = (): string => {
    const ip = addresses.pop();
    if (ip === undefined) throw new Error('out of documentation addresses');
    return ip;
  };

  for (const game of ['bf1942', 'fh2', 'bfvietnam'] as const) {
    for (const plan of random.shuffle([...SERVER_PLANS[game]])) {
      const community = chooseCommunity(random, plan, clans, clanTags, titles);
      const maxPlayers = plan.slots ?? chooseSlots(random, plan.kind);
      const { rotation, theatre } = chooseRotation(random, game, plan.kind, maxPlayers);

      let ip = community.ip;
      let country = community.country;
      let timeZone = community.timeZone;
      if (ip === null) {
        if (community.tag !== null) {
          ip = takeAddress();
          community.ip = ip;
        } else {
          // Tagless servers are often rented: several on one hosting company's box, in its country.
          const provider = providers.find(
            (candidate) => candidate.region === community.region && candidate.servers < 4,
          );
          if (provider && random.chance(0.4)) {
            provider.servers++;
            ({ ip, country, timeZone } = provider);
          } else {
            ip = takeAddress();
            providers.push({ ip, region: community.region, country, timeZone, servers: 1 });
          }
        }
      }
      const host = hosts.get(ip) ?? { gamePorts: new Set<number>(), queryPorts: new Set<number>() };
      hosts.set(ip, host);
      const { port, queryPort } = choosePorts(random, game, host);

      const name = composeServerName(random, {
        game,
        kind: plan.kind,
        maxPlayers,
        community,
        country,
        rotation,
        theatre,
        taken: names,
      });
      names.add(name);
      community.servers++;

      profiles.push({
        game,
        ip,
        port,
        queryPort,
        name,
        region: community.region.id,
        country,
        timeZone,
        maxPlayers,
        hasPassword: plan.kind === 'private',
        bots: chooseBots(random, game, plan.kind, maxPlayers),
        rotation,
        popularity: 0,
        discordUrl: community.discordUrl,
        forumUrl: community.forumUrl,
      });
    }
  }

  assignPopularity(random, profiles);
  return profiles;
}

function chooseCommunity(
  random: Random,
  plan: ServerPlan,
  clans: Community[],
  clanTags: string[],
  titles: string[],
): Community {
  // Private servers are clan training grounds; public ones are about three quarters clan-run.
  const clanRun = plan.kind === 'private' || random.chance(0.75);
  if (clanRun) {
    // Established clans often run a second or third server, sometimes for another of the games.
    const withRoom = clans.filter((clan) => clan.servers < 3);
    if (withRoom.length > 0 && random.chance(0.3)) return random.pick(withRoom);
    const tag = clanTags.pop();
    if (tag !== undefined) {
      const clan = createCommunity(random, tag, null, 0.35, 0.25);
      clans.push(clan);
      return clan;
    }
  }
  const title = titles.pop() ?? `Community ${random.int(100, 999)}`;
  return createCommunity(random, null, title, 0.2, 0.1);
}

function createCommunity(
  random: Random,
  tag: string | null,
  title: string | null,
  discordChance: number,
  forumChance: number,
): Community {
  const region = random.weightedPick(REGIONS, (candidate) => SERVER_SHARE_BY_REGION[candidate.id] ?? 0);
  const home = random.weightedPick(region.countries, (candidate) => candidate.weight);
  const slug = (tag ?? title ?? 'clan').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return {
    tag,
    title,
    slug,
    region,
    country: home.code,
    timeZone: home.timeZone,
    discordUrl: random.chance(discordChance) ? `https://discord.gg/${generateInviteCode(random)}` : null,
    // Only reserved .example domains: the links are shown and followed in demos.
    forumUrl: random.chance(forumChance) ? `https://${slug}.example/forum` : null,
    ip: null,
    servers: 0,
  };
}

const INVITE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function generateInviteCode(random: Random): string {
  let code = '';
  const length = random.int(7, 10);
  for (let i = 0; i < length; i++) code += INVITE_ALPHABET.charAt(random.int(0, INVITE_ALPHABET.length - 1));
  return code;
}

function chooseSlots(random: Random, kind: ServerKind): 32 | 64 {
  // 64 players is for the big conquest servers; most of the list runs 32.
  const chanceOf64 =
    kind === 'mixed' || kind === 'conquest' ? 0.3 : kind === 'theatre' ? 0.25 : kind === 'single-map' ? 0.35 : 0;
  return random.chance(chanceOf64) ? 64 : 32;
}

function choosePorts(
  random: Random,
  game: GameId,
  host: { gamePorts: Set<number>; queryPorts: Set<number> },
): { port: number; queryPort: number } {
  const defaults = PORTS[game];
  // The first server on a box keeps the default port; a few admins still move it by one or two.
  let offset = host.gamePorts.size === 0 && random.chance(0.1) ? random.int(1, 2) : 0;
  while (host.gamePorts.has(defaults.game + offset)) offset++;
  const port = defaults.game + offset;
  host.gamePorts.add(port);
  // Query ports follow the game port's offset; BF1942 and Vietnam share 23000, so the next one free is taken.
  let queryPort = defaults.query + offset;
  while (host.queryPorts.has(queryPort)) queryPort++;
  host.queryPorts.add(queryPort);
  return { port, queryPort };
}

function chooseBots(random: Random, game: GameId, kind: ServerKind, maxPlayers: number): number {
  if (kind !== 'coop') return 0;
  if (game === 'fh2') return maxPlayers === 64 ? random.int(16, 32) : random.int(8, 16);
  if (game === 'bfvietnam') return random.int(8, 12);
  return random.int(8, 16);
}
/**
 * Spreads popularity as real server lists are: a few favourites hold the crowd, a long tail sees a handful of
 * regulars. Passworded servers are only ever visited by their members.
 */
function assignPopularity(random: Random, profiles: WorldServerProfile[]): void {
  for (const game of ['bf1942', 'fh2', 'bfvietnam'] as const) {
    const open = random.shuffle(profiles.filter((profile) => profile.game === game && !profile.hasPassword));
    open.forEach((profile, rank) => {
      const popularity = (2 / Math.sqrt(rank + 1)) * random.float(0.9, 1.1);
      profile.popularity = Math.round(Math.min(2, Math.max(0.2, popularity)) * 100) / 100;
    });
  }
  for (const profile of profiles) if (profile.hasPassword) profile.popularity = 0.2;
}
