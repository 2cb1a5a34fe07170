import type { GameId } from '@frontline/contract';
import type { MapDefinition, RegionDefinition } from './world-types.ts';

/**
 * Static facts of the emulated world: the maps each game ships with (as servers report them), where the
 * community lives and how far apart those places are on the network.
 */

const MINUTES = 60;

/**
 * BF1942's engine numbers the sides 1 and 2 and the query protocol reports only that number; the feed labels
 * them Axis and Allies on every map, Pacific ones included (Japan plays the Axis side, the US the Allied one).
 */
const BF1942_TEAMS = ['Axis', 'Allies'] as const;

interface Bf1942Map {
  name: string;
  /** Conquest tickets per team at a 100 % ticket ratio. */
  tickets: number;
  minutes: number;
  /** Further modes the map is popularly played in on public servers. */
  alsoPlayedAs?: readonly ('coop' | 'ctf' | 'tdm')[];
}

/**
 * The retail maps and the free patch maps (Invasion of the Philippines, Liberation of Caen), under the level
 * folder names the servers report. The expansions (Road to Rome, Secret Weapons) run as separate mods and are
 * left out: the emulated servers are vanilla.
 */
const BF1942_MAPS: readonly Bf1942Map[] = [
  { name: 'el_alamein', tickets: 200, minutes: 30, alsoPlayedAs: ['coop', 'ctf'] },
  { name: 'wake', tickets: 250, minutes: 30, alsoPlayedAs: ['coop', 'ctf'] },
  { name: 'stalingrad', tickets: 150, minutes: 25, alsoPlayedAs: ['coop', 'ctf', 'tdm'] },
  { name: 'berlin', tickets: 150, minutes: 20, alsoPlayedAs: ['ctf', 'tdm'] },
  { name: 'omaha_beach', tickets: 200, minutes: 30, alsoPlayedAs: ['coop', 'ctf'] },
  { name: 'battle_of_the_bulge', tickets: 200, minutes: 30, alsoPlayedAs: ['coop'] },
  { name: 'market_garden', tickets: 200, minutes: 30, alsoPlayedAs: ['tdm'] },
  { name: 'kursk', tickets: 250, minutes: 30, alsoPlayedAs: ['coop'] },
  { name: 'tobruk', tickets: 150, minutes: 25, alsoPlayedAs: ['coop', 'ctf'] },
  { name: 'guadalcanal', tickets: 200, minutes: 30, alsoPlayedAs: ['coop'] },
  { name: 'iwo_jima', tickets: 200, minutes: 30 },
  { name: 'midway', tickets: 300, minutes: 40 },
  { name: 'gazala', tickets: 250, minutes: 30, alsoPlayedAs: ['coop'] },
  { name: 'battleaxe', tickets: 200, minutes: 30 },
  { name: 'bocage', tickets: 150, minutes: 25, alsoPlayedAs: ['tdm'] },
  { name: 'coral_sea', tickets: 300, minutes: 40 },
  { name: 'aberdeen', tickets: 250, minutes: 35 },
  { name: 'kharkov', tickets: 200, minutes: 30, alsoPlayedAs: ['ctf', 'tdm'] },
  { name: 'battle_of_britain', tickets: 300, minutes: 30 },
  { name: 'invasion_of_the_philippines', tickets: 200, minutes: 30 },
  { name: 'liberation_of_caen', tickets: 150, minutes: 25, alsoPlayedAs: ['tdm'] },
];

function expandBf1942Maps(maps: readonly Bf1942Map[]): MapDefinition[] {
  const definitions: MapDefinition[] = [];
  for (const map of maps) {
    const base = { name: map.name, teams: BF1942_TEAMS };
    definitions.push({ ...base, gameType: 'conquest', tickets: map.tickets, timeLimitSeconds: map.minutes * MINUTES });
    for (const mode of map.alsoPlayedAs ?? []) {
      if (mode === 'coop') {
        // Bots bleed tickets slowly, so co-op servers run fewer of them against the humans.
        definitions.push({
          ...base,
          gameType: 'coop',
          tickets: Math.round(map.tickets * 0.75),
          timeLimitSeconds: map.minutes * MINUTES,
        });
      } else if (mode === 'ctf') {
        // Capture the flag is won on captures, not tickets.
        definitions.push({ ...base, gameType: 'ctf', tickets: 0, timeLimitSeconds: 20 * MINUTES });
      } else {
        definitions.push({ ...base, gameType: 'tdm', tickets: 100, timeLimitSeconds: 20 * MINUTES });
      }
    }
  }
  return definitions;
}

interface Fh2Map {
  name: string;
  /** Team 1 is the Axis side, as in the mod's own layer files. */
  teams: readonly [string, string];
  /** Conquest layers the map ships with, by size. */
  sizes: readonly (16 | 32 | 64)[];
  /** Sizes with a co-op (bots) layer. */
  coopSizes?: readonly (32 | 64)[];
}

/** Forgotten Hope 2 maps under the lowercase folder names FH2 servers report (mapName), with their layers. */
const FH2_MAPS: readonly Fh2Map[] = [
  { name: 'ramelle', teams: ['Germany', 'USA'], sizes: [16, 32, 64], coopSizes: [32, 64] },
  { name: 'brest', teams: ['Germany', 'USA'], sizes: [32, 64] },
  { name: 'operation_goodwood', teams: ['Germany', 'UK'], sizes: [64] },
  { name: 'villers_bocage', teams: ['Germany', 'UK'], sizes: [32, 64], coopSizes: [64] },
  { name: 'st_lo_breakthrough', teams: ['Germany', 'USA'], sizes: [32, 64], coopSizes: [32] },
  { name: 'mareth_line', teams: ['Germany', 'UK'], sizes: [64] },
  { name: 'tobruk', teams: ['Germany', 'UK'], sizes: [32, 64] },
  { name: 'gazala', teams: ['Germany', 'UK'], sizes: [64], coopSizes: [64] },
  { name: 'pegasus', teams: ['Germany', 'UK'], sizes: [16, 32, 64], coopSizes: [32, 64] },
  { name: 'lebisey', teams: ['Germany', 'UK'], sizes: [32, 64] },
  { name: 'totalize', teams: ['Germany', 'Canada'], sizes: [64] },
  { name: 'operation_cobra', teams: ['Germany', 'USA'], sizes: [64] },
  { name: 'purple_heart_lane', teams: ['Germany', 'USA'], sizes: [16, 32, 64], coopSizes: [32] },
  { name: 'sidi_rezegh', teams: ['Germany', 'UK'], sizes: [64] },
  { name: 'alam_halfa', teams: ['Germany', 'UK'], sizes: [64] },
  { name: 'bardia', teams: ['Italy', 'UK'], sizes: [32, 64] },
  { name: 'supercharge', teams: ['Germany', 'UK'], sizes: [64] },
  { name: 'arnhem', teams: ['Germany', 'UK'], sizes: [32, 64] },
  { name: 'meuse_river', teams: ['Germany', 'France'], sizes: [64] },
  { name: 'port_en_bessin', teams: ['Germany', 'UK'], sizes: [16, 32] },
];

/** FH2 rounds run long: the big layers an hour, the small ones half of that. */
const FH2_LAYER_BY_SIZE = {
  16: { tickets: 150, minutes: 30 },
  32: { tickets: 250, minutes: 45 },
  64: { tickets: 400, minutes: 60 },
} as const;

function expandFh2Maps(maps: readonly Fh2Map[]): MapDefinition[] {
  const definitions: MapDefinition[] = [];
  for (const map of maps) {
    for (const size of map.sizes) {
      const layer = FH2_LAYER_BY_SIZE[size];
      definitions.push({
        name: map.name,
        gameType: 'gpm_cq',
        teams: map.teams,
        tickets: layer.tickets,
        timeLimitSeconds: layer.minutes * MINUTES,
        size,
      });
    }
    for (const size of map.coopSizes ?? []) {
      const layer = FH2_LAYER_BY_SIZE[size];
      definitions.push({
        name: map.name,
        gameType: 'gpm_coop',
        teams: map.teams,
        tickets: Math.round(layer.tickets * 0.75),
        timeLimitSeconds: layer.minutes * MINUTES,
        size,
      });
    }
  }
  return definitions;
}

const NVA_US = ['NVA', 'US'] as const;
/** The two late-war maps are fought by the South Vietnamese army alone, the Americans having left. */
const NVA_ARVN = ['NVA', 'ARVN'] as const;

/** Battlefield Vietnam's retail and patch maps, as its servers report them. */
const BFV_MAPS: readonly MapDefinition[] = [
  { name: 'hue', gameType: 'conquest', teams: NVA_US, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'ia_drang', gameType: 'conquest', teams: NVA_US, tickets: 300, timeLimitSeconds: 35 * MINUTES },
  { name: 'khe_sanh', gameType: 'conquest', teams: NVA_US, tickets: 300, timeLimitSeconds: 35 * MINUTES },
  { name: 'operation_hastings', gameType: 'conquest', teams: NVA_US, tickets: 300, timeLimitSeconds: 35 * MINUTES },
  { name: 'quang_tri', gameType: 'conquest', teams: NVA_ARVN, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'saigon_1968', gameType: 'conquest', teams: NVA_US, tickets: 200, timeLimitSeconds: 25 * MINUTES },
  { name: 'ho_chi_minh_trail', gameType: 'conquest', teams: NVA_US, tickets: 300, timeLimitSeconds: 35 * MINUTES },
  { name: 'lang_vei', gameType: 'conquest', teams: NVA_US, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'reclaiming_the_buddha', gameType: 'conquest', teams: NVA_US, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'fall_of_saigon', gameType: 'conquest', teams: NVA_ARVN, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'operation_flaming_dart', gameType: 'conquest', teams: NVA_US, tickets: 300, timeLimitSeconds: 40 * MINUTES },
  { name: 'operation_irving', gameType: 'conquest', teams: NVA_US, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'landing_zone_albany', gameType: 'conquest', teams: NVA_US, tickets: 250, timeLimitSeconds: 30 * MINUTES },
  { name: 'hue', gameType: 'coop', teams: NVA_US, tickets: 200, timeLimitSeconds: 30 * MINUTES },
  { name: 'ia_drang', gameType: 'coop', teams: NVA_US, tickets: 200, timeLimitSeconds: 30 * MINUTES },
  { name: 'khe_sanh', gameType: 'coop', teams: NVA_US, tickets: 200, timeLimitSeconds: 30 * MINUTES },
  { name: 'lang_vei', gameType: 'coop', teams: NVA_US, tickets: 200, timeLimitSeconds: 30 * MINUTES },
  { name: 'operation_hastings', gameType: 'coop', teams: NVA_US, tickets: 200, timeLimitSeconds: 30 * MINUTES },
  { name: 'saigon_1968', gameType: 'ctf', teams: NVA_US, tickets: 0, timeLimitSeconds: 20 * MINUTES },
  { name: 'hue', gameType: 'ctf', teams: NVA_US, tickets: 0, timeLimitSeconds: 20 * MINUTES },
  { name: 'khe_sanh', gameType: 'ctf', teams: NVA_US, tickets: 0, timeLimitSeconds: 20 * MINUTES },
  { name: 'lang_vei', gameType: 'ctf', teams: NVA_US, tickets: 0, timeLimitSeconds: 20 * MINUTES },
  { name: 'operation_irving', gameType: 'ctf', teams: NVA_US, tickets: 0, timeLimitSeconds: 20 * MINUTES },
];

/** Every map layer (map × game type × FH2 size) a server of each game can run. */
export const MAPS: Readonly<Record<GameId, readonly MapDefinition[]>> = {
  bf1942: expandBf1942Maps(BF1942_MAPS),
  fh2: expandFh2Maps(FH2_MAPS),
  bfvietnam: BFV_MAPS,
};

/**
 * Where players and servers are. The community is mostly European (these games' servers and clans survived
 * longest there), then North American; South America and Oceania are small but present.
 */
export const REGIONS: readonly RegionDefinition[] = [
  {
    id: 'europe-west',
    countries: [
      { code: 'DE', timeZone: 'Europe/Berlin', weight: 0.3 },
      { code: 'GB', timeZone: 'Europe/London', weight: 0.17 },
      { code: 'NL', timeZone: 'Europe/Amsterdam', weight: 0.12 },
      { code: 'FR', timeZone: 'Europe/Paris', weight: 0.1 },
      { code: 'BE', timeZone: 'Europe/Brussels', weight: 0.06 },
      { code: 'AT', timeZone: 'Europe/Vienna', weight: 0.05 },
      { code: 'CH', timeZone: 'Europe/Zurich', weight: 0.04 },
      { code: 'DK', timeZone: 'Europe/Copenhagen', weight: 0.04 },
      { code: 'ES', timeZone: 'Europe/Madrid', weight: 0.04 },
      { code: 'IT', timeZone: 'Europe/Rome', weight: 0.04 },
      { code: 'IE', timeZone: 'Europe/Dublin', weight: 0.02 },
      { code: 'PT', timeZone: 'Europe/Lisbon', weight: 0.02 },
    ],
    utcOffsetHours: 1,
    playerShare: 0.45,
  },
  {
    id: 'europe-north-east',
    countries: [
      { code: 'RU', timeZone: 'Europe/Moscow', weight: 0.26 },
      { code: 'PL', timeZone: 'Europe/Warsaw', weight: 0.18 },
      { code: 'SE', timeZone: 'Europe/Stockholm', weight: 0.12 },
      { code: 'FI', timeZone: 'Europe/Helsinki', weight: 0.1 },
      { code: 'CZ', timeZone: 'Europe/Prague', weight: 0.08 },
      { code: 'UA', timeZone: 'Europe/Kyiv', weight: 0.08 },
      { code: 'NO', timeZone: 'Europe/Oslo', weight: 0.05 },
      { code: 'HU', timeZone: 'Europe/Budapest', weight: 0.04 },
      { code: 'BY', timeZone: 'Europe/Minsk', weight: 0.03 },
      { code: 'EE', timeZone: 'Europe/Tallinn', weight: 0.02 },
      { code: 'LT', timeZone: 'Europe/Vilnius', weight: 0.02 },
      { code: 'SK', timeZone: 'Europe/Bratislava', weight: 0.02 },
    ],
    // Between Central European (Warsaw, Stockholm) and Moscow time, weighted by where the players are.
    utcOffsetHours: 2,
    playerShare: 0.25,
  },
  {
    id: 'north-america-east',
    countries: [
      { code: 'US', timeZone: 'America/New_York', weight: 0.55 },
      { code: 'US', timeZone: 'America/Chicago', weight: 0.25 },
      { code: 'CA', timeZone: 'America/Toronto', weight: 0.2 },
    ],
    utcOffsetHours: -5,
    playerShare: 0.15,
  },
  {
    id: 'north-america-west',
    countries: [
      { code: 'US', timeZone: 'America/Los_Angeles', weight: 0.6 },
      { code: 'US', timeZone: 'America/Denver', weight: 0.2 },
      { code: 'CA', timeZone: 'America/Vancouver', weight: 0.2 },
    ],
    utcOffsetHours: -8,
    playerShare: 0.06,
  },
  {
    id: 'south-america',
    countries: [
      { code: 'BR', timeZone: 'America/Sao_Paulo', weight: 0.6 },
      { code: 'AR', timeZone: 'America/Argentina/Buenos_Aires', weight: 0.25 },
      { code: 'CL', timeZone: 'America/Santiago', weight: 0.15 },
    ],
    utcOffsetHours: -3,
    playerShare: 0.04,
  },
  {
    id: 'oceania',
    countries: [
      { code: 'AU', timeZone: 'Australia/Sydney', weight: 0.5 },
      { code: 'AU', timeZone: 'Australia/Melbourne', weight: 0.2 },
      { code: 'NZ', timeZone: 'Pacific/Auckland', weight: 0.2 },
      { code: 'AU', timeZone: 'Australia/Perth', weight: 0.1 },
    ],
    utcOffsetHours: 10,
    playerShare: 0.05,
  },
];

export type PingEstimate = { base: number; jitter: number };

/**
 * Typical round trips (ms) between regions for a home connection of the time these games are still played:
 * same region 25–40, across the Atlantic 100–175, to Australia 160–320. Symmetric; keyed by the sorted pair.
 */
const PING_TABLE: ReadonlyMap<string, PingEstimate> = new Map(
  (
    [
      ['europe-west', 'europe-west', 25, 10],
      ['europe-north-east', 'europe-north-east', 40, 14],
      ['north-america-east', 'north-america-east', 30, 10],
      ['north-america-west', 'north-america-west', 30, 10],
      ['south-america', 'south-america', 40, 15],
      ['oceania', 'oceania', 35, 12],
      ['europe-west', 'europe-north-east', 45, 12],
      ['europe-west', 'north-america-east', 105, 15],
      ['europe-west', 'north-america-west', 150, 18],
      ['europe-west', 'south-america', 200, 25],
      ['europe-west', 'oceania', 280, 30],
      ['europe-north-east', 'north-america-east', 125, 18],
      ['europe-north-east', 'north-america-west', 175, 20],
      ['europe-north-east', 'south-america', 230, 25],
      ['europe-north-east', 'oceania', 300, 30],
      ['north-america-east', 'north-america-west', 70, 12],
      ['north-america-east', 'south-america', 130, 20],
      ['north-america-east', 'oceania', 220, 25],
      ['north-america-west', 'south-america', 170, 20],
      ['north-america-west', 'oceania', 160, 20],
      ['south-america', 'oceania', 320, 30],
    ] as const
  ).map(([from, to, base, jitter]) => [pingKeyOf(from, to), { base, jitter }]),
);

function pingKeyOf(from: string, to: string): string {
  return from < to ? `${from}|${to}` : `${to}|${from}`;
}

/** Typical ping (ms) and its spread from a player's region to a server's region; throws for an unknown region. */
export const PING_BY_REGION = (fromRegion: string, toRegion: string): PingEstimate => {
  const estimate = PING_TABLE.get(pingKeyOf(fromRegion, toRegion));
  if (!estimate) throw new RangeError(`no ping estimate between regions ${fromRegion} and ${toRegion}`);
  return estimate;
};
