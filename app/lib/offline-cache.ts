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
];

/** True for a public API path the service worker keeps (network first, cache on failure). */
export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API.some((re) => re.test(path));
}

/** True for a user-specific API path the service worker keeps in USER_DATA_CACHE. */
export function isUserApiPath(path: string): boolean {
  return USER_API.some((re) => re.test(path));
}

/** The API path a query key stands for (the default query function joins the segments with '/'), else null. */
export function queryKeyPath(queryKey: readonly unknown[]): string | null {
  const [first] = queryKey;
  if (typeof first !== 'string' || !first.startsWith('/api/')) return null;
  if (!queryKey.every((part) => typeof part === 'string' || typeof part === 'number')) return null;
  return queryKey.join('/');
}
