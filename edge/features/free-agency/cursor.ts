import { cursorPlain, cursorText } from '../../lib/paging.ts';

/**
 * The pool's keyset cursor: the sort key (points, id) of the last player a page answered, so the next page starts
 * right after it whoever joined or left the pool meanwhile. Opaque to callers: base64url of `points.id`.
 */
export interface PoolCursor {
  points: number;
  id: string;
}

export function encodePoolCursor({ points, id }: PoolCursor): string {
  return cursorText(`${points}.${id}`);
}

// Member ids are UUIDs or the seed's base32 ids: letters, digits and dashes.
const CURSOR_TEXT = /^(0|-?[1-9][0-9]{0,15})\.([A-Za-z0-9-]{1,64})$/;

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodePoolCursor(text: string): PoolCursor | null {
  const plain = cursorPlain(text, 120);
  const match = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const points = Number(match[1]);
  if (!Number.isSafeInteger(points)) return null;
  return { points, id: match[2]! };
}
