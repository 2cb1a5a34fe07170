import type { GameId } from '@frontline/contract';
import type { Random } from '../random.ts';
import type { ServerKind, Theatre } from '../world-data/server-list.ts';
import { DESCRIPTORS, FH2_SMALL_DESCRIPTORS, MAP_TITLES } from '../world-data/server-name-words.ts';
import type { MapDefinition, RegionDefinition } from '../world-types.ts';

/**
 * Names a server as communities did: their tag or name, what the server is for ("Conquest Only", "Wake Island
 * 24/7", "Pacific Theatre"), often where it stands ("| EU", "[AUS]"). The words come from
 * world-data/server-name-words.ts.
 */

/** Long enough for a tag, a description and a country, short enough for a server browser column. */
const MAX_SERVER_NAME_LENGTH = 40;

/** Who runs the server, as far as its name shows. */
interface NamingCommunity {
  /** Clan tag, or null for a community that names its server without one. */
  tag: string | null;
  /** What the server name starts with for a tagless community. */
  title: string | null;
  region: RegionDefinition;
}

interface ServerNameInput {
  game: GameId;
  kind: ServerKind;
  maxPlayers: number;
  community: NamingCommunity;
  country: string;
  rotation: readonly MapDefinition[];
  theatre: Theatre | null;
  taken: ReadonlySet<string>;
}

/** A name no other server in `taken` has, at most MAX_SERVER_NAME_LENGTH long. */
export function composeServerName(random: Random, input: ServerNameInput): string {
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

/** A level name as players write it in a server name: "omaha_beach" → "Omaha", "kursk" → "Kursk". */
function titleOfMap(name: string): string {
  return (
    MAP_TITLES[name] ??
    name
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
