import { describe, expect, it } from 'vitest';
import { sharedRoundKeys } from './shared-round-keys.ts';

describe('sharedRoundKeys', () => {
  it('keeps the keys in both ascending lists, once each, in order', () => {
    expect(sharedRoundKeys(Float64Array.from([1, 3, 4, 9, 12]), Float64Array.from([2, 3, 9, 10, 12, 40]))).toEqual([
      3, 9, 12,
    ]);
  });

  it('is empty when either list is, or when they never meet', () => {
    expect(sharedRoundKeys(new Float64Array(), Float64Array.from([1, 2]))).toEqual([]);
    expect(sharedRoundKeys(Float64Array.from([1, 2]), Float64Array.from([3, 4]))).toEqual([]);
  });
});
