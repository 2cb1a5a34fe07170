/**
 * The hour of the day on a server's wall clock (issue 18: night owl and early bird count rounds "by the server's
 * local time"). Server profiles name an IANA zone; the formatter of each zone is built once, as building one costs
 * far more than formatting with it and the badge rules ask for every closed session.
 */

/** One formatter per zone, or null for a zone the runtime does not know (remembered so it is not retried). */
const hourFormatters = new Map<string, Intl.DateTimeFormat | null>();

function hourFormatterOf(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = hourFormatters.get(timeZone);
  if (formatter === undefined) {
    try {
      // h23: midnight reads 0, never 24 (hour12: false alone gives "24" in some ICU versions).
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      formatter = null;
    }
    hourFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The hour (0..23) of `ms` (Unix ms) in `timeZone`. A server without a zone, or with one the runtime does not know,
 * reads UTC: a guess, but the same guess every time, so recomputing a round gives the same hour.
 */
export function localHourOf(ms: number, timeZone: string | null): number {
  const formatter = timeZone === null ? null : hourFormatterOf(timeZone);
  if (formatter === null) return new Date(ms).getUTCHours();
  const hour = formatter.formatToParts(ms).find((part) => part.type === 'hour');
  if (!hour) throw new Error(`no hour in the time of ${ms} in ${timeZone}`);
  return Number(hour.value);
}
