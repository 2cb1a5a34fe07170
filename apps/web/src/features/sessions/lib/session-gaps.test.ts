import { describe, expect, it } from 'vitest';
import { gapLabel, sessionGapLabel, withGapSeparators } from './session-gaps.ts';

// Spec §2 Player sessions: "A separator 'N hours earlier', '1 day earlier', 'N days earlier' appears between sessions
// at least 2 hours apart". The list is newest first, so read top to bottom the session below a separator came
// earlier: the separators say 'earlier' (a 'later' between a newer card and an older one read backwards).

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('gapLabel', () => {
  it('shows nothing under 2 hours', () => {
    expect(gapLabel(0)).toBeNull();
    expect(gapLabel(2 * HOUR - 1)).toBeNull();
    expect(gapLabel(-5 * HOUR)).toBeNull();
    expect(gapLabel(Number.NaN)).toBeNull();
  });

  it('counts whole hours, rounded down, under a day', () => {
    expect(gapLabel(2 * HOUR)).toBe('2 hours earlier');
    expect(gapLabel(2 * HOUR + 59 * MINUTE)).toBe('2 hours earlier');
    expect(gapLabel(23 * HOUR + 59 * MINUTE)).toBe('23 hours earlier');
  });

  it('counts whole days, rounded down, from 24 hours', () => {
    expect(gapLabel(24 * HOUR)).toBe('1 day earlier');
    expect(gapLabel(47 * HOUR + 59 * MINUTE)).toBe('1 day earlier');
    expect(gapLabel(48 * HOUR)).toBe('2 days earlier');
    expect(gapLabel(30 * 24 * HOUR)).toBe('30 days earlier');
  });
});

describe('sessionGapLabel', () => {
  it("measures from the older session's end to the newer one's start, not start to start", () => {
    // The older session ran 10:00–12:30; the newer started at 14:00: 1 h 30 min away, no separator,
    // although the starts are 4 hours apart.
    expect(sessionGapLabel({ startTime: '2024-03-01T14:00:00Z' }, { endTime: '2024-03-01T12:30:00Z' })).toBeNull();
    expect(sessionGapLabel({ startTime: '2024-03-01T14:30:00Z' }, { endTime: '2024-03-01T12:30:00Z' })).toBe(
      '2 hours earlier',
    );
  });

  it('reads times without a zone as UTC (§5)', () => {
    expect(sessionGapLabel({ startTime: '2024-03-03T12:00:00' }, { endTime: '2024-03-01T12:00:00Z' })).toBe(
      '2 days earlier',
    );
  });

  it('shows nothing for overlapping sessions or unreadable times', () => {
    expect(sessionGapLabel({ startTime: '2024-03-01T12:00:00Z' }, { endTime: '2024-03-01T13:00:00Z' })).toBeNull();
    expect(sessionGapLabel({ startTime: 'soon' }, { endTime: '2024-03-01T13:00:00Z' })).toBeNull();
  });
});

describe('withGapSeparators', () => {
  const session = (sessionId: number, startTime: string, endTime: string) => ({ sessionId, startTime, endTime });

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
      '9 hours earlier',
      2,
      '4 days earlier',
      1,
    ]);
  });

  it('gives each separator a key of its own and leaves a short list alone', () => {
    const entries = withGapSeparators([
      session(2, '2024-03-05T20:00:00Z', '2024-03-05T20:30:00Z'),
      session(1, '2024-03-05T10:00:00Z', '2024-03-05T11:00:00Z'),
    ]);
    expect(entries[1]).toEqual({ kind: 'gap', label: '9 hours earlier', key: 'gap-2' });
    expect(withGapSeparators([])).toEqual([]);
    expect(withGapSeparators([session(1, '2024-03-05T10:00:00Z', '2024-03-05T11:00:00Z')])).toHaveLength(1);
  });
});
