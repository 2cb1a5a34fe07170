import { describe, expect, it } from 'vitest';
import { mapMasteryAwards, type MapStanding } from './map-mastery.ts';

const NONE: ReadonlySet<string> = new Set();

const standing = (roundsOnMap: number, rankOnMap: number, playersOnMap: number): MapStanding => ({
  mapName: 'Wake Island',
  roundsOnMap,
  rankOnMap,
  playersOnMap,
});

const ids = (value: MapStanding, owned = NONE) => mapMasteryAwards(value, owned).map((award) => award.achievementId);

describe('mapMasteryAwards (domain-facts §4: "map_specialist S top 10 % (≥50 rounds), map_dominator G top 3 % (≥100), map_legend L top 1 % (≥200)")', () => {
  it('map specialist: rank 10 of 100 players with 50 rounds is in the top 10 %, with its figures', () => {
    expect(mapMasteryAwards(standing(50, 10, 100), NONE)).toEqual([
      {
        achievementId: 'map_specialist',
        value: 10,
        tier: 'silver',
        metadata: { map_name: 'Wake Island', rank: 10, players: 100, rounds: 50, top_percent: 10 },
      },
    ]);
  });

  it('map specialist misses at rank 11 of 100, or with 49 rounds', () => {
    expect(ids(standing(50, 11, 100))).toEqual([]);
    expect(ids(standing(49, 1, 100))).toEqual([]);
  });

  it('map dominator: rank 3 of 100 with 100 rounds; rank 4 or 99 rounds miss it (specialist still earned)', () => {
    expect(ids(standing(100, 3, 100))).toEqual(['map_specialist', 'map_dominator']);
    expect(ids(standing(100, 4, 100))).toEqual(['map_specialist']);
    expect(ids(standing(99, 3, 100))).toEqual(['map_specialist']);
  });

  it('map legend: rank 1 of 100 with 200 rounds earns every tier; 199 rounds miss legend', () => {
    expect(ids(standing(200, 1, 100))).toEqual(['map_specialist', 'map_dominator', 'map_legend']);
    expect(ids(standing(199, 1, 100))).toEqual(['map_specialist', 'map_dominator']);
    expect(ids(standing(200, 2, 200))).toEqual(['map_specialist', 'map_dominator', 'map_legend']);
    expect(ids(standing(200, 3, 200))).toEqual(['map_specialist', 'map_dominator']);
  });

  it('rounds the top p % down: the first of 99 players is not in the top 1 %, the only player of a map is in no top', () => {
    expect(ids(standing(500, 1, 99))).toEqual(['map_specialist', 'map_dominator']);
    expect(ids(standing(500, 1, 1))).toEqual([]);
    // Top 3 % of 33 players is 0.99 players: nobody.
    expect(ids(standing(500, 1, 33))).toEqual(['map_specialist']);
    expect(ids(standing(500, 1, 34))).toEqual(['map_specialist', 'map_dominator']);
  });

  it('asks for at least 20 players on the map ("min_map_players"): the first of 19 earns nothing', () => {
    expect(ids(standing(500, 1, 19))).toEqual([]);
    expect(ids(standing(500, 2, 20))).toEqual(['map_specialist']);
    expect(ids(standing(500, 3, 20))).toEqual([]);
  });

  it('"awarded once ever per id": an owned tier is left out, the others are not', () => {
    expect(ids(standing(200, 1, 100), new Set(['map_specialist', 'map_legend']))).toEqual(['map_dominator']);
  });

  it('refuses a rank that is not a place among the players (a bug in the caller)', () => {
    expect(() => mapMasteryAwards(standing(50, 0, 100), NONE)).toThrow(RangeError);
    expect(() => mapMasteryAwards(standing(50, 101, 100), NONE)).toThrow(RangeError);
  });
});
