import { describe, expect, it } from 'vitest';
import { utcDaysRule } from './utc-days.ts';

describe('utcDaysRule (shared rule ONE WEEK: "today and the 6 days before, UTC")', () => {
  it('names whole UTC days ending today', () => {
    expect(utcDaysRule(7)).toBe('today and the 6 days before, UTC');
    expect(utcDaysRule(30)).toBe('today and the 29 days before, UTC');
    expect(utcDaysRule(2)).toBe('today and the 1 day before, UTC');
    expect(utcDaysRule(1)).toBe('today, UTC');
  });
});
