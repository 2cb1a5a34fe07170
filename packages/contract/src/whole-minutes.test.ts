import { describe, expect, it } from 'vitest';
import { exactMinutesShownWithin, wholeMinutes } from './whole-minutes.ts';

const ms = (minutes: number, seconds = 0) => (minutes * 60 + seconds) * 1000;

describe('whole minutes (docs/formulas.md)', () => {
  it('rounds to the nearest minute, half a minute up', () => {
    expect([ms(19, 29), ms(19, 30), ms(20, 29), ms(20, 30), ms(0, 29), ms(0, 30)].map(wholeMinutes)).toEqual([
      19, 20, 20, 21, 0, 1,
    ]);
    expect(wholeMinutes(ms(19, 29) + 999)).toBe(19);
  });

  it('turns a filter of whole minutes into the exact minutes that show within it', () => {
    const { fromIncluded, toExcluded } = exactMinutesShownWithin(20, 20);
    const shownWithin = (exact: number) => exact >= fromIncluded! && exact < toExcluded!;
    for (const [minutes, seconds] of [
      [19, 29],
      [19, 30],
      [20, 29],
      [20, 30],
    ] as const) {
      const exact = ms(minutes, seconds) / 60_000;
      expect(shownWithin(exact), `${minutes}m${seconds}s`).toBe(wholeMinutes(ms(minutes, seconds)) === 20);
    }
    expect(exactMinutesShownWithin(19.2, 20.7)).toEqual({ fromIncluded: 19.5, toExcluded: 20.5 });
    expect(exactMinutesShownWithin(undefined, 5)).toEqual({ fromIncluded: undefined, toExcluded: 5.5 });
  });
});
