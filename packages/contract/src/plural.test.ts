import { describe, expect, it } from 'vitest';
import { countOf, pluralNoun } from './plural.ts';

describe('countOf', () => {
  it('writes one of a thing in the singular ("1 death", never "1 deaths")', () => {
    expect(countOf(1, 'death')).toBe('1 death');
    expect(countOf(1, 'server')).toBe('1 server');
  });

  it('writes any other count in the plural, zero included ("0 deaths", "2 servers", never "server(s)")', () => {
    expect(countOf(0, 'death')).toBe('0 deaths');
    expect(countOf(2, 'server')).toBe('2 servers');
    expect(countOf(-1, 'point')).toBe('-1 points');
  });

  it('takes an irregular plural when given one', () => {
    expect(countOf(1, 'buddy', 'buddies')).toBe('1 buddy');
    expect(countOf(3, 'buddy', 'buddies')).toBe('3 buddies');
    expect(countOf(2, 'enemy', 'enemies')).toBe('2 enemies');
  });

  it('groups thousands as every other count on the site does', () => {
    expect(countOf(1234, 'kill')).toBe('1,234 kills');
    expect(countOf(1_000_000, 'point')).toBe('1,000,000 points');
  });
});

describe('pluralNoun', () => {
  it('gives the noun alone, for a figure styled apart from its word', () => {
    expect(pluralNoun(1, 'player')).toBe('player');
    expect(pluralNoun(236, 'player')).toBe('players');
    expect(pluralNoun(1, 'buddy', 'buddies')).toBe('buddy');
    expect(pluralNoun(0, 'buddy', 'buddies')).toBe('buddies');
  });

  it('keeps the plural for a fraction, even one that is shown rounded to 1', () => {
    expect(pluralNoun(1.5, 'hour')).toBe('hours');
    expect(pluralNoun(0.5, 'hour')).toBe('hours');
  });
});
