import type { GameId } from '@frontline/contract';

/**
 * The make-up of the emulated server list: how many servers of each kind each game has, where they are hosted,
 * on which addresses and ports, and what the themed ones play.
 */

/**
 * Only the documentation ranges of RFC 5737: addresses that can never belong to a real server, so the emulated
 * list can be shown, copied and even "joined" without pointing anyone at someone else's machine.
 */
export const DOCUMENTATION_NETWORKS = ['192.0.2', '198.51.100', '203.0.113'] as const;

/** Default game and query ports: the games' own, with the next ports taken by further servers on one host. */
export const PORTS: Readonly<Record<GameId, { game: number; query: number }>> = {
  bf1942: { game: 14567, query: 23000 },
  bfvietnam: { game: 15567, query: 23000 },
  fh2: { game: 16567, query: 29900 },
};

/** What a server is for, which decides its rotation, its name and whether it is passworded or runs bots. */
export type ServerKind = 'mixed' | 'conquest' | 'single-map' | 'theatre' | 'ctf' | 'tdm' | 'coop' | 'private';

export interface ServerPlan {
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
export const SERVER_PLANS: Readonly<Record<GameId, readonly ServerPlan[]>> = {
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
export const SERVER_SHARE_BY_REGION: Readonly<Record<string, number>> = {
  'europe-west': 0.5,
  'europe-north-east': 0.18,
  'north-america-east': 0.17,
  'north-america-west': 0.06,
  'south-america': 0.04,
  oceania: 0.05,
};

/** A theatre server's part of the war: the names it goes by and the maps it runs. */
export interface Theatre {
  label: readonly string[];
  maps: ReadonlySet<string>;
}

/** The themed rotations of the games whose communities run them. */
export const THEATRES: Readonly<Partial<Record<GameId, readonly Theatre[]>>> = {
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
export const SINGLE_MAP_FAVOURITES: Readonly<Partial<Record<GameId, readonly string[]>>> = {
  bf1942: ['wake', 'el_alamein', 'berlin', 'omaha_beach', 'stalingrad', 'kursk'],
  bfvietnam: ['hue', 'khe_sanh', 'ia_drang'],
};
