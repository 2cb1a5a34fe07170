import { z } from 'zod';

/**
 * A moment as the API sends it: ISO-8601 in UTC ending with `Z` (`2024-05-01T18:30:00.000Z`, what
 * `Date.toISOString()` writes), never a local time or an offset (DESIGN "Time": stored and sent as UTC; the browser
 * converts). Every timestamp of every answer uses it, so the server's contract check rejects one without `Z`.
 */
export const utcTimestamp = z.iso.datetime({ offset: false, local: false }).meta({
  description: 'ISO-8601 UTC timestamp ending with Z',
  examples: ['2024-05-01T18:30:00.000Z'],
});
