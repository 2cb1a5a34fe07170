import { describe, expect, it } from 'vitest';
import {
  BLUR_CLOSE_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  SEARCH_PAGE_SIZE,
  isSearchableQuery,
} from './search-rules';

describe('search rules', () => {
  it("holds the spec's constants (spec: 'Search: minimum 2 characters, debounce 300 ms, page size 10, blur close 200 ms')", () => {
    expect(SEARCH_MIN_CHARS).toBe(2);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(BLUR_CLOSE_MS).toBe(200);
  });

  it("searches only at 2 or more characters (spec: 'Player search runs only at 2 or more characters')", () => {
    expect(isSearchableQuery('')).toBe(false);
    expect(isSearchableQuery('a')).toBe(false);
    expect(isSearchableQuery('ab')).toBe(true);
    expect(isSearchableQuery('Sgt. Pepper')).toBe(true);
  });

  it('counts characters after trimming, so spaces alone do not trigger a search', () => {
    expect(isSearchableQuery('   ')).toBe(false);
    expect(isSearchableQuery(' a ')).toBe(false);
    expect(isSearchableQuery(' ab ')).toBe(true);
  });
});
