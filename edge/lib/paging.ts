/**
 * What every keyset-paged list shares (ADR 025): the header that carries the next page's `?cursor=`, and the cursor's
 * opaque text (base64url of a plain sort key). Each list keeps its own sort key and its own check of the plain text.
 * No Hono, no database: the app imports the header name from here too.
 */

/** The response header with the next page's `?cursor=`; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The opaque text of a cursor whose plain form is `plain` (ASCII). */
export function cursorText(plain: string): string {
  return btoa(plain).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The plain form of a cursor text, or null when it is not base64url of at most `maxLength` characters (never throws). */
export function cursorPlain(text: string, maxLength: number): string | null {
  if (text.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}
