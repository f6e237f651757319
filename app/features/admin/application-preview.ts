import { APPLICATION_PREVIEW_LENGTH } from '../../../edge/features/verification/schema.ts';

/** 001 s2/s9: the list shows the first 100 characters of the application reason, with an ellipsis when cut. */
export function applicationPreview(reason: string): string {
  const text = reason.trim();
  // Cut by code point, so an emoji is never split into half a character.
  const chars = Array.from(text);
  return chars.length <= APPLICATION_PREVIEW_LENGTH
    ? text
    : `${chars.slice(0, APPLICATION_PREVIEW_LENGTH).join('')}...`;
}
