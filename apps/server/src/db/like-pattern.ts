import { sql, type RawBuilder } from 'kysely';

/** Names contain `_` and `%` as ordinary characters: in a LIKE pattern they must not act as wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `column` contains any of the forms (LIKE: ASCII letters in any case; `%` and `_` as themselves). The forms of a
 * typed name are lib/name-search.ts's: as typed, and as the cp1251 mojibake it is stored as.
 */
export function nameContainsAny(column: RawBuilder<unknown>, forms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    forms.map((form) => sql`${column} like ${`%${escapeLike(form)}%`} escape '\\'`),
    sql` or `,
  );
}
