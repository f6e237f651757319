import { cursorPlain, cursorText } from '../../lib/paging.ts';

/**
 * A leaderboard's keyset cursor: the sort key (value, id) of the last row a page answered (points or wins, then the
 * member's or team's id), so the next page starts right after it with an index seek. Opaque to callers: base64url of
 * `value.id`.
 */
export interface RankCursor {
  value: number;
  id: string;
}

export function encodeRankCursor({ value, id }: RankCursor): string {
  return cursorText(`${value}.${id}`);
}

// Member ids are UUIDs or the seed's base32 ids, team ids are integers: letters, digits and dashes.
const CURSOR_TEXT = /^(0|-?[1-9][0-9]{0,15})\.([A-Za-z0-9-]{1,64})$/;

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodeRankCursor(text: string): RankCursor | null {
  const plain = cursorPlain(text, 120);
  const match = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) ? { value, id: match[2]! } : null;
}
