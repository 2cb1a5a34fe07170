import { z } from 'zod';

/**
 * Rules for query-string parameters shared by the routes (query values arrive as text). Each failure names
 * the rule, so a 400 tells the caller what would have been accepted.
 */

/** The largest page number any list accepts (far beyond any real list; keeps offsets small). */
export const MAX_PAGE = 100_000;

/** A whole number from a list of allowed values. */
export function oneOf(values: readonly number[], fallback: number) {
  const rule = `must be one of ${values.join(', ')}`;
  return z
    .string({ error: rule })
    .default(String(fallback))
    .refine((text) => values.map(String).includes(text), { error: rule })
    .transform(Number);
}

export function positiveWholeNumber(fallback: number, max: number) {
  const rule = `must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: rule }).int(rule).min(1, rule).max(max, rule).default(fallback);
}

/** An optional number filter: blank means no filter (site-statistics §5 "Blank filter values omitted"). */
export const numberFilter = z
  .string()
  .trim()
  .optional()
  .transform((text, context) => {
    if (text === undefined || text === '') return undefined;
    const value = Number(text);
    if (Number.isFinite(value)) return value;
    context.addIssue({ code: 'custom', message: 'must be a number' });
    return z.NEVER;
  });

/** An optional minimum: a number filter that cannot be below 0 (no count, ratio or time is). */
export const minimumFilter = numberFilter.refine((value) => value === undefined || value >= 0, {
  error: 'must be 0 or more',
});

/** Optional text of at most `maxLength` characters; blank means no filter. */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, { error: `must be at most ${maxLength} characters` })
    .optional()
    .transform((text) => text || undefined);
}

/** `true` or `false`, else the default. */
export function booleanFlag(fallback: boolean) {
  return z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((text) => (text === undefined ? fallback : text === 'true'));
}

export const sortOrder = z.enum(['asc', 'desc'], { error: 'must be asc or desc' });
