/**
 * A person's search text as an FTS5 query that cannot fail (D30): only its words, each a quoted prefix of the given
 * column, all required. Quotes, stars, NEAR( and other query syntax are separators here, exactly as the unicode61
 * tokenizer reads them, so hostile input is at worst a search for its words. Null when no word is left.
 */
export function prefixQuery(column: string, text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length ? words.map((word) => `${column} : "${word}"*`).join(' AND ') : null;
}
