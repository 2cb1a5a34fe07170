import type { GameId } from '@frontline/contract';
import type { ServerKind } from './server-list.ts';

/** The words server names are made of: community names, what each kind of server calls itself, map titles. */

/** What tagless communities call themselves (and their servers). */
export const COMMUNITY_TITLES: readonly string[] = [
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

/** What a server of each game and kind calls itself after its community's tag or name. */
export const DESCRIPTORS: Readonly<Record<GameId, Readonly<Partial<Record<ServerKind, readonly string[]>>>>> = {
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
export const FH2_SMALL_DESCRIPTORS: readonly string[] = ['FH2 Small Maps', 'FH2 | 32p', 'FH2 Infantry'];

/** How players write map names when they put them in a server name, where that differs from the level name. */
export const MAP_TITLES: Readonly<Record<string, string>> = {
  wake: 'Wake Island',
  omaha_beach: 'Omaha',
  hue: 'Hue City',
};
