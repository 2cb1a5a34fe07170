import { describe, expect, it } from 'vitest';
import { withGapSeparators } from './session-gaps.ts';

// Spec §2 Player sessions: "A separator 'N hours later', '1 day later', 'N days later' appears between sessions
// at least 2 hours apart". The list is newest first: a separator says how much later the session above it began
// than the one below it ended.

const HOUR = 3_600_000;
const MINUTE = 60_000;

const session = (sessionId: number, startTime: string, endTime: string) => ({ sessionId, startTime, endTime });

/** The separator the list puts between a newer session and the older one below it, or null for none. */
function separator(newer: { startTime: string }, older: { endTime: string }): string | null {
  const entries = withGapSeparators([
    session(2, newer.startTime, '2030-01-01T00:00:00Z'),
    session(1, '2000-01-01T00:00:00Z', older.endTime),
  ]);
  const gap = entries.find((entry) => entry.kind === 'gap');
  return gap?.kind === 'gap' ? gap.label : null;
}

/** The separator after the player was away `ms` (the older session ended at noon). */
function afterBreakOf(ms: number): string | null {
  const olderEnd = Date.parse('2024-03-01T12:00:00Z');
  return separator({ startTime: new Date(olderEnd + ms).toISOString() }, { endTime: new Date(olderEnd).toISOString() });
}

describe('the separator between two sessions', () => {
  it('shows nothing under 2 hours', () => {
    expect(afterBreakOf(0)).toBeNull();
    expect(afterBreakOf(2 * HOUR - 1)).toBeNull();
  });

  it('counts whole hours, rounded down, under a day', () => {
    expect(afterBreakOf(2 * HOUR)).toBe('2 hours later');
    expect(afterBreakOf(2 * HOUR + 59 * MINUTE)).toBe('2 hours later');
    expect(afterBreakOf(23 * HOUR + 59 * MINUTE)).toBe('23 hours later');
  });

  it('counts whole days, rounded down, from 24 hours', () => {
    expect(afterBreakOf(24 * HOUR)).toBe('1 day later');
    expect(afterBreakOf(47 * HOUR + 59 * MINUTE)).toBe('1 day later');
    expect(afterBreakOf(48 * HOUR)).toBe('2 days later');
    expect(afterBreakOf(30 * 24 * HOUR)).toBe('30 days later');
  });

  it("measures from the older session's end to the newer one's start, not start to start", () => {
    // The older session ran 10:00–12:30; the newer started at 14:00: 1 h 30 min away, no separator,
    // although the starts are 4 hours apart.
    const older = session(1, '2024-03-01T10:00:00Z', '2024-03-01T12:30:00Z');
    expect(withGapSeparators([session(2, '2024-03-01T14:00:00Z', '2024-03-01T15:00:00Z'), older])).toHaveLength(2);
    expect(separator({ startTime: '2024-03-01T14:30:00Z' }, older)).toBe('2 hours later');
  });

  it('reads times without a zone as UTC (§5)', () => {
    expect(separator({ startTime: '2024-03-03T12:00:00' }, { endTime: '2024-03-01T12:00:00Z' })).toBe('2 days later');
  });

  it('shows nothing for overlapping sessions or unreadable times', () => {
    expect(separator({ startTime: '2024-03-01T12:00:00Z' }, { endTime: '2024-03-01T13:00:00Z' })).toBeNull();
    expect(separator({ startTime: 'soon' }, { endTime: '2024-03-01T13:00:00Z' })).toBeNull();
  });
});

describe('withGapSeparators', () => {
  it('puts a separator between neighbours at least 2 hours apart, and nowhere else', () => {
    const sessions = [
      session(4, '2024-03-05T20:00:00Z', '2024-03-05T20:30:00Z'),
      session(3, '2024-03-05T19:00:00Z', '2024-03-05T19:45:00Z'),
      session(2, '2024-03-05T09:00:00Z', '2024-03-05T09:30:00Z'),
      session(1, '2024-03-01T08:00:00Z', '2024-03-01T09:00:00Z'),
    ];
    const entries = withGapSeparators(sessions);
    expect(entries.map((entry) => (entry.kind === 'gap' ? entry.label : entry.session.sessionId))).toEqual([
      4,
      3,
      '9 hours later',
      2,
      '4 days later',
      1,
    ]);
  });

  it('gives each separator a key of its own and leaves a short list alone', () => {
    const entries = withGapSeparators([
      session(2, '2024-03-05T20:00:00Z', '2024-03-05T20:30:00Z'),
      session(1, '2024-03-05T10:00:00Z', '2024-03-05T11:00:00Z'),
    ]);
    expect(entries[1]).toEqual({ kind: 'gap', label: '9 hours later', key: 'gap-2' });
    expect(withGapSeparators([])).toEqual([]);
    expect(withGapSeparators([session(1, '2024-03-05T10:00:00Z', '2024-03-05T11:00:00Z')])).toHaveLength(1);
  });
});
