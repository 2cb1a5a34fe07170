import { encodeAsLegacyMojibake } from '@frontline/contract';

/**
 * What a typed name query is looked for as, in the stored (raw) names. Names are stored as the feed sends them,
 * so a Russian-speaking player's "Катюша" is stored as the mojibake "Êàòþøà" (cp1251 bytes read as cp1252) and
 * shown decoded (player-names.ts). A visitor types what the page shows, so a query is also looked for in that
 * mojibake form: "Катю" finds "Êàòþøà" and "=JG1=Êàòþøà".
 *
 * SQL LIKE ignores the case of ASCII letters only (SQLite without ICU), so a query with other letters is also
 * looked for with its letters all lower case, all upper case and with a capital first letter in each word:
 * "катю" finds "Катюша", "ÜBER" finds "über". Other mixes of case inside a word ("кАтю") are not folded.
 */

/** The forms to look for (at most 8: four spellings, each as typed and as mojibake), the query itself first. */
export function nameSearchForms(query: string): string[] {
  // ASCII only: LIKE already ignores its case, and the mojibake of ASCII is itself.
  if (!/[\u0080-\u{10ffff}]/u.test(query)) return [query];
  const spellings = [
    query,
    query.toLocaleLowerCase('ru'),
    query.toLocaleUpperCase('ru'),
    capitalizeWords(query.toLocaleLowerCase('ru')),
  ];
  const forms = new Set<string>();
  for (const spelling of spellings) {
    forms.add(spelling);
    const mojibake = asLegacyMojibake(spelling);
    if (mojibake !== null) forms.add(mojibake);
  }
  return [...forms];
}

/** Each word (a run of letters) with a capital first letter: "=jg1=кат" → "=Jg1=Кат", "злой_волк" → "Злой_Волк". */
function capitalizeWords(text: string): string {
  return text.replace(/(?<!\p{L})\p{L}/gu, (letter) => letter.toLocaleUpperCase('ru'));
}

/** The query as the feed would have garbled it, or null when it holds a character cp1251 has no byte for. */
function asLegacyMojibake(text: string): string | null {
  try {
    return encodeAsLegacyMojibake(text);
  } catch {
    return null;
  }
}
