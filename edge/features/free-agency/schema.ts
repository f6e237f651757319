import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

// One header name for every paged list (edge/lib/paging.ts), re-exported for this feature's callers.
export { NEXT_CURSOR_HEADER };

/** The Free Agency Pool's contract (000 s2, s7; issue 13). Shared with the app as types and constants only. */

/** One card of the pool: a player without a team, with the stats the card shows (Points, Wins, Games). */
export interface FreeAgent {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isVerified: boolean;
  tagline: string | null;
  city: string | null;
  state: string | null;
  sport: string | null;
  wtaPoints: number;
  wins: number;
  losses: number;
  gamesPlayed: number;
}

/** 000 s2: the sport filter's values (football is labelled Flag Football, slap Slap Division). */
export const FREE_AGENCY_SPORTS = ['all', 'basketball', 'football', 'kickball', 'slap'] as const;
export type FreeAgencySport = (typeof FREE_AGENCY_SPORTS)[number];

/** 000 s2: the verified filter (All Players, Verified Only, Unverified). */
export const FREE_AGENCY_VERIFIED = ['all', 'verified', 'unverified'] as const;
export type FreeAgencyVerified = (typeof FREE_AGENCY_VERIFIED)[number];

/** A page of the pool unless `?limit=` says otherwise: fills the 1-, 2- and 3-column grids. */
export const FREE_AGENCY_PAGE_SIZE = 24;
export const MAX_FREE_AGENCY_PAGE_SIZE = 100;
/** The longest search text (characters after trimming). */
export const FREE_AGENCY_SEARCH_MAX = 100;

export const FREE_AGENCY_MESSAGES = {
  /** Fans see the upgrade notice (000 s2); the API answers them 403 with this (ADR 028). */
  fansUpgrade: 'Free agency is for players and team owners. Upgrade your account to take part.',
  sport: `Sport must be one of ${FREE_AGENCY_SPORTS.join(', ')}`,
  verified: `Verified must be one of ${FREE_AGENCY_VERIFIED.join(', ')}`,
  search: `Search must be at most ${FREE_AGENCY_SEARCH_MAX} characters`,
  limit: `Limit must be a whole number from 1 to ${MAX_FREE_AGENCY_PAGE_SIZE}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;
