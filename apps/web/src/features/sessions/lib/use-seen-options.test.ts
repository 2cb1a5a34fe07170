import { describe, expect, it } from 'vitest';
import { mergeOptions } from './use-seen-options.ts';

describe("filter options (spec §2 'options from loaded items')", () => {
  it('adds newly seen values in sorted order and keeps the same list when nothing is new', () => {
    const known = mergeOptions([], ['wake', 'berlin', '', 'wake']);
    expect(known).toEqual(['berlin', 'wake']);
    expect(mergeOptions(known, ['wake'])).toBe(known);
    expect(mergeOptions(known, ['kursk', 'berlin'])).toEqual(['berlin', 'kursk', 'wake']);
  });
});
