import type { GameId } from '@frontline/contract';
import type { MapDefinition } from '../world-types.ts';

/** The maps each game ships with, as its servers report them: level names, game types, teams, tickets, clocks. */

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
