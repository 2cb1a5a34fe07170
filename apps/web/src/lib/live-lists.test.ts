import type { LiveServer, LiveServersResponse } from '@frontline/contract';
import { describe, expect, it } from 'vitest';
import { playersOnlineSummary, sumPeopleOnline } from './live-lists.ts';

// docs/formulas.md "Player count of a server": people are the entries that are not bots (two people who share a name
// are two); "players online" anywhere is the people of the listed servers summed, as the server browser sums them.

const list = (...servers: Pick<LiveServer, 'numPlayers' | 'botCount'>[]) =>
  ({ servers, lastUpdated: '2026-01-01T00:00:00Z', stale: false }) as unknown as LiveServersResponse;

describe('sumPeopleOnline', () => {
  it('adds the people of every listed server of every game, bots left out', () => {
    expect(
      sumPeopleOnline([
        list({ numPlayers: 16, botCount: 16 }, { numPlayers: 2, botCount: 0 }),
        list({ numPlayers: 0, botCount: 1 }),
        list({ numPlayers: 30, botCount: 0 }),
      ]),
    ).toBe(48);
  });

  it('has no figure until every list has answered (a partial sum would read as fewer players)', () => {
    expect(sumPeopleOnline([list({ numPlayers: 5, botCount: 0 }), undefined, list()])).toBeNull();
    expect(sumPeopleOnline([list(), list(), list()])).toBe(0);
  });
});

describe('playersOnlineSummary', () => {
  it('gives the players online by the lists, then the names listed by the 5-minute rule', () => {
    expect(playersOnlineSummary(264, 280)).toBe('264 players online · 280 names seen in the last 5 minutes');
    expect(playersOnlineSummary(1, 1)).toBe('1 player online · 1 name seen in the last 5 minutes');
    expect(playersOnlineSummary(null, 12)).toBe('12 names seen in the last 5 minutes');
  });
});
