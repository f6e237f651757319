import { cursorPlain, cursorText } from '../../lib/paging.ts';

/**
 * The admin queue's keyset cursor: the sort key (createdAt, id) of the last application a page answered, so the next
 * page starts right after it however many were decided meanwhile. Opaque to callers: base64url of `ms.id`.
 */
export interface QueueCursor {
  createdAt: Date;
  id: number;
}

export function encodeQueueCursor({ createdAt, id }: QueueCursor): string {
  return cursorText(`${createdAt.getTime()}.${id}`);
}

const CURSOR_TEXT = /^(0|[1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/;

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodeQueueCursor(text: string): QueueCursor | null {
  const plain = cursorPlain(text, 60);
  const match = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!match) return null;
  const ms = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) return null;
  return { createdAt: new Date(ms), id };
}
