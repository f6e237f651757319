/**
 * D30: the words of a search as an FTS5 MATCH expression that no search operator can enter. Each word becomes a
 * quoted string (an embedded `"` doubled), so `*`, `NEAR`, `AND`, `OR`, `NOT`, `-`, `:`, `^` and parentheses are
 * text to the engine, never syntax; the last word alone carries the prefix `*` ("jor" finds Jordan while typing).
 * Pure: no database.
 */

// What the unicode61 tokenizer keeps (its default categories L*, N*, Co): a word without any of these yields no token.
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;

/** The MATCH expression of `q`, or null when no word of it holds anything the index could match (only punctuation). */
export function matchExpression(q: string): string | null {
  // Control characters are never part of a token, and a NUL ends FTS5's reading of a string ("unterminated string").
  const words = q
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .split(/\s+/u)
    .filter((word) => TOKEN_CHAR.test(word));
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** D30's quick search 'Verified': the whole query, any case, lists the verified members. */
export function isVerifiedQuery(q: string): boolean {
  return q.trim().toLowerCase() === 'verified';
}
