import { describe, expect, it } from 'vitest';
import { gapLaterLabel } from './time-gap.ts';

// Spec §2: "A separator 'N hours later', '1 day later', 'N days later' appears between sessions at least 2 hours
// apart"; the achievements history shows "'N days later', 'N hours later' from 2 hours".

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('gapLaterLabel', () => {
  it('shows nothing under 2 hours', () => {
    expect(gapLaterLabel(0)).toBeNull();
    expect(gapLaterLabel(2 * HOUR - 1)).toBeNull();
    expect(gapLaterLabel(-5 * HOUR)).toBeNull();
  });

  it("says 'N hours later' in whole hours, rounded down, under a day", () => {
    expect(gapLaterLabel(2 * HOUR)).toBe('2 hours later');
    expect(gapLaterLabel(2 * HOUR + 59 * MINUTE)).toBe('2 hours later');
    expect(gapLaterLabel(23 * HOUR + 59 * MINUTE)).toBe('23 hours later');
  });

  it("says '1 day later', then 'N days later', in whole days rounded down, from 24 hours", () => {
    expect(gapLaterLabel(24 * HOUR)).toBe('1 day later');
    expect(gapLaterLabel(47 * HOUR + 59 * MINUTE)).toBe('1 day later');
    expect(gapLaterLabel(48 * HOUR)).toBe('2 days later');
    expect(gapLaterLabel(30 * 24 * HOUR)).toBe('30 days later');
  });

  it('shows nothing for a time that cannot be read', () => {
    expect(gapLaterLabel(Number.NaN)).toBeNull();
    expect(gapLaterLabel(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
