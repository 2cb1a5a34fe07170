import { countOf } from './plural.ts';

/**
 * Display formatting shared by every screen. Each rule here is a rule of the product specs
 * (site-statistics.md and site-account-and-realtime.md, §9 "Business constants and limits"), so the
 * same figure reads the same way on the server browser, the profiles and the dashboard.
 */

/** Shown where a value is missing or cannot be displayed (the spec's round-time placeholder). */
export const MISSING_VALUE = '-';

/** K/D ratios are shown to this many decimals. */
const KD_DECIMALS = 2;

/** Player names are shown up to this many characters in cards and lists. */
export const NAME_MAX_CHARS = 25;
export const ELLIPSIS = '…';

const SECONDS_PER_MINUTE = 60;
export const MINUTES_PER_HOUR = 60;
export const HOURS_PER_DAY = 24;
/** Relative time counts a month as 30 days and a year as 12 such months, as the spec says. */
const DAYS_PER_MONTH = 30;
const MONTHS_PER_YEAR = 12;

const THOUSAND = 1_000;
const MILLION = 1_000_000;

const MS_PER_MINUTE = SECONDS_PER_MINUTE * 1000;

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * K/D as shown everywhere: the kill count itself when there are no deaths (a ratio would be infinite),
 * else kills divided by deaths to two decimals.
 */
export function formatKdRatio(kills: number, deaths: number): string {
  const safeKills = isFiniteNumber(kills) ? kills : 0;
  if (!isFiniteNumber(deaths) || deaths === 0) return String(safeKills);
  return (safeKills / deaths).toFixed(KD_DECIMALS);
}

// Date, optional time, optional zone. Only strings of this shape are normalised; anything else goes to
// the Date parser untouched so a format we did not foresee is not mangled.
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Parses an API timestamp. The API (and older rows it relays) may send ISO-8601 without a zone; those are
 * UTC, never the browser's local time, so a missing zone is read as `Z`. Returns an invalid Date
 * (`Number.isNaN(date.getTime())`) for text that is not a timestamp.
 */
export function parseApiTimestamp(text: string): Date {
  const trimmed = text.trim();
  const match = ISO_TIMESTAMP.exec(trimmed);
  if (!match) return new Date(trimmed === '' ? Number.NaN : trimmed);
  const [, date, time, zone] = match;
  const normalisedTime = (time ?? '00:00').replace(',', '.');
  return new Date(`${date}T${normalisedTime}${normaliseZone(zone)}`);
}

// Date parsers disagree on "+01" and "+0100"; "+01:00" is the form every engine accepts.
function normaliseZone(zone: string | undefined): string {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
}

function toDate(timestamp: string | Date): Date {
  return typeof timestamp === 'string' ? parseApiTimestamp(timestamp) : timestamp;
}

/**
 * "just now", "N minutes ago", "N hours ago" (under 24), "N days ago", "N months ago" (30-day months),
 * "N years ago" (12-month years). Times in the future read "just now": for past events (last seen, round
 * start) a future time can only be clock skew between the browser and the server, and "in 3 minutes"
 * would be nonsense next to "Last seen".
 */
export function formatRelativeTime(timestamp: string | Date, now: Date = new Date()): string {
  const then = toDate(timestamp).getTime();
  const reference = now.getTime();
  if (Number.isNaN(then) || Number.isNaN(reference)) return MISSING_VALUE;

  const minutes = Math.floor((reference - then) / MS_PER_MINUTE);
  if (minutes < 1) return 'just now';
  if (minutes < MINUTES_PER_HOUR) return `${countOf(minutes, 'minute')} ago`;

  const hours = Math.floor(minutes / MINUTES_PER_HOUR);
  if (hours < HOURS_PER_DAY) return `${countOf(hours, 'hour')} ago`;

  const days = Math.floor(hours / HOURS_PER_DAY);
  const months = Math.floor(days / DAYS_PER_MONTH);
  if (months < 1) return `${countOf(days, 'day')} ago`;

  const years = Math.floor(months / MONTHS_PER_YEAR);
  if (years < 1) return `${countOf(months, 'month')} ago`;
  return `${countOf(years, 'year')} ago`;
}

/**
 * A session or round length: "Nh Mm" (always both parts, so a column of durations lines up), or "<1m" below
 * one minute. The API sends whole minutes; a partial one is rounded as the server rounds (docs/formulas.md, "Whole
 * minutes": half a minute up), so a length worked out here reads as the same length anywhere else.
 */
export function formatDuration(minutes: number): string {
  if (!isFiniteNumber(minutes)) return MISSING_VALUE;
  const whole = Math.round(minutes);
  if (whole < 1) return '<1m';
  const hours = Math.floor(whole / MINUTES_PER_HOUR);
  return `${hours}h ${whole % MINUTES_PER_HOUR}m`;
}

/**
 * A round clock ("time remaining"): m:ss, minutes not wrapped into hours because game servers count
 * rounds in minutes. The feed uses -1 for "no clock", so negatives read as missing.
 */
export function formatRoundTime(seconds: number | null | undefined): string {
  if (!isFiniteNumber(seconds) || seconds < 0) return MISSING_VALUE;
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / SECONDS_PER_MINUTE);
  const rest = whole % SECONDS_PER_MINUTE;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * Total play time (spec §9: "Durations 'Nh Mm' or '<1m'. ... Play time hours under 24h, else days and hours"):
 * under 24 h it is a duration, "Nh Mm" or "<1m" ("8h 0m", "0h 45m"), so a column of play times reads alike;
 * from one day on, minutes are noise and the figure reads "3d 4h".
 */
export function formatPlayTime(minutes: number): string {
  if (!isFiniteNumber(minutes)) return MISSING_VALUE;
  const whole = Math.max(0, Math.round(minutes));
  const totalHours = Math.floor(whole / MINUTES_PER_HOUR);
  if (totalHours < HOURS_PER_DAY) return formatDuration(whole);
  const days = Math.floor(totalHours / HOURS_PER_DAY);
  return `${days}d ${totalHours % HOURS_PER_DAY}h`;
}

/**
 * A live session score in a compact badge: plain below 1000, else thousands ("1.5K") or millions
 * ("2.3M") with one decimal. A value that would round up to "1000.0K" is promoted to "1.0M".
 * Scores can be negative (team kills), so the sign is kept and the magnitude decides the unit.
 */
export function formatSessionScore(score: number): string {
  if (!isFiniteNumber(score)) return MISSING_VALUE;
  const sign = score < 0 ? '-' : '';
  const magnitude = Math.abs(score);
  if (magnitude < THOUSAND) return `${sign}${Math.round(magnitude)}`;
  const thousands = (magnitude / THOUSAND).toFixed(1);
  if (magnitude < MILLION && Number(thousands) < THOUSAND) return `${sign}${thousands}K`;
  return `${sign}${(magnitude / MILLION).toFixed(1)}M`;
}

// Grapheme clusters when the runtime can segment them (an accented letter written as letter + combining
// mark, or a flag emoji, is one character to a reader); code points otherwise. Either way a name is never
// cut inside a surrogate pair.
const graphemeSegmenter: Intl.Segmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

function splitCharacters(text: string): string[] {
  if (graphemeSegmenter) return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
  return Array.from(text);
}

/**
 * Names longer than `max` characters (25 by default) are cut to `max` characters followed by an ellipsis.
 * Trailing spaces left at the cut are dropped so the ellipsis sits against the last visible letter.
 */
export function truncateName(name: string, max: number = NAME_MAX_CHARS): string {
  const characters = splitCharacters(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}${ELLIPSIS}`;
}

/** Hour-of-day axis labels in 12-hour style: 0 → "12am", 13 → "1pm". Out-of-range hours wrap around. */
export function formatHourLabel(hour: number): string {
  if (!isFiniteNumber(hour)) return MISSING_VALUE;
  const normalised = ((Math.floor(hour) % HOURS_PER_DAY) + HOURS_PER_DAY) % HOURS_PER_DAY;
  const suffix = normalised < 12 ? 'am' : 'pm';
  const twelveHour = normalised % 12 === 0 ? 12 : normalised % 12;
  return `${twelveHour}${suffix}`;
}
