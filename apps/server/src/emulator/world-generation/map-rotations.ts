import type { GameId } from '@frontline/contract';
import type { Random } from '../random.ts';
import { MAPS } from '../world-data/maps.ts';
import { SINGLE_MAP_FAVOURITES, THEATRES, type ServerKind, type Theatre } from '../world-data/server-list.ts';
import type { MapDefinition } from '../world-types.ts';

/**
 * What a server plays: a rotation of its game's map layers that fits its kind (conquest, co-op, a theatre of the
 * war, one map around the clock…) and its slots. The layers and themes are data (world-data/).
 */
export function chooseRotation(
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
