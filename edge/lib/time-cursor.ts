import { cursorPlain, cursorText } from './paging.ts';

/**
 * A keyset cursor on (time, id) for lists read newest first (ADR 025): the sort key of the last row a page answered,
 * so the next page starts right after it however many rows arrive meanwhile. Opaque to callers: base64url of
 * `timeMs.id`. Used by the admin Payments, blog and audit log lists.
 */
export interface TimeCursor {
  /** Milliseconds since the epoch. */
  at: number;
  id: number;
}

export function encodeTimeCursor({ at, id }: TimeCursor): string {
  return cursorText(`${at}.${id}`);
}

const CURSOR_TEXT = /^(0|[1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/;

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodeTimeCursor(text: string): TimeCursor | null {
  const plain = cursorPlain(text, 64);
  const match = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const at = Number(match[1]);
  const id = Number(match[2]);
  return Number.isSafeInteger(at) && Number.isSafeInteger(id) ? { at, id } : null;
}
