import { describe, expect, it } from 'vitest';
import { fillLevel, fillRatio } from './fill-ratio.ts';

describe("fillLevel (spec §9: 'Fill ratio colours: 100%+ full (red), 80%+ high (orange), 40%+ medium (green), under 40 low (blue); 0 empty')", () => {
  it.each([
    [32, 32, 'full'],
    [33, 32, 'full'],
    [31, 32, 'high'],
    [8, 10, 'high'],
    [79, 100, 'medium'],
    [4, 10, 'medium'],
    [39, 100, 'low'],
    [1, 64, 'low'],
    [0, 32, 'empty'],
  ] as const)('%i of %i players is %s', (players, slots, level) => {
    expect(fillLevel(players, slots)).toBe(level);
  });

  it('reads the boundaries as "at least": exactly 100 %, 80 % and 40 %', () => {
    expect(fillLevel(100, 100)).toBe('full');
    expect(fillLevel(80, 100)).toBe('high');
    expect(fillLevel(40, 100)).toBe('medium');
    expect(fillLevel(3999, 10000)).toBe('low');
  });

  it('copes with servers that report no slots', () => {
    expect(fillLevel(0, 0)).toBe('empty');
    expect(fillLevel(3, 0)).toBe('full');
    expect(fillRatio(3, 0)).toBe(0);
  });
});
