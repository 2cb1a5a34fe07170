import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { likeIgnoringCase } from './dialect.ts';
import type { DatabaseSchema } from './schema.ts';

/** Names contain `_` and `%` as ordinary characters: in a LIKE pattern they must not act as wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `column` contains any of the forms (LIKE: ASCII letters in any case; `%` and `_` as themselves). The forms of a
 * typed name are lib/name-search.ts's: as typed, and as the cp1251 mojibake it is stored as.
 */
export function nameContainsAny(column: Expression<unknown>, forms: readonly string[]): Expression<SqlBool> {
  return likeAny(
    column,
    forms.map((form) => `%${escapeLike(form)}%`),
  );
}

/** `column` starts with any of the forms (matched as nameContainsAny matches). */
export function nameStartsWithAny(column: Expression<unknown>, forms: readonly string[]): Expression<SqlBool> {
  return likeAny(
    column,
    forms.map((form) => `${escapeLike(form)}%`),
  );
}

function likeAny(column: Expression<unknown>, patterns: readonly string[]): Expression<SqlBool> {
  // A column reference written as sql.ref() is typed unknown; whatever it is, LIKE reads it as text.
  const text = column as Expression<string>;
  const eb = expressionBuilder<DatabaseSchema>();
  return eb.or(patterns.map((pattern) => likeIgnoringCase(text, eb.val(pattern))));
}
