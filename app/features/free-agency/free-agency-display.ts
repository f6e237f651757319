import {
  FREE_AGENCY_SEARCH_MAX,
  FREE_AGENCY_SPORTS,
  FREE_AGENCY_VERIFIED,
  type FreeAgencySport,
  type FreeAgencyVerified,
} from '../../../edge/features/free-agency/schema.ts';
import type { ValidatedSearch } from '../../lib/search-params.ts';

/** 000 s2: the sport filter, football labelled Flag Football and slap Slap Division. */
export const sportOptions: readonly { value: FreeAgencySport; label: string }[] = [
  { value: 'all', label: 'All Sports' },
  { value: 'basketball', label: 'Basketball' },
  { value: 'football', label: 'Flag Football' },
  { value: 'kickball', label: 'Kickball' },
  { value: 'slap', label: 'Slap Division' },
];

/** 000 s2: the verified filter. */
export const verifiedOptions: readonly { value: FreeAgencyVerified; label: string }[] = [
  { value: 'all', label: 'All Players' },
  { value: 'verified', label: 'Verified Only' },
  { value: 'unverified', label: 'Unverified' },
];

/** The pool's filters as the URL keeps them (`/free-agency?q=&sport=&verified=&team=`); defaults are left out. */
export interface PoolSearch {
  q?: string | undefined;
  sport?: Exclude<FreeAgencySport, 'all'> | undefined;
  verified?: Exclude<FreeAgencyVerified, 'all'> | undefined;
  /** The owner's team the invites are for (the team page's 'Invite players' link says which). */
  team?: number | undefined;
}

/**
 * Whatever the address bar holds becomes filters the API accepts; anything else is dropped, never an error. Every key
 * is present (undefined when absent) so the router replaces a raw unknown value (lib/search-params.ts).
 */
export function parsePoolSearch(search: Record<string, unknown>): PoolSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, FREE_AGENCY_SEARCH_MAX) : '';
  const sport =
    typeof search.sport === 'string' && search.sport !== 'all' && FREE_AGENCY_SPORTS.includes(search.sport as never)
      ? (search.sport as PoolSearch['sport'])
      : undefined;
  const verified =
    typeof search.verified === 'string' &&
    search.verified !== 'all' &&
    FREE_AGENCY_VERIFIED.includes(search.verified as never)
      ? (search.verified as PoolSearch['verified'])
      : undefined;
  const team = typeof search.team === 'number' ? search.team : Number(search.team);
  return {
    q: q || undefined,
    sport,
    verified,
    team: Number.isSafeInteger(team) && team > 0 ? team : undefined,
  } satisfies ValidatedSearch<PoolSearch>;
}

/** The API's query parameters for a set of filters (the team is the screen's, not the list's). */
export function poolQueryParams({ q, sport, verified }: PoolSearch): Record<string, string> {
  const params: Record<string, string> = {};
  if (q) params.q = q;
  if (sport) params.sport = sport;
  if (verified) params.verified = verified;
  return params;
}

/** "Atlanta, GA", "Atlanta", "GA" or null. */
export function placeOf(player: { city: string | null; state: string | null }): string | null {
  return [player.city, player.state].filter(Boolean).join(', ') || null;
}
