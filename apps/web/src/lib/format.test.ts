import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  MISSING_VALUE,
  NAME_MAX_CHARS,
  formatDuration,
  formatHourLabel,
  formatKdRatio,
  formatPlayTime,
  formatRelativeTime,
  formatRoundTime,
  formatSessionScore,
  parseApiTimestamp,
  truncateName,
} from './format';

describe('formatKdRatio', () => {
  it("shows K/D as kills when deaths is 0 (spec: 'K/D shows kills when deaths is 0, else kills/deaths to 2 decimals')", () => {
    expect(formatKdRatio(12, 0)).toBe('12');
    expect(formatKdRatio(0, 0)).toBe('0');
  });

  it("shows kills/deaths to 2 decimals otherwise (spec: 'else kills/deaths to 2 decimals')", () => {
    expect(formatKdRatio(3, 2)).toBe('1.50');
    expect(formatKdRatio(10, 3)).toBe('3.33');
    expect(formatKdRatio(2, 3)).toBe('0.67');
    expect(formatKdRatio(0, 5)).toBe('0.00');
    expect(formatKdRatio(7, 7)).toBe('1.00');
  });

  it('treats a missing kill count as 0 rather than printing NaN', () => {
    expect(formatKdRatio(Number.NaN, 4)).toBe('0.00');
  });
});

describe('parseApiTimestamp', () => {
  // Run these in a zone with a non-zero offset, so "treated as UTC" is not satisfied by accident.
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('runs in a time zone that is not UTC (guard for the tests below)', () => {
    expect(new Date(2024, 0, 15, 12).getTimezoneOffset()).not.toBe(0);
  });

  it("treats a timestamp without a trailing Z as UTC (spec: 'Timestamps without trailing Z are UTC')", () => {
    expect(parseApiTimestamp('2024-03-10T14:05:00').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 0));
    expect(parseApiTimestamp('2024-03-10T14:05').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 0));
  });

  it("reads .NET-style 7-digit fractions without a zone as UTC (spec: 'timestamps lacking a trailing Z are treated as UTC')", () => {
    expect(parseApiTimestamp('2024-03-10T14:05:06.1234567').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 6, 123));
  });

  it('reads a space-separated date and time as UTC', () => {
    expect(parseApiTimestamp('2024-03-10 14:05:06').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 6));
  });

  it('reads a date without a time as midnight UTC', () => {
    expect(parseApiTimestamp('2024-03-10').getTime()).toBe(Date.UTC(2024, 2, 10));
  });

  it('keeps a trailing Z as given', () => {
    expect(parseApiTimestamp('2024-03-10T14:05:00Z').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 0));
    expect(parseApiTimestamp('2024-03-10T14:05:00.250z').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 0, 250));
  });

  it('honours an explicit offset instead of adding Z', () => {
    expect(parseApiTimestamp('2024-03-10T14:05:00+02:00').getTime()).toBe(Date.UTC(2024, 2, 10, 12, 5, 0));
    expect(parseApiTimestamp('2024-03-10T14:05:00-0500').getTime()).toBe(Date.UTC(2024, 2, 10, 19, 5, 0));
    expect(parseApiTimestamp('2024-03-10T14:05:00+01').getTime()).toBe(Date.UTC(2024, 2, 10, 13, 5, 0));
  });

  it('ignores surrounding whitespace', () => {
    expect(parseApiTimestamp('  2024-03-10T14:05:00  ').getTime()).toBe(Date.UTC(2024, 2, 10, 14, 5, 0));
  });

  it('returns an invalid Date for text that is not a timestamp', () => {
    expect(Number.isNaN(parseApiTimestamp('').getTime())).toBe(true);
    expect(Number.isNaN(parseApiTimestamp('yesterday').getTime())).toBe(true);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it("says 'just now' under a minute (spec: 'Relative time: under 1 min 'just now'')", () => {
    expect(formatRelativeTime(now, now)).toBe('just now');
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
  });

  it("says 'just now' for future times within a minute (clock skew)", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 30 * SECOND), now)).toBe('just now');
  });

  it("says 'just now' for times further in the future rather than an impossible 'in N minutes'", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 10 * MINUTE), now)).toBe('just now');
  });

  it("counts minutes, singular and plural (spec: 'then minutes')", () => {
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * MINUTE), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('59 minutes ago');
  });

  it("counts hours under 24 (spec: 'hours (under 24)')", () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(3 * HOUR + 20 * MINUTE), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
  });

  it("counts days from 24 hours (spec: 'hours (under 24), days')", () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(5 * DAY), now)).toBe('5 days ago');
    expect(formatRelativeTime(ago(29 * DAY + 23 * HOUR), now)).toBe('29 days ago');
  });

  it("counts months of 30 days (spec: 'months (30 days)')", () => {
    expect(formatRelativeTime(ago(30 * DAY), now)).toBe('1 month ago');
    expect(formatRelativeTime(ago(60 * DAY), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(359 * DAY), now)).toBe('11 months ago');
  });

  it("counts years of 12 months (spec: 'years (12 months)')", () => {
    expect(formatRelativeTime(ago(360 * DAY), now)).toBe('1 year ago');
    expect(formatRelativeTime(ago(719 * DAY), now)).toBe('1 year ago');
    expect(formatRelativeTime(ago(720 * DAY), now)).toBe('2 years ago');
  });

  it("reads string timestamps without a trailing Z as UTC (spec: 'timestamps lacking a trailing Z are treated as UTC')", () => {
    expect(formatRelativeTime('2024-06-15T11:55:00', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2024-06-15T11:55:00Z', now)).toBe('5 minutes ago');
  });

  it('defaults "now" to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 2 * HOUR))).toBe('2 hours ago');
  });

  it('shows the missing-value placeholder for an unparseable timestamp', () => {
    expect(formatRelativeTime('not a date', now)).toBe(MISSING_VALUE);
  });
});

describe('formatDuration', () => {
  it("shows '<1m' under one minute (spec: 'Durations 'Nh Mm' or '<1m'')", () => {
    expect(formatDuration(0)).toBe('<1m');
    expect(formatDuration(0.49)).toBe('<1m');
    expect(formatDuration(-3)).toBe('<1m');
  });

  it("shows 'Nh Mm' with both parts otherwise (spec: 'Durations 'Nh Mm'')", () => {
    expect(formatDuration(1)).toBe('0h 1m');
    expect(formatDuration(45)).toBe('0h 45m');
    expect(formatDuration(60)).toBe('1h 0m');
    expect(formatDuration(125)).toBe('2h 5m');
    expect(formatDuration(1500)).toBe('25h 0m');
  });

  it('rounds a partial minute as the server does: half a minute up (docs/formulas.md)', () => {
    expect(formatDuration(19.49)).toBe('0h 19m');
    expect(formatDuration(19.5)).toBe('0h 20m');
    expect(formatDuration(59.9)).toBe('1h 0m');
  });

  it('shows the missing-value placeholder for a non-number', () => {
    expect(formatDuration(Number.NaN)).toBe(MISSING_VALUE);
  });
});

describe('formatRoundTime', () => {
  it("shows round time as m:ss (spec: 'Round time m:ss')", () => {
    expect(formatRoundTime(125)).toBe('2:05');
    expect(formatRoundTime(0)).toBe('0:00');
    expect(formatRoundTime(59)).toBe('0:59');
    expect(formatRoundTime(60)).toBe('1:00');
    expect(formatRoundTime(3725)).toBe('62:05');
    expect(formatRoundTime(90.8)).toBe('1:30');
  });

  it("shows '-' when missing (spec: ''-' when missing or negative')", () => {
    expect(formatRoundTime(null)).toBe('-');
    expect(formatRoundTime(undefined)).toBe('-');
    expect(formatRoundTime(Number.NaN)).toBe('-');
  });

  it("shows '-' when negative, as the feed's -1 'no clock' (spec: ''-' when missing or negative')", () => {
    expect(formatRoundTime(-1)).toBe('-');
    expect(formatRoundTime(-0.5)).toBe('-');
  });
});

describe('formatPlayTime', () => {
  it("shows hours and minutes under 24 h, as every duration (spec: 'Durations 'Nh Mm' or '<1m'', 'Play time hours under 24h')", () => {
    expect(formatPlayTime(8 * 60)).toBe('8h 0m');
    expect(formatPlayTime(5 * 60 + 30)).toBe('5h 30m');
    expect(formatPlayTime(23 * 60 + 59)).toBe('23h 59m');
  });

  it("shows '0h Mm' under one hour and '<1m' under one minute, as formatDuration does", () => {
    expect(formatPlayTime(45)).toBe('0h 45m');
    expect(formatPlayTime(45)).toBe(formatDuration(45));
    expect(formatPlayTime(0)).toBe('<1m');
    expect(formatPlayTime(0.49)).toBe('<1m');
    expect(formatPlayTime(0.5)).toBe('0h 1m');
  });

  it("shows days and hours from 24 h (spec: 'else days and hours')", () => {
    expect(formatPlayTime(24 * 60)).toBe('1d 0h');
    expect(formatPlayTime((3 * 24 + 4) * 60 + 59)).toBe('3d 4h');
    expect(formatPlayTime(400 * 24 * 60)).toBe('400d 0h');
  });

  it('shows the missing-value placeholder for a non-number and clamps negatives to 0', () => {
    expect(formatPlayTime(Number.NaN)).toBe(MISSING_VALUE);
    expect(formatPlayTime(-5)).toBe('<1m');
  });
});

describe('formatSessionScore', () => {
  it("shows the plain number below 1000 (spec: 'Session score is shown as K (thousands) or M (millions) with one decimal')", () => {
    expect(formatSessionScore(0)).toBe('0');
    expect(formatSessionScore(42)).toBe('42');
    expect(formatSessionScore(999)).toBe('999');
  });

  it("shows thousands as K with one decimal (spec: 'K (thousands) … with one decimal')", () => {
    expect(formatSessionScore(1000)).toBe('1.0K');
    expect(formatSessionScore(1500)).toBe('1.5K');
    expect(formatSessionScore(12_340)).toBe('12.3K');
    expect(formatSessionScore(999_900)).toBe('999.9K');
  });

  it("shows millions as M with one decimal (spec: 'M (millions) with one decimal')", () => {
    expect(formatSessionScore(1_000_000)).toBe('1.0M');
    expect(formatSessionScore(2_345_678)).toBe('2.3M');
  });

  it("promotes a value that would round to '1000.0K' to '1.0M'", () => {
    expect(formatSessionScore(999_960)).toBe('1.0M');
  });

  it('keeps the sign of a negative score', () => {
    expect(formatSessionScore(-12)).toBe('-12');
    expect(formatSessionScore(-1500)).toBe('-1.5K');
  });

  it('shows the missing-value placeholder for a non-number', () => {
    expect(formatSessionScore(Number.NaN)).toBe(MISSING_VALUE);
  });
});

describe('truncateName', () => {
  it(`defaults the limit to ${NAME_MAX_CHARS} characters (spec: 'Names shown up to 25 characters')`, () => {
    expect(NAME_MAX_CHARS).toBe(25);
  });

  it("leaves names of up to 25 characters alone (spec: 'Names longer than 25 characters are truncated with an ellipsis')", () => {
    const exactly25 = 'A'.repeat(25);
    expect(truncateName(exactly25)).toBe(exactly25);
    expect(truncateName('Sgt.Pepper')).toBe('Sgt.Pepper');
    expect(truncateName('')).toBe('');
  });

  it("cuts names longer than 25 characters to 25 with an ellipsis (spec: 'Names longer than 25 characters are truncated with an ellipsis')", () => {
    const name = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
    expect(truncateName(name)).toBe(`ABCDEFGHIJKLMNOPQRSTUVWXY${ELLIPSIS}`);
  });

  it('accepts a different limit', () => {
    expect(truncateName('Commander', 4)).toBe(`Comm${ELLIPSIS}`);
  });

  it('counts characters, not UTF-16 units, so emoji and accented names are never split mid-character', () => {
    const emojiName = '🎖️'.repeat(30);
    const cut = truncateName(emojiName);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
    expect(cut).toBe(`${'🎖️'.repeat(25)}${ELLIPSIS}`);

    // "é" written as e + combining acute accent is one character to a reader.
    const combining = 'e\u0301'.repeat(26);
    expect(truncateName(combining)).toBe(`${'e\u0301'.repeat(25)}${ELLIPSIS}`);

    const astral = '𝔄'.repeat(26);
    expect(truncateName(astral)).toBe(`${'𝔄'.repeat(25)}${ELLIPSIS}`);
  });

  it('does not count a long name made of short characters as short', () => {
    expect(truncateName('Ünterführer_Ääkkönen_Östlund')).toBe(`Ünterführer_Ääkkönen_Östl${ELLIPSIS}`);
  });

  it('drops a trailing space at the cut so the ellipsis follows the last letter', () => {
    expect(truncateName('Private Ryan Is Not Here Today', 13)).toBe(`Private Ryan${ELLIPSIS}`);
  });
});

describe('formatHourLabel', () => {
  it("labels hours 12am/12pm style (spec: 'Hour labels 12am/12pm style')", () => {
    expect(formatHourLabel(0)).toBe('12am');
    expect(formatHourLabel(1)).toBe('1am');
    expect(formatHourLabel(11)).toBe('11am');
    expect(formatHourLabel(12)).toBe('12pm');
    expect(formatHourLabel(13)).toBe('1pm');
    expect(formatHourLabel(23)).toBe('11pm');
  });

  it('labels every hour of the day exactly once', () => {
    const labels = Array.from({ length: 24 }, (_, hour) => formatHourLabel(hour));
    expect(new Set(labels).size).toBe(24);
    expect(labels.slice(0, 3)).toEqual(['12am', '1am', '2am']);
    expect(labels.slice(-2)).toEqual(['10pm', '11pm']);
  });

  it('wraps hours outside 0..23 (e.g. after a time-zone shift)', () => {
    expect(formatHourLabel(24)).toBe('12am');
    expect(formatHourLabel(-1)).toBe('11pm');
    expect(formatHourLabel(26)).toBe('2am');
  });
});
