import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map.ts';

describe('RecentMap', () => {
  it('drops the least recently used entry once past its capacity', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    // Reading a makes b the least recent.
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('replaces a value without growing, and refuses a capacity below 1', () => {
    const map = new RecentMap<string, number>(1);
    map.set('a', 1);
    map.set('a', 2);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
    map.clear();
    expect(map.size).toBe(0);
    expect(() => new RecentMap(0)).toThrow(RangeError);
  });
});
