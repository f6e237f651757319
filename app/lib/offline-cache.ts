/**
 * What the app keeps for offline use (D16, ADR 015), shared by the service worker (app/sw.ts) and the persisted query
 * cache (query-persist.ts) so both agree on which API data is public and which belongs to the signed-in user.
 * No DOM or React here: the service worker imports it.
 */

/** Every runtime cache the service worker writes starts with this (workbox's precache has its own name). */
export const CACHE_PREFIX = 'wta-';
/** Public API reads: the tournament list, each tournament, the countdown, the hero video, divisions. */
export const API_CACHE = 'wta-api';
/** The signed-in user's own reads; deleted on sign-out and when another account signs in. */
export const USER_DATA_CACHE = 'wta-user-data';
/** Flyers, uploads, icons and video posters. */
export const IMAGE_CACHE = 'wta-images';
/** Code the precache leaves out (the admin console's screen, ADR 071), kept once fetched: names carry their hash. */
export const CODE_CACHE = 'wta-code';
/** Pages the server rendered, the last one fetched for each address (ADR 066); deleted with the user's data. */
export const PAGE_CACHE = 'wta-pages';
/**
 * The attribute written on a saved page's data script (`<script id="wta-ssr" data-saved>`): main.tsx then knows its
 * answers are as old as the page, not just rendered, and asks for them again once it has hydrated.
 */
export const SAVED_PAGE_MARK = 'data-saved';
/** The message a page sends the service worker when the saved pages must go (saved-pages.ts). */
export const FORGET_PAGES_MESSAGE = 'wta-forget-pages';
/** Whole videos (the intro and hero clips), served back as the byte ranges a <video> asks for. */
export const VIDEO_CACHE = 'wta-videos';

/** How long API answers are kept for offline use (the persisted query cache's maxAge too). */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The current-user lookup (000 s7). */
export const USER_PATH = '/api/auth/user';

// The tournament reads of 000 s7 that answer the same for everyone. my-mvp-vote and mvp-results depend on the
// caller and stay out.
const PUBLIC_API = [
  /^\/api\/tournaments(?:\/next|\/\d+(?:\/(?:registrations|sponsors|bracket|standings|players))?)?$/,
  /^\/api\/hero-video$/,
  /^\/api\/divisions\/[^/]+$/,
];

// The user-specific reads a player or fan needs at a venue: who they are, their waiver, tickets, registrations,
// team, notifications, their matches and winnings (under /api/player/) and where they play next.
const USER_API = [
  /^\/api\/auth\/user$/,
  /^\/api\/waivers\/status$/,
  /^\/api\/tickets\/mine$/,
  /^\/api\/tournament-registrations\/my-registrations$/,
  /^\/api\/player\/[^/]+$/,
  /^\/api\/notifications$/,
  // Where the signed-in entrant plays next (issue 11): wanted most at the venue.
  /^\/api\/tournaments\/\d+\/next-match$/,
  // The door (D26): the tournaments whose door this member runs and each one's ticket list (hashes, tier, first
  // name), so a door with no signal still checks tickets. Cleared with the rest of the user's data on sign-out.
  /^\/api\/door\/tournaments$/,
  /^\/api\/door\/tournaments\/\d+\/tickets$/,
  // D39: the entrant's QR entry passes (shown at the door), and the door's entrant list (names, pass hashes).
  /^\/api\/entry-passes\/mine$/,
  /^\/api\/tournaments\/\d+\/entrants$/,
];

/** True for a public API path the service worker keeps (network first, cache on failure). */
export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API.some((re) => re.test(path));
}

/** True for a user-specific API path the service worker keeps in USER_DATA_CACHE. */
export function isUserApiPath(path: string): boolean {
  return USER_API.some((re) => re.test(path));
}

/** The search parameters a key may end with (an API list's filters), or undefined when its last part is none. */
function keySearch(queryKey: readonly unknown[]): Record<string, string> | undefined {
  const last = queryKey.at(-1);
  if (queryKey.length < 2 || !last || typeof last !== 'object' || Array.isArray(last)) return undefined;
  const values = Object.values(last as Record<string, unknown>);
  return values.every((v) => typeof v === 'string') ? (last as Record<string, string>) : undefined;
}

/**
 * The API path a query key stands for, else null: its segments joined with '/' (as the default query function builds
 * its URL), without the search parameters a key may end with (`['/api/tournaments', { status: 'live' }]` is
 * `/api/tournaments`): whether an answer is public or the user's own depends on the path alone.
 */
export function queryKeyPath(queryKey: readonly unknown[]): string | null {
  const [first] = queryKey;
  if (typeof first !== 'string' || !first.startsWith('/api/')) return null;
  const segments = keySearch(queryKey) ? queryKey.slice(0, -1) : queryKey;
  if (!segments.every((part) => typeof part === 'string' || typeof part === 'number')) return null;
  return segments.join('/');
}

/** The URL a query key stands for: its path and, when the key ends with them, its search parameters (sorted). */
export function queryKeyUrl(queryKey: readonly unknown[]): string | null {
  const path = queryKeyPath(queryKey);
  const search = keySearch(queryKey);
  if (path === null || !search) return path;
  const query = new URLSearchParams(Object.entries(search).sort(([a], [b]) => a.localeCompare(b))).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * True for a public API request the service worker keeps: a public path, except the tournament list's pages after
 * the first (`?cursor=`, ADR 025). The first page of each filter is kept; what a user loaded further is kept, bounded,
 * by the persisted query cache only, so scrolling far never fills the cache with pages.
 */
export function isSavedPublicApiUrl(url: URL): boolean {
  return isPublicApiPath(url.pathname) && !(url.pathname === '/api/tournaments' && url.searchParams.has('cursor'));
}
