/**
 * How long a browser may keep a file of the build, the same on both hosts (issue 35): the Node host's static handler
 * and the Worker's (whose ASSETS binding would otherwise answer every file `public, max-age=0, must-revalidate`).
 */

/** A hashed file (`/assets/<name>-<hash>.<ext>`) never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but revalidated before every use (a 304 when unchanged). */
export const NO_CACHE = 'no-cache';
// Files the PWA must revalidate on every load, or an update would never reach installed apps.
const ALWAYS_REVALIDATE = new Set(['/', '/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);

/** The Cache-Control of the build's file at `path`; the app shell answered for a page is NO_CACHE too. */
export function staticCacheControl(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(path)) return NO_CACHE;
  return 'public, max-age=3600';
}
