import { describe, expect, it } from 'vitest';
import { highlightedInRound, parseHighlightedPlayers, roundPlayerNames, trackedInRound } from './player-match.ts';
import { sampleReport } from './test-fixtures.ts';

// Spec site-statistics §2 route table "/rounds/{roundId}/report (query players, comma-separated names to
// highlight)"; "Track field (Player name...) highlighting a player's events and dimming others".

const NAMES = ['Bob', 'Bobby', '[CLAN]Sniper', 'sniper_2', 'Âåðòîëåòèê'];

describe('highlighted players', () => {
  it('reads the comma-separated players query', () => {
    expect(parseHighlightedPlayers('Ann, Bob ,,Ann')).toEqual(['Ann', 'Bob']);
    expect(parseHighlightedPlayers(null)).toEqual([]);
    expect(parseHighlightedPlayers(' ')).toEqual([]);
  });

  it("keeps the round's own names, case forgiven", () => {
    expect([...highlightedInRound(['bob', 'Nobody'], NAMES)]).toEqual(['Bob']);
  });
});

describe('trackedInRound', () => {
  it('tracks the player whose name is exactly the text, not those who contain it', () => {
    expect([...trackedInRound('bob', NAMES)]).toEqual(['Bob']);
  });

  it('tracks every name containing the text when none is exactly it', () => {
    expect([...trackedInRound(' SNIPER ', NAMES)]).toEqual(['[CLAN]Sniper', 'sniper_2']);
  });

  it('matches names as shown as well as stored', () => {
    expect([...trackedInRound('Вертолетик', NAMES)]).toEqual(['Âåðòîëåòèê']);
  });

  it('tracks nobody for blank text or text no name contains', () => {
    expect(trackedInRound('  ', NAMES).size).toBe(0);
    expect(trackedInRound('zzz', NAMES).size).toBe(0);
  });
});

describe('roundPlayerNames', () => {
  it('lists everyone the round saw, in order of first appearance', () => {
    expect(roundPlayerNames(sampleReport().leaderboardSnapshots)).toEqual(['Ann', 'Bob', 'Cid']);
  });
});
