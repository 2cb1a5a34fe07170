/**
 * A server's local clock from its IANA time zone, as the timezone column shows it ("21:04 (UTC+1)").
 * Intl does the zone arithmetic (daylight saving included), so no zone data ships with the page.
 */

export interface ServerClock {
  /** 24-hour local time, "21:04". */
  time: string;
  /** Minutes east of UTC at that instant (+60 for UTC+1). */
  offsetMinutes: number;
  /** "UTC+1", "UTC-3:30", "UTC". */
  offsetLabel: string;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'shortOffset',
      });
    } catch {
      // An unknown zone name (RangeError): shown as missing rather than breaking the row.
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// "GMT", "GMT+1", "GMT-3:30", "GMT+05:45": the shortOffset zone names of every engine we support.
const OFFSET_NAME = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/;

function parseOffsetName(name: string): number | null {
  const match = OFFSET_NAME.exec(name.trim());
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  if (!sign) return 0;
  const total = Number(hours) * 60 + Number(minutes ?? 0);
  return sign === '-' ? -total : total;
}

function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  const hours = Math.floor(magnitude / 60);
  const minutes = magnitude % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The server's clock at `now`, or null without a (valid) zone. */
export function serverClock(timeZone: string | null | undefined, now: Date): ServerClock | null {
  if (!timeZone) return null;
  const formatter = formatterFor(timeZone);
  if (!formatter || Number.isNaN(now.getTime())) return null;
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const offsetMinutes = parseOffsetName(part('timeZoneName'));
  if (offsetMinutes === null) return null;
  return {
    time: `${part('hour')}:${part('minute')}`,
    offsetMinutes,
    offsetLabel: formatUtcOffset(offsetMinutes),
  };
}
