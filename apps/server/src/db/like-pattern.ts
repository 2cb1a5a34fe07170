/** Names contain `_` and `%` as ordinary characters: in a LIKE pattern they must not act as wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
