import type { SimilarPlayerStats } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import {
  compareHours,
  firstItems,
  formatLocalHourRanges,
  formatSimilarity,
  hoursOverlapLabel,
  overlapLikelihoodLabel,
  overlapLikelihoodPercent,
  patternSimilarityLabel,
  pingDifferenceLabel,
  pingRows,
  pingTone,
  sharedMaps,
  sharedServers,
  similarityTone,
} from './similarity.ts';

function stats(overrides: Partial<SimilarPlayerStats> = {}): SimilarPlayerStats {
  return {
    playerName: 'Target',
    totalKills: 100,
    totalDeaths: 50,
    totalPlayTimeMinutes: 600,
    killDeathRatio: 2,
    killsPerMinute: 0.5,
    favoriteServerName: null,
    favoriteServerPlayTimeMinutes: 0,
    gameIds: ['bf1942'],
    typicalOnlineHours: [],
    serverPings: {},
    mapDominanceScores: {},
    temporalOverlapMinutes: 0,
    temporalNonOverlapScore: 0,
    ...overrides,
  };
}

describe('similarity wording (spec site-statistics §9)', () => {
  it('"Similarity: at least 0.8 green, at least 0.6 amber, else red"', () => {
    expect(similarityTone(0.8)).toBe('good');
    expect(similarityTone(0.79)).toBe('warn');
    expect(similarityTone(0.6)).toBe('warn');
    expect(similarityTone(0.59)).toBe('low');
    expect(formatSimilarity(0.876)).toBe('88%');
    expect(formatSimilarity(1.2)).toBe('100%');
  });

  it('"top 2 reasons plus \'+N more\'; shared servers and maps 4 shown then count"', () => {
    expect(firstItems(['a', 'b', 'c', 'd', 'e'], 2)).toEqual({ shown: ['a', 'b'], more: 3 });
    expect(firstItems(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
    expect(firstItems(['1', '2', '3', '4', '5', '6'], 4)).toEqual({ shown: ['1', '2', '3', '4'], more: 2 });
  });

  it('"Ping bands: under 50 green, under 100 yellow, else red"', () => {
    expect(pingTone(49.9)).toBe('good');
    expect(pingTone(50)).toBe('warn');
    expect(pingTone(99)).toBe('warn');
    expect(pingTone(100)).toBe('low');
  });

  it('"Ping difference: at most 10 similar, at most 30 moderate, else geographic difference"', () => {
    expect(pingDifferenceLabel(10)).toBe('Similar');
    expect(pingDifferenceLabel(-10)).toBe('Similar');
    expect(pingDifferenceLabel(10.5)).toBe('Moderate');
    expect(pingDifferenceLabel(30)).toBe('Moderate');
    expect(pingDifferenceLabel(-31)).toBe('Geographic difference');
  });

  it('"Hours overlap: at least 4 high, at least 2 moderate"; "Pattern similarity above 0.8 High, above 0.6 Medium"', () => {
    expect(hoursOverlapLabel(4)).toBe('High');
    expect(hoursOverlapLabel(3)).toBe('Moderate');
    expect(hoursOverlapLabel(2)).toBe('Moderate');
    expect(hoursOverlapLabel(1)).toBe('Low');
    expect(patternSimilarityLabel(0.81)).toBe('High');
    expect(patternSimilarityLabel(0.8)).toBe('Medium');
    expect(patternSimilarityLabel(0.61)).toBe('Medium');
    expect(patternSimilarityLabel(0.6)).toBe('Low');
  });

  it('"Overlap likelihood: below 25 Unlikely, below 70 Possible, else Most Likely"', () => {
    expect(overlapLikelihoodLabel(24)).toBe('Unlikely');
    expect(overlapLikelihoodLabel(25)).toBe('Possible');
    expect(overlapLikelihoodLabel(69)).toBe('Possible');
    expect(overlapLikelihoodLabel(70)).toBe('Most Likely');
  });

  it('reads the likelihood from the non-overlap score only for names that never met', () => {
    expect(overlapLikelihoodPercent(stats({ temporalNonOverlapScore: 0.874 }))).toBe(87);
    expect(overlapLikelihoodPercent(stats({ temporalOverlapMinutes: 45 }))).toBeNull();
  });
});

describe('what two players share', () => {
  const target = stats({
    favoriteServerName: 'Wake 24/7',
    serverPings: { 'Wake 24/7': 40, 'Berlin Only': 60, 'Far Away': 20 },
    mapDominanceScores: { wake: 1.2, berlin: 0.9 },
  });
  const candidate = stats({
    playerName: 'Other',
    favoriteServerName: 'Wake 24/7',
    serverPings: { 'Berlin Only': 75, 'Tobruk Fun': 30 },
    mapDominanceScores: { berlin: 1.1, tobruk: 1 },
  });

  it('shares the servers both pinged and a common favourite, and the maps both have scores on', () => {
    expect(sharedServers(target, candidate)).toEqual(['Berlin Only', 'Wake 24/7']);
    expect(sharedMaps(target, candidate)).toEqual(['berlin']);
    expect(sharedServers(stats(), stats({ playerName: 'Other' }))).toEqual([]);
  });

  it('lists pings of every server, or with "comparable only" those both have', () => {
    expect(pingRows(target, candidate, false).map((row) => [row.server, row.targetPing, row.candidatePing])).toEqual([
      ['Berlin Only', 60, 75],
      ['Far Away', 20, null],
      ['Tobruk Fun', null, 30],
      ['Wake 24/7', 40, null],
    ]);
    expect(pingRows(target, candidate, true).map((row) => row.server)).toEqual(['Berlin Only']);
  });

  it('counts shared typical hours and their Jaccard index', () => {
    expect(compareHours([18, 19, 20, 21], [20, 21, 22])).toEqual({ shared: [20, 21], patternSimilarity: 2 / 5 });
    expect(compareHours([], [20]).patternSimilarity).toBeNull();
  });
});

describe('typical hours in local time', () => {
  it('turns UTC hours into ranges of local hours', () => {
    expect(formatLocalHourRanges([18, 19, 20], 60)).toEqual(['7pm–10pm']);
    expect(formatLocalHourRanges([18, 19, 20, 6], 0)).toEqual(['6am–7am', '6pm–9pm']);
  });

  it('keeps a range over midnight whole, and a half-hour zone files the hour where it starts', () => {
    expect(formatLocalHourRanges([22, 23, 0, 1], 0)).toEqual(['10pm–2am']);
    expect(formatLocalHourRanges([0], 330)).toEqual(['5am–6am']);
    expect(formatLocalHourRanges([], 0)).toEqual([]);
    expect(formatLocalHourRanges([...Array(24).keys()], 0)).toEqual(['All day']);
  });
});
