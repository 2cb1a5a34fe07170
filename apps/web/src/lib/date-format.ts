import { MISSING_VALUE, parseApiTimestamp } from './format.ts';

/**
 * Calendar dates of API timestamps, as the profiles, rounds and round reports show them ("3 Mar 2024",
 * "3 Mar 2024, 21:04"). Not in format.ts: the first page does not show a date, so these stay out of its bundle.
 */

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string | undefined, timeZone: string | undefined, withTime: boolean) {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${withTime}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      timeZone,
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

export interface DateFormatOptions {
  locale?: string;
  /** Tests pin a zone; the page leaves it to the browser. */
  timeZone?: string;
}

/** "3 Mar 2024", in the browser's zone (the API sends UTC). */
export function formatDate(timestamp: string, options: DateFormatOptions = {}): string {
  const date = parseApiTimestamp(timestamp);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE;
  return dateFormatter(options.locale, options.timeZone, false).format(date);
}

/** "3 Mar 2024, 21:04", for tooltips where the relative time is shown. */
export function formatDateTime(timestamp: string, options: DateFormatOptions = {}): string {
  const date = parseApiTimestamp(timestamp);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE;
  return dateFormatter(options.locale, options.timeZone, true).format(date);
}
