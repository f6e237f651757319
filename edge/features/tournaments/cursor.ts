/**
 * The tournament list's keyset cursor (ADR 025): the sort key of the last row a page answered, so the next page starts
 * right after it whatever was added or removed meanwhile (an offset would skip or repeat rows). Opaque to callers:
 * base64url of `rank.key.id`. No Hono, no database: the route, the service and the benchmark's bare server share it.
 */
import { cursorPlain, cursorText } from '../../lib/paging.ts';

/** Where a page ended: the row's `list_rank` (0 live, 1 upcoming, 2 completed), `list_key` and id. */
export interface ListCursor {
  rank: number;
  key: number;
  id: number;
}

/** The text callers pass back as `?cursor=` (the `X-Next-Cursor` header of the previous page). */
export function encodeCursor({ rank, key, id }: ListCursor): string {
  return cursorText(`${rank}.${key}.${id}`);
}

const CURSOR_TEXT = /^([0-2])\.(0|-?[1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/;

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodeCursor(text: string): ListCursor | null {
  const plain = cursorPlain(text, 64);
  const match = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const [rank, key, id] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!Number.isSafeInteger(key) || !Number.isSafeInteger(id)) return null;
  return { rank, key, id };
}
