import { describe, expect, it } from 'vitest';
import { occupancyColourClass, occupancyState } from './occupancy.ts';

describe("occupancyState (spec §9: 'badge states offline (max 0), empty, full, hot (75%+), active (50%+), low')", () => {
  it.each([
    [5, 0, 'offline'],
    [0, 32, 'empty'],
    [32, 32, 'full'],
    [33, 32, 'full'],
    [24, 32, 'hot'],
    [23, 32, 'active'],
    [16, 32, 'active'],
    [15, 32, 'low'],
    [1, 32, 'low'],
  ] as const)('%i of %i slots is %s', (players, max, state) => {
    expect(occupancyState(players, max)).toBe(state);
  });
});

describe("occupancyColourClass (spec §9: 'Occupancy colours: 90%+ red, 70%+ orange, 30%+ green, else grey')", () => {
  it.each([
    [29, 32, 'text-danger'], // 90.6 %
    [28, 32, 'text-warn'], // 87.5 %
    [23, 32, 'text-warn'], // 71.9 %
    [22, 32, 'text-good'], // 68.8 %
    [10, 32, 'text-good'], // 31.3 %
    [9, 32, 'text-faint'], // 28.1 %
    [0, 32, 'text-faint'],
    [3, 0, 'text-faint'],
  ] as const)('%i of %i slots is %s', (players, max, colour) => {
    expect(occupancyColourClass(players, max)).toBe(colour);
  });

  it('puts the boundaries exactly at 90, 70 and 30 percent', () => {
    expect(occupancyColourClass(90, 100)).toBe('text-danger');
    expect(occupancyColourClass(70, 100)).toBe('text-warn');
    expect(occupancyColourClass(30, 100)).toBe('text-good');
    expect(occupancyColourClass(29, 100)).toBe('text-faint');
  });
});
