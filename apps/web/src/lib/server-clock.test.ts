import { describe, expect, it } from 'vitest';
import { formatServerClock, formatUtcOffset, parseOffsetName, serverClock } from './server-clock.ts';

describe('server local time (spec §2 timezone column; §3 "timezone (IANA)")', () => {
  it("shows the server's local time and UTC offset, daylight saving included", () => {
    expect(formatServerClock('Europe/Amsterdam', new Date('2025-01-15T20:04:00Z'))).toBe('21:04 (UTC+1)');
    expect(formatServerClock('Europe/Amsterdam', new Date('2025-07-15T20:04:00Z'))).toBe('22:04 (UTC+2)');
    expect(formatServerClock('America/New_York', new Date('2025-01-15T03:30:00Z'))).toBe('22:30 (UTC-5)');
  });

  it('writes half-hour offsets and plain UTC', () => {
    expect(formatServerClock('Asia/Kolkata', new Date('2025-01-15T00:00:00Z'))).toBe('05:30 (UTC+5:30)');
    expect(formatServerClock('Etc/UTC', new Date('2025-01-15T00:00:00Z'))).toBe('00:00 (UTC)');
    expect(serverClock('Asia/Kathmandu', new Date('2025-01-15T00:00:00Z'))?.offsetMinutes).toBe(345);
  });

  it('gives nothing for a missing or unknown zone', () => {
    expect(formatServerClock(null, new Date())).toBeNull();
    expect(formatServerClock('', new Date())).toBeNull();
    expect(formatServerClock('Mars/Olympus', new Date())).toBeNull();
  });

  it('parses the offset names Intl produces', () => {
    expect(parseOffsetName('GMT')).toBe(0);
    expect(parseOffsetName('GMT+1')).toBe(60);
    expect(parseOffsetName('GMT-3:30')).toBe(-210);
    expect(parseOffsetName('GMT+05:45')).toBe(345);
    expect(parseOffsetName('CET')).toBeNull();
    expect(formatUtcOffset(-570)).toBe('UTC-9:30');
  });
});
