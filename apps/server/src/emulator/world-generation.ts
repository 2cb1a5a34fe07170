import type { GameId } from '@frontline/contract';
import { isDefaultBotName } from '../domain/bots.ts';
import { encodeAsLegacyMojibake } from '@frontline/contract';
import type { Random } from './random.ts';
import { MAPS, REGIONS } from './world-data.ts';
import type { MapDefinition, RegionDefinition, WorldServerProfile } from './world-types.ts';

/**
 * Builds the emulated world's cast from a seeded stream: the servers (who runs them, where, what they play)
 * and the players' names. Everything drawn here comes from the `Random` passed in, so a seed gives the same
 * world; callers hand each builder its own fork so the two never shift each other.
 */

// ─── Servers ────────────────────────────────────────────────────────────────────────────────────────────────

/** The games cut player names at about 24 characters, so no longer name ever reaches the feed. */
export const MAX_PLAYER_NAME_LENGTH = 24;

/** Long enough for a tag, a description and a country, short enough for a server browser column. */
export const MAX_SERVER_NAME_LENGTH = 40;

/**
 * Only the documentation ranges of RFC 5737: addresses that can never belong to a real server, so the emulated
 * list can be shown, copied and even "joined" without pointing anyone at someone else's machine.
 */
export const DOCUMENTATION_NETWORKS = ['192.0.2', '198.51.100', '203.0.113'] as const;

/** Default game and query ports: the games' own, with the next ports taken by further servers on one host. */
const PORTS: Readonly<Record<GameId, { game: number; query: number }>> = {
  bf1942: { game: 14567, query: 23000 },
  bfvietnam: { game: 15567, query: 23000 },
  fh2: { game: 16567, query: 29900 },
};

type ServerKind = 'mixed' | 'conquest' | 'single-map' | 'theatre' | 'ctf' | 'tdm' | 'coop' | 'private';

interface ServerPlan {
  kind: ServerKind;
  /** Slots when the kind fixes them; otherwise drawn per game. */
  slots?: 32 | 64;
}

function repeatPlan(count: number, plan: ServerPlan): ServerPlan[] {
  return Array.from({ length: count }, () => plan);
}

/**
 * The make-up of each game's server list. Fixed counts (the draw decides who runs them, where, and what they
 * play) keep the world's shape stable across seeds: about a tenth passworded, a few co-op servers with bots.
 */
const SERVER_PLANS: Readonly<Record<GameId, readonly ServerPlan[]>> = {
  bf1942: [
    ...repeatPlan(15, { kind: 'mixed' }),
    ...repeatPlan(8, { kind: 'conquest' }),
    ...repeatPlan(3, { kind: 'single-map' }),
    ...repeatPlan(4, { kind: 'theatre' }),
    ...repeatPlan(2, { kind: 'ctf', slots: 32 }),
    ...repeatPlan(1, { kind: 'tdm', slots: 32 }),
    ...repeatPlan(3, { kind: 'coop', slots: 32 }),
    ...repeatPlan(4, { kind: 'private', slots: 32 }),
  ],
  fh2: [
    ...repeatPlan(5, { kind: 'mixed', slots: 64 }),
    ...repeatPlan(1, { kind: 'mixed', slots: 32 }),
    ...repeatPlan(1, { kind: 'theatre', slots: 64 }),
    ...repeatPlan(1, { kind: 'coop', slots: 64 }),
    ...repeatPlan(1, { kind: 'coop', slots: 32 }),
    ...repeatPlan(1, { kind: 'private', slots: 64 }),
  ],
  bfvietnam: [
    ...repeatPlan(5, { kind: 'mixed', slots: 32 }),
    ...repeatPlan(1, { kind: 'mixed', slots: 64 }),
    ...repeatPlan(1, { kind: 'single-map', slots: 32 }),
    ...repeatPlan(1, { kind: 'coop', slots: 32 }),
    ...repeatPlan(1, { kind: 'ctf', slots: 32 }),
    ...repeatPlan(1, { kind: 'private', slots: 32 }),
  ],
};

/** Where servers are hosted: like the players, but the European hosts carry even more of the list. */
const SERVER_SHARE_BY_REGION: Readonly<Record<string, number>> = {
  'europe-west': 0.5,
  'europe-north-east': 0.18,
  'north-america-east': 0.17,
  'north-america-west': 0.06,
  'south-america': 0.04,
  oceania: 0.05,
};

/** Clan tags as worn on servers and by members; the same clans run servers and fill them. */
export const CLAN_TAGS: readonly string[] = [
  '=DoG=',
  '[BFC]',
  '-=TBF=-',
  '|GG|',
  '{SoS}',
  '=|BoB|=',
  '[WaW]',
  '~OWL~',
  '.:EoD:.',
  '[KGB]',
  '=ULS=',
  '(FuN)',
  '[42nd]',
  '=Tx=',
  '-[DK]-',
  '[HR]',
  '=BSK=',
  '[Vet]',
  '|TAW|',
  '{FHQ}',
  '=MoB=',
  '[SAS]',
  '-=ESK=-',
  '[LoA]',
  '=RD=',
  '[101st]',
  '|PzG|',
  '=WoT=',
  '[NoR]',
  '{KoH}',
  '[iCE]',
  '=NbK=',
  '[DSG]',
  '-=OP=-',
  '|RaW|',
  '[BoC]',
  '=FoX=',
  '[HaWk]',
  '(SoF)',
  '[TLS]',
  '=GoW=',
  '[UBC]',
  '{DWB}',
  '=ZeT=',
  '[NWO]',
  '[AiR]',
  '[JaG]',
  '=SGR=',
  '[2ndRB]',
  '[LW]',
  '=OZ=',
  '[KiA]',
  '[MTL]',
  '|BzK|',
  '-=VoR=-',
  '{ROC}',
  '=EWC=',
  '[Dutch]',
  '=BRT=',
  '[GFL]',
  '|OLD|',
  '[Lobo]',
  '=AoD=',
  '{TFB}',
  '[STG]',
  '-=WF=-',
  '[1stID]',
  '=SiN=',
  '[CoS]',
  '|RAF|',
];

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

const COMMUNITY_TITLES: readonly string[] = [
  'Old Guard',
  'Veterans of 1942',
  'Frontline Legends',
  'Battlefield Classics',
  'Rusty Rifles',
  'Sandbag Society',
  'Lost Battalion',
  'Nostalgia Corps',
  'Iron Brigade',
  'Home Front',
  'Sunday Soldiers',
  'Second Wind',
  'Last Stand',
  'Eagle Squadron',
  'Lucky Seven',
  'Grey Beards',
  'Foxhole Club',
  'Night Owls',
  'Dad Gamers',
  'Retro Warfare',
  'Trench Buddies',
  'Silent Partners',
  'Big Red One',
  'Desert Foxes',
  'Tin Helmets',
  'Happy Campers',
];

const DESCRIPTORS: Readonly<Record<GameId, Readonly<Partial<Record<ServerKind, readonly string[]>>>>> = {
  bf1942: {
    mixed: [
      'Vanilla',
      'Vanilla 1.61',
      'Classic Rotation',
      'All Maps',
      'No Rules',
      'Mixed Maps',
      'Public',
      'Fun Server',
      'Oldschool',
      'Noob Friendly',
      'Casual',
      'Best of 1942',
      'Public Server',
      'Battlefield 1942',
      'BF1942 Public',
      'Veterans Welcome',
      'Relaxed Gaming',
      'No Ping Limit',
      'High Tickets',
      'Fast Rounds',
      'Classic 1942',
    ],
    conquest: ['Conquest Only', 'Pure Conquest', 'Conquest | Vanilla', 'CQ Only', 'Conquest | No Rules', 'Big Maps CQ'],
    ctf: ['CTF Only', 'Capture the Flag', 'CTF Fun'],
    tdm: ['Team DM', 'TDM Infantry', 'Infantry TDM'],
    coop: ['Coop vs Bots', 'Co-op | Bots', 'Bot Fun', 'Coop Training', 'Coop Noobs'],
    private: ['Clan Training', 'Private', 'Match Server', 'War Server', 'Scrim Server', 'Members Only', 'Clanwar'],
  },
  fh2: {
    mixed: [
      'Forgotten Hope 2',
      'FH2 Public',
      'FH2 | 64p',
      'FH2 Realism',
      'FH2 Tank Battles',
      'FH2 Classic',
      'FH2 Mixed Layers',
      'Forgotten Hope 2 Public',
      'FH2 Sunday Ops',
    ],
    coop: ['FH2 Coop', 'FH2 Coop vs Bots', 'FH2 Bot Night'],
    private: ['FH2 Event Server', 'FH2 Clan Training', 'FH2 Match'],
  },
  bfvietnam: {
    mixed: [
      'Vietnam Conquest',
      "Charlie Don't Surf",
      'Rolling Thunder',
      'Huey Heaven',
      'Jungle Warfare',
      'Classic Vietnam',
      'BFV Public',
      'Battlefield Vietnam',
      'Nam Vets',
      'Napalm in the Morning',
    ],
    ctf: ['BFV CTF', 'Vietnam CTF'],
    coop: ['BFV Coop', 'Vietnam Coop vs Bots'],
    private: ['BFV Clan Training', 'BFV Private'],
  },
};

/** Descriptors for a 32-slot FH2 server, which runs the small layers. */
const FH2_SMALL_DESCRIPTORS: readonly string[] = ['FH2 Small Maps', 'FH2 | 32p', 'FH2 Infantry'];

interface Theatre {
  label: readonly string[];
  maps: ReadonlySet<string>;
}

const THEATRES: Readonly<Partial<Record<GameId, readonly Theatre[]>>> = {
  bf1942: [
    {
      label: ['Pacific Theatre', 'Island Hopping', 'Pacific Only'],
      maps: new Set(['wake', 'midway', 'iwo_jima', 'guadalcanal', 'coral_sea', 'invasion_of_the_philippines']),
    },
    {
      label: ['Desert Maps', 'Desert Rats', 'North Africa Only'],
      maps: new Set(['el_alamein', 'tobruk', 'gazala', 'battleaxe', 'aberdeen']),
    },
    { label: ['Eastern Front', 'Ostfront'], maps: new Set(['stalingrad', 'kursk', 'kharkov', 'berlin']) },
    {
      label: ['Western Front', 'Normandy & Co'],
      maps: new Set(['omaha_beach', 'battle_of_the_bulge', 'market_garden', 'bocage', 'liberation_of_caen', 'berlin']),
    },
  ],
  fh2: [
    {
      label: ['FH2 Normandy Only', 'FH2 Normandy'],
      maps: new Set([
        'ramelle',
        'brest',
        'operation_goodwood',
        'villers_bocage',
        'st_lo_breakthrough',
        'pegasus',
        'lebisey',
        'totalize',
        'operation_cobra',
        'purple_heart_lane',
        'port_en_bessin',
      ]),
    },
    {
      label: ['FH2 North Africa', 'FH2 Desert'],
      maps: new Set(['mareth_line', 'tobruk', 'gazala', 'sidi_rezegh', 'alam_halfa', 'bardia', 'supercharge']),
    },
  ],
};

/** Maps whose single-map (24/7) servers are a community classic. */
const SINGLE_MAP_FAVOURITES: Readonly<Partial<Record<GameId, readonly string[]>>> = {
  bf1942: ['wake', 'el_alamein', 'berlin', 'omaha_beach', 'stalingrad', 'kursk'],
  bfvietnam: ['hue', 'khe_sanh', 'ia_drang'],
};

/** How players write map names when they put them in a server name, where that differs from the level name. */
const MAP_TITLES: Readonly<Record<string, string>> = {
  wake: 'Wake Island',
  omaha_beach: 'Omaha',
  hue: 'Hue City',
};

function titleOfMap(name: string): string {
  return (
    MAP_TITLES[name] ??
    name
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
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

function chooseRotation(
  random: Random,
  game: GameId,
  kind: ServerKind,
  maxPlayers: number,
): { rotation: MapDefinition[]; theatre: Theatre | null } {
  const maps = MAPS[game];
  // FH2 servers run the layer that fits their slots; the small layers go on 32-slot servers.
  const fits = (map: MapDefinition): boolean =>
    map.size === undefined || (maxPlayers === 64 ? map.size === 64 : map.size === 32 || map.size === 16);
  const conquestType = game === 'fh2' ? 'gpm_cq' : 'conquest';
  const coopType = game === 'fh2' ? 'gpm_coop' : 'coop';

  switch (kind) {
    case 'single-map': {
      const favourites = SINGLE_MAP_FAVOURITES[game] ?? [];
      const map = random.pick(
        maps.filter((candidate) => candidate.gameType === conquestType && favourites.includes(candidate.name)),
      );
      return { rotation: [map], theatre: null };
    }
    case 'theatre': {
      const theatre = random.pick(THEATRES[game] ?? []);
      const pool = maps.filter((map) => map.gameType === conquestType && fits(map) && theatre.maps.has(map.name));
      return { rotation: drawRotation(random, pool, 4, 8), theatre };
    }
    case 'ctf':
    case 'tdm':
      return {
        rotation: drawRotation(
          random,
          maps.filter((map) => map.gameType === kind),
          4,
          6,
        ),
        theatre: null,
      };
    case 'coop':
      return {
        rotation: drawRotation(
          random,
          maps.filter((map) => map.gameType === coopType && fits(map)),
          4,
          8,
        ),
        theatre: null,
      };
    case 'mixed': {
      const conquest = drawRotation(
        random,
        maps.filter((map) => map.gameType === conquestType && fits(map)),
        5,
        10,
      );
      // Some public BF1942 servers slip a CTF or TDM round into the conquest rotation.
      if (game === 'bf1942' && random.chance(0.25)) {
        const used = new Set(conquest.map((map) => map.name));
        const extras = maps.filter((map) => (map.gameType === 'ctf' || map.gameType === 'tdm') && !used.has(map.name));
        const extra = random.pick(extras);
        if (conquest.length >= 10) conquest[random.int(1, conquest.length - 1)] = extra;
        else conquest.splice(random.int(1, conquest.length), 0, extra);
      }
      return { rotation: conquest, theatre: null };
    }
    case 'conquest':
    case 'private':
      return {
        rotation: drawRotation(
          random,
          maps.filter((map) => map.gameType === conquestType && fits(map)),
          4,
          10,
        ),
        theatre: null,
      };
  }
}

/** A rotation of distinct maps from the pool, between min and max long (shorter only if the pool is). */
function drawRotation(random: Random, pool: readonly MapDefinition[], min: number, max: number): MapDefinition[] {
  const seen = new Set<string>();
  const distinct = random.shuffle([...pool]).filter((map) => {
    if (seen.has(map.name)) return false;
    seen.add(map.name);
    return true;
  });
  if (distinct.length === 0) throw new Error('no map fits this rotation');
  const length = random.int(Math.min(min, distinct.length), Math.min(max, distinct.length));
  return distinct.slice(0, length);
}

interface ServerNameInput {
  game: GameId;
  kind: ServerKind;
  maxPlayers: number;
  community: Community;
  country: string;
  rotation: readonly MapDefinition[];
  theatre: Theatre | null;
  taken: ReadonlySet<string>;
}

function composeServerName(random: Random, input: ServerNameInput): string {
  const { game, kind, community } = input;
  for (let attempt = 0; attempt < 20; attempt++) {
    const body = chooseDescriptor(random, input);
    const head = community.tag ?? community.title ?? '';
    const joiner = community.tag !== null ? ' ' : random.pick([' | ', ' - ']);
    // A tagless community's own server may just carry its name.
    let name = community.tag === null && kind === 'mixed' && random.chance(0.2) ? head : `${head}${joiner}${body}`;
    if (random.chance(0.35)) {
      const suffix = chooseLocationSuffix(random, community.region.id, input.country);
      if (name.length + suffix.length <= MAX_SERVER_NAME_LENGTH) name += suffix;
    }
    if (name.length <= MAX_SERVER_NAME_LENGTH && !input.taken.has(name)) return name;
  }
  // A clan with several servers of one kind numbers them, as clans do.
  const base = `${community.tag ?? community.title ?? ''} ${game === 'bf1942' ? 'Server' : game === 'fh2' ? 'FH2' : 'BFV'}`;
  for (let number = 2; ; number++) {
    const name = `${base} #${number}`;
    if (!input.taken.has(name)) return name;
  }
}

function chooseDescriptor(random: Random, input: ServerNameInput): string {
  const { game, kind, rotation, theatre } = input;
  if (kind === 'single-map') {
    const title = titleOfMap(rotation[0]?.name ?? '');
    return random.pick([`${title} 24/7`, `24/7 ${title}`, `${title} 24/7 Only`]);
  }
  if (kind === 'theatre' && theatre) return random.pick(theatre.label);
  if (game === 'fh2' && kind === 'mixed' && input.maxPlayers === 32) return random.pick(FH2_SMALL_DESCRIPTORS);
  const descriptors = DESCRIPTORS[game][kind] ?? DESCRIPTORS[game].mixed ?? [];
  return random.pick(descriptors);
}

function chooseLocationSuffix(random: Random, regionId: string, country: string): string {
  // Server names say "UK" where the country code says GB.
  const shown = country === 'GB' ? 'UK' : country;
  switch (regionId) {
    case 'europe-west':
    case 'europe-north-east':
      return random.pick([' | EU', ` [${shown}]`, ` | ${shown}`, ' [EU]']);
    case 'north-america-east':
      return country === 'CA'
        ? random.pick([' [CA]', ' | Canada'])
        : random.pick([' | US East', ' [US]', ' | NA', ' [NA East]']);
    case 'north-america-west':
      return country === 'CA' ? ' [CA West]' : random.pick([' | US West', ' [US]', ' | NA West']);
    case 'south-america':
      return random.pick([` [${shown}]`, ' | SA', ' | LatAm']);
    case 'oceania':
      return country === 'NZ' ? random.pick([' [NZ]', ' | OCE']) : random.pick([' [AUS]', ' | OCE', ' | AU']);
    default:
      return '';
  }
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

// ─── Player names ───────────────────────────────────────────────────────────────────────────────────────────

const NOUNS: readonly string[] = [
  'Sniper',
  'Medic',
  'Panzer',
  'Tommy',
  'Rusty',
  'Ghost',
  'Wolf',
  'Viper',
  'Hawk',
  'Eagle',
  'Falcon',
  'Tiger',
  'Flak',
  'Bazooka',
  'Grenade',
  'Rifle',
  'Gunner',
  'Pilot',
  'Ace',
  'Major',
  'Sarge',
  'Doc',
  'Shadow',
  'Reaper',
  'Hunter',
  'Raven',
  'Storm',
  'Thunder',
  'Bullet',
  'Trigger',
  'Smoke',
  'Dust',
  'Bunker',
  'Trench',
  'Mortar',
  'Sapper',
  'Scout',
  'Ranger',
  'Commando',
  'Para',
  'Spitfire',
  'Mustang',
  'Corsair',
  'Zero',
  'Stuka',
  'Sherman',
  'Jeep',
  'Willys',
  'Garand',
  'Thompson',
  'Kar98',
  'Mauser',
  'Bren',
  'Sten',
  'Luger',
  'Colt',
  'Boom',
  'Camper',
  'Noob',
  'Fragger',
  'Grunt',
  'Private',
  'Captain',
  'Colonel',
  'Admiral',
  'Bomber',
  'Tanker',
  'Gun',
  'Eye',
  'Fist',
  'Blade',
  'Knife',
  'Skull',
  'Bones',
  'Duke',
  'Baron',
  'Kaiser',
  'Shogun',
  'Banzai',
  'Pirate',
  'Outlaw',
  'Bandit',
  'Rebel',
  'Nomad',
  'Kraut',
  'Wrench',
  'Engineer',
  'Spotter',
  'Gopher',
  'Badger',
  'Moose',
  'Bear',
  'Fox',
  'Cobra',
  'Mamba',
  'Shark',
  'Rocket',
  'Flash',
  'Blitz',
  'Tank',
  'Hammer',
  'Anvil',
  'Crow',
  'Owl',
  'Lynx',
  'Jackal',
  'Hyena',
  'Rhino',
  'Bison',
  'Bulldog',
  'Terrier',
  'Hound',
  'Maverick',
  'Joker',
  'Bishop',
  'Rook',
  'Knight',
  'Cannon',
  'Howitzer',
  'Flanker',
  'Rambo',
  'Chief',
  'Sheriff',
  'Cowboy',
  'Yankee',
  'Digger',
  'Gremlin',
  'Goblin',
  'Monk',
  'Padre',
  'Wizard',
];

const ADJECTIVES: readonly string[] = [
  'Mad',
  'Crazy',
  'Silent',
  'Lucky',
  'Dirty',
  'Old',
  'Big',
  'Little',
  'Fat',
  'Angry',
  'Sneaky',
  'Lazy',
  'Drunk',
  'Evil',
  'Dark',
  'Red',
  'Black',
  'Grey',
  'Wild',
  'Lone',
  'Bloody',
  'Deadly',
  'Flying',
  'Rapid',
  'Happy',
  'Iron',
  'Steel',
  'Rusty',
  'Cold',
  'Hot',
  'Sleepy',
  'Grumpy',
  'Dizzy',
  'Killer',
  'Super',
  'Mega',
  'Brave',
  'Swift',
  'Sly',
  'Nasty',
  'Sir',
  'Mister',
  'Captain',
  'Major',
  'Uncle',
  'Baby',
  'Toxic',
  'Frosty',
  'Hungry',
  'Salty',
];

const RANKS: readonly string[] = ['Sgt', 'Pvt', 'Cpl', 'Cpt', 'Lt', 'Maj', 'Col', 'Gen', 'Cmdr', 'Pte', 'Sgt.Maj'];

/** First names and local words by country; the accented ones are cp1252 letters, as the games' names are. */
const LOCAL_WORDS: Readonly<Record<string, readonly string[]>> = {
  DE: [
    'Jäger',
    'Fuchs',
    'Bär',
    'Schütze',
    'Stürmer',
    'Müller',
    'Wölfchen',
    'Flügel',
    'Höllenhund',
    'Jürgen',
    'Jörg',
    'Hans',
    'Fritz',
    'Dieter',
    'Uwe',
    'Sven',
    'Landser',
    'Grenadier',
    'Kübel',
    'Löwe',
    'Späher',
    'Knödel',
  ],
  AT: ['Jäger', 'Schütze', 'Lausbub', 'Wastl', 'Franzl', 'Sepp', 'Hörnli', 'Grantler', 'Kaiserschmarrn', 'Bergfex'],
  CH: ['Gämsli', 'Ueli', 'Röschti', 'Bünzli', 'Chäs', 'Reto', 'Urs', 'Beat'],
  NL: [
    'Henk',
    'Sjaak',
    'Kees',
    'Joost',
    'Bram',
    'Pieter',
    'Gijs',
    'Ruud',
    'Stroopwafel',
    'Kaaskop',
    'Frikandel',
    'Klompje',
    'Dikkie',
    'Bolle',
  ],
  BE: ['Jef', 'Wout', 'Frietje', 'Kobe', 'Seppe', 'Lowie', 'Rémi', 'Gaëtan'],
  FR: [
    'Frédo',
    'Léon',
    'Béret',
    'Poilu',
    'Gégé',
    'Hérisson',
    'Bébert',
    'Jérôme',
    'Sébastien',
    'Gaulois',
    'Crâneur',
    'Zézé',
    'Loïc',
    'Renard',
  ],
  GB: [
    'Tommy',
    'Bloke',
    'Guv',
    'Jock',
    'Taff',
    'Monty',
    'Bulldog',
    'Chap',
    'Gaz',
    'Baz',
    'Dave',
    'Nige',
    'Kev',
    'Squaddie',
    'Brew',
  ],
  IE: ['Paddy', 'Seamus', 'Craic', 'Eoin', 'Niall', 'Shamrock'],
  DK: ['Søren', 'Bjørn', 'Viking', 'Mads', 'Rasmus', 'Frikadelle', 'Ølbasse', 'Kåre'],
  ES: ['Peña', 'Señor', 'Toro', 'Lobo', 'Gato', 'Loco', 'Paco', 'Nacho', 'Iñigo', 'Cañón', 'Guerrero'],
  PT: ['João', 'Tuga', 'Lobo', 'Zé', 'Gonçalo', 'Bacalhau'],
  IT: ['Lupo', 'Giò', 'Cecchino', 'Bersagliere', 'Niccolò', 'Peppone', 'Gnocco', 'Fràncesco'],
  SE: ['Björn', 'Åke', 'Sören', 'Kråka', 'Älg', 'Järv', 'Viking', 'Troll', 'Göran', 'Snöstorm', 'Lasse'],
  NO: ['Ørn', 'Bjørn', 'Troll', 'Viking', 'Ola', 'Fjellrev', 'Håkon', 'Sjøbjørn'],
  FI: ['Sisu', 'Pölö', 'Mökki', 'Häkä', 'Jääkäri', 'Karhu', 'Pekka', 'Sauna', 'Räkä', 'Mörkö'],
  PL: ['Kuba', 'Bartek', 'Tomek', 'Janek', 'Czolg', 'Kapral', 'Zbyszek', 'Wilk', 'Husarz', 'Sokol'],
  CZ: ['Pepik', 'Honza', 'Vlk', 'Tankista', 'Kapitan', 'Franta', 'Jirka'],
  SK: ['Jozo', 'Ferko', 'Vlk', 'Duro'],
  HU: ['Laci', 'Zoli', 'Huszar', 'Farkas', 'Gyuri', 'Pisti'],
  EE: ['Karu', 'Hunt', 'Sõdur', 'Jüri'],
  LT: ['Vilkas', 'Jonas', 'Karys'],
  RU: [
    'Sasha',
    'Vovan',
    'Dimon',
    'Medved',
    'Tankist',
    'Snaiper',
    'Kolyan',
    'Boroda',
    'Partizan',
    'Ded',
    'Serega',
    'Lexa',
    'Shturman',
  ],
  UA: ['Kozak', 'Taras', 'Sirko', 'Bogdan', 'Mykola', 'Hetman'],
  BY: ['Zubr', 'Partizan', 'Bulba', 'Yanka'],
  US: [
    'Yankee',
    'Cowboy',
    'GI_Joe',
    'Doughboy',
    'Marine',
    'Buck',
    'Tex',
    'Hoss',
    'Gator',
    'Bubba',
    'Leatherneck',
    'Dogface',
    'Hillbilly',
    'Jarhead',
  ],
  CA: ['Canuck', 'Moose', 'Hoser', 'Mountie', 'Beaver', 'Eh', 'Loonie', 'Québécois'],
  BR: ['Macaco', 'Gaúcho', 'Caçador', 'Tatu', 'Zé', 'Jacaré', 'Guerreiro', 'Capitão', 'Mineiro', 'Paçoca'],
  AR: ['Gaucho', 'Che', 'Pibe', 'Toro', 'Ñandú', 'Tano'],
  CL: ['Huaso', 'Cóndor', 'Pato', 'Roto'],
  AU: ['Digger', 'Bluey', 'Roo', 'Dingo', 'Mate', 'Bazza', 'Croc', 'Drongo', 'Larrikin', 'Wombat'],
  NZ: ['Kiwi', 'Sheepdog', 'Bro', 'Jandal', 'Kea'],
};

const NUMBER_TAILS_TO_AVOID: ReadonlySet<number> = new Set([14, 18, 28, 88]);

function chooseNumber(random: Random): string {
  const roll = random.next();
  if (roll < 0.45) {
    let number = random.int(1, 99);
    while (NUMBER_TAILS_TO_AVOID.has(number)) number = random.int(1, 99);
    return String(number);
  }
  if (roll < 0.6) return String(random.int(1939, 1945));
  if (roll < 0.8) return String(random.int(1970, 2004));
  if (roll < 0.9)
    return random.pick(['007', '101', '666', '777', '1337', '69', '420', '123', '321', '2k', '2k3', '2k4']);
  return String(random.int(100, 999));
}

const LEET: Readonly<Record<string, string>> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };

function toLeet(word: string): string {
  return [...word]
    .map((char, index) => (index > 0 && LEET[char.toLowerCase()] ? LEET[char.toLowerCase()]! : char))
    .join('');
}

/** A name of the kind people typed into the game in 2003: a word or two, often a number, sometimes a rank. */
function composeNickname(random: Random, country: string, local: boolean): string {
  const locals = LOCAL_WORDS[country];
  const noun = local && locals ? random.pick(locals) : random.pick(NOUNS);
  const roll = random.next();
  if (roll < 0.24)
    return random.chance(0.55) ? `${noun}${random.pick(['', '_', '-', ''])}${chooseNumber(random)}` : noun;
  if (roll < 0.46) {
    const joiner = random.pick(['', '', '_', ' ', '-', '.']);
    const name = `${random.pick(ADJECTIVES)}${joiner}${noun}`;
    return random.chance(0.2) ? `${name}${chooseNumber(random)}` : name;
  }
  if (roll < 0.58) return `${random.pick(RANKS)}${random.pick(['.', '_', ' ', '', '.'])}${noun}`;
  if (roll < 0.7) return `${noun}${random.pick(['', '_', ''])}${random.pick(NOUNS)}`;
  if (roll < 0.77) return `${toLeet(noun)}${random.chance(0.4) ? chooseNumber(random) : ''}`;
  if (roll < 0.82) {
    const [before, after] = random.pick([
      ['xX', 'Xx'],
      ['Xx', 'xX'],
      ['x', 'x'],
      ['oO', 'Oo'],
    ] as const);
    return `${before}${noun}${after}`;
  }
  if (roll < 0.92) {
    const name = `${random.pick(['the', 'da', 'el', 'mr', ''])}${random.pick(['_', ''])}${noun}`.toLowerCase();
    return random.chance(0.4) ? `${name}${chooseNumber(random)}` : name;
  }
  return `${noun}${random.pick(['_', '-', ' '])}${country === 'GB' ? 'UK' : country}`;
}

const SMALL_TAG_FORMATS: readonly ((core: string) => string)[] = [
  (core) => `[${core}]`,
  (core) => `=${core}=`,
  (core) => `-=${core}=-`,
  (core) => `{${core}}`,
  (core) => `|${core}|`,
  (core) => `(${core})`,
  (core) => `.:${core}:.`,
  (core) => `~${core}~`,
  (core) => `<${core}>`,
  (core) => `${core}|`,
];

const TAG_LETTERS = 'ABCDEFGHIJKLMNOPRSTUVWXZ';

/** Most tagged players wear a known clan's tag; the rest belong to the countless two-to-four-man clans. */
function chooseClanTag(random: Random): string {
  if (random.chance(0.7)) return random.pick(CLAN_TAGS);
  let core = '';
  const length = random.int(2, 4);
  for (let i = 0; i < length; i++) {
    const letter = TAG_LETTERS.charAt(random.int(0, TAG_LETTERS.length - 1));
    core += i > 0 && random.chance(0.3) ? letter.toLowerCase() : letter;
  }
  return random.pick(SMALL_TAG_FORMATS)(core);
}

/** Decorations from the keyboard and from cp1252's upper half (†, «», ×, •, ¤, °), as names of the time had. */
const DECORATIONS: readonly ((name: string) => string)[] = [
  (name) => `^${name}^`,
  (name) => `_${name}_`,
  (name) => `|${name}|`,
  (name) => `*${name}*`,
  (name) => `~${name}~`,
  (name) => `${name}^`,
  (name) => `~*${name}*~`,
  (name) => `x_${name}_x`,
  (name) => `-${name}-`,
  (name) => `.${name}.`,
  (name) => `†${name}†`,
  (name) => `«${name}»`,
  (name) => `×${name}×`,
  (name) => `•${name}•`,
  (name) => `¤${name}¤`,
  (name) => `${name}°`,
  (name) => `^_^${name}`,
  (name) => `!${name}!`,
];

/** Countries where a good share of players wrote their names in Cyrillic, in cp1251. */
const CYRILLIC_COUNTRIES: ReadonlySet<string> = new Set(['RU', 'UA', 'BY']);

/** Share of those players whose name is Cyrillic (and so reaches the feed as cp1251-as-cp1252 mojibake). */
const CYRILLIC_NAME_CHANCE = 0.4;

const CYRILLIC_NOUNS: readonly string[] = [
  'Вертолетик',
  'Снайпер',
  'Медведь',
  'Танкист',
  'Сталкер',
  'Дед',
  'Пилот',
  'Лётчик',
  'Ворон',
  'Волк',
  'Партизан',
  'Командир',
  'Разведчик',
  'Штурмовик',
  'Боец',
  'Солдат',
  'Кот',
  'Бармалей',
  'Призрак',
  'Гвардеец',
  'Сапёр',
  'Морпех',
  'Десантник',
  'Комбат',
  'Чапаев',
  'Казак',
  'Малыш',
  'Батя',
  'Шрам',
  'Тень',
  'Лис',
  'Ёжик',
  'Зверь',
  'Катюша',
  'Пулемётчик',
  'Моряк',
  'Шахтёр',
  'Барсук',
  'Филин',
  'Беркут',
  'Сокол',
  'Кабан',
  'Тигр',
  'Гром',
  'Бродяга',
  'Хулиган',
  'Дракон',
  'Мститель',
  'Стрелок',
  'Егерь',
  'Орёл',
  'Кузнец',
  'Шаман',
  'Козак',
  'Сірко',
];

const CYRILLIC_ADJECTIVES: readonly string[] = [
  'Злой',
  'Старый',
  'Дикий',
  'Красный',
  'Тихий',
  'Бешеный',
  'Хитрый',
  'Боевой',
  'Чёрный',
  'Белый',
  'Лихой',
  'Добрый',
  'Пьяный',
  'Ржавый',
  'Быстрый',
  'Весёлый',
  'Суровый',
];

const CYRILLIC_FIRST_NAMES: readonly string[] = [
  'Саня',
  'Серёга',
  'Дима',
  'Вова',
  'Лёха',
  'Макс',
  'Женька',
  'Витёк',
  'Андрюха',
  'Колян',
  'Петрович',
  'Вася',
  'Петя',
  'Миша',
  'Юра',
  'Толик',
  'Игорь',
  'Олег',
  'Тарас',
  'Богдан',
  'Алесь',
];

/** A Russian-, Ukrainian- or Belarusian-speaking player's name as typed (in Cyrillic), before the feed garbles it. */
function composeCyrillicName(random: Random): string {
  const roll = random.next();
  let name: string;
  if (roll < 0.45) name = random.pick(CYRILLIC_NOUNS);
  else if (roll < 0.7)
    name = `${random.pick(CYRILLIC_ADJECTIVES)}${random.pick(['', '_', ' '])}${random.pick(CYRILLIC_NOUNS)}`;
  else name = random.pick(CYRILLIC_FIRST_NAMES);
  const decoration = random.next();
  if (decoration < 0.3) name = `${name}${random.pick(['', '_'])}${chooseNumber(random)}`;
  else if (decoration < 0.4) name = random.pick(DECORATIONS.slice(0, 10))(name);
  // A Latin clan tag in front is common too; short names with one stay undecoded, as on the real sites.
  else if (decoration < 0.5) name = `${random.pick(['[RUS]', '=RU=', '[UA]', '{KGB}', '-=SPb=-', '[MSK]'])}${name}`;
  return name;
}

function composePlayerName(random: Random, country: string): string {
  if (CYRILLIC_COUNTRIES.has(country) && random.chance(CYRILLIC_NAME_CHANCE)) {
    return encodeAsLegacyMojibake(composeCyrillicName(random));
  }
  const local = LOCAL_WORDS[country] !== undefined && random.chance(0.2);
  const roll = random.next();
  if (roll < 0.22) {
    const tag = chooseClanTag(random);
    const nickname = composeNickname(random, country, local);
    const separator = random.pick(['', '', '', '_', ' ', '.']);
    // A few wear the tag behind the name.
    return random.chance(0.1) ? `${nickname}${tag}` : `${tag}${separator}${nickname}`;
  }
  if (roll < 0.34) return random.pick(DECORATIONS)(composeNickname(random, country, local));
  return composeNickname(random, country, local);
}

function isAcceptablePlayerName(name: string): boolean {
  return (
    name.length >= 2 &&
    name.length <= MAX_PLAYER_NAME_LENGTH &&
    name === name.trim() &&
    !name.includes('  ') &&
    !isDefaultBotName(name)
  );
}

/**
 * A new player's name, unique within `taken` (and added to it): plain nicknames, clan tags, decorations,
 * local accented words and, for Russian-speaking countries, Cyrillic names garbled as the feed delivers them.
 * The country defaults to one drawn from the region.
 */
export function generatePlayerName(
  random: Random,
  region: RegionDefinition,
  taken: Set<string>,
  country?: string,
): string {
  const home = country ?? random.weightedPick(region.countries, (candidate) => candidate.weight).code;
  for (let attempt = 0; attempt < 30; attempt++) {
    const name = composePlayerName(random, home);
    if (isAcceptablePlayerName(name) && !taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // The common names are all taken by now: a number sets this one apart, as it did for late joiners.
  for (;;) {
    const base = composeNickname(random, home, false)
      .slice(0, MAX_PLAYER_NAME_LENGTH - 4)
      .trim();
    const name = `${base}${random.int(1, 9999)}`;
    if (isAcceptablePlayerName(name) && !taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}
