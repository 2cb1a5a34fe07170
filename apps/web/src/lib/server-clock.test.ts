import { describe, expect, it } from 'vitest';
import { serverClock } from './server-clock.ts';

/** As the timezone column shows it: "21:04 (UTC+1)". */
function shown(timeZone: string | null, at: string): string | null {
  const clock = serverClock(timeZone, new Date(at));
  return clock ? `${clock.time} (${clock.offsetLabel})` : null;
}

describe('server local time (spec §2 timezone column; §3 "timezone (IANA)")', () => {
  it("shows the server's local time and UTC offset, daylight saving included", () => {
    expect(shown('Europe/Amsterdam', '2025-01-15T20:04:00Z')).toBe('21:04 (UTC+1)');
    expect(shown('Europe/Amsterdam', '2025-07-15T20:04:00Z')).toBe('22:04 (UTC+2)');
    expect(shown('America/New_York', '2025-01-15T03:30:00Z')).toBe('22:30 (UTC-5)');
  });

  it('writes half-hour and three-quarter offsets, west and east, and plain UTC', () => {
    expect(shown('Asia/Kolkata', '2025-01-15T00:00:00Z')).toBe('05:30 (UTC+5:30)');
    expect(shown('America/St_Johns', '2025-01-15T12:00:00Z')).toBe('08:30 (UTC-3:30)');
    expect(shown('Pacific/Marquesas', '2025-01-15T12:00:00Z')).toBe('02:30 (UTC-9:30)');
    expect(shown('Etc/UTC', '2025-01-15T00:00:00Z')).toBe('00:00 (UTC)');
    expect(serverClock('Asia/Kathmandu', new Date('2025-01-15T00:00:00Z'))?.offsetMinutes).toBe(345);
    expect(serverClock('America/St_Johns', new Date('2025-01-15T00:00:00Z'))?.offsetMinutes).toBe(-210);
  });

  it('gives nothing for a missing or unknown zone, or an unreadable time', () => {
    expect(shown(null, '2025-01-15T00:00:00Z')).toBeNull();
    expect(shown('', '2025-01-15T00:00:00Z')).toBeNull();
    expect(shown('Mars/Olympus', '2025-01-15T00:00:00Z')).toBeNull();
    expect(shown('Europe/Amsterdam', 'not a time')).toBeNull();
  });
});
