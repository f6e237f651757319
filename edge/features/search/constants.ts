import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

/**
 * Constants and shapes of global search (001 "Search (/search)", s3 "Search result", s7 GET /api/search, D30). No zod:
 * the app's search route reads them in its URL check, which every page's first load carries.
 */

export { NEXT_CURSOR_HEADER };

export const searchFilters = ['all', 'players', 'teams', 'tournaments'] as const;
export type SearchFilter = (typeof searchFilters)[number];

/** D30: the query is 1 to 100 characters (code points) after trimming. */
export const MAX_QUERY_LENGTH = 100;
/** 001 s9: the All tab shows 3 of each type. */
export const ALL_TAB_SIZE = 3;
/** One page of a single type's tab. */
export const SEARCH_PAGE_SIZE = 20;
/**
 * Counts stop at this many (the tab reads "1000+"), and a tab pages no deeper: nobody reads a thousand results of a
 * search, and counting every row of a common word among 100,000 members would cost what the page itself does not.
 */
export const SEARCH_RESULT_CAP = 1000;

export const SEARCH_TEXTS = {
  queryRequired: 'Enter something to search for',
  queryTooLong: `Search query must be at most ${MAX_QUERY_LENGTH} characters`,
  filter: `Filter must be one of ${searchFilters.join(', ')}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;

/** Characters as a reader counts them (an emoji is one, not two UTF-16 units). */
export const queryLength = (q: string) => [...q].length;

/** A member in the results (001 Search: player card). City and photo are null for a minor seen by a guest (D36). */
export interface SearchPlayer {
  id: string;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  city: string | null;
  state: string | null;
  sport: string | null;
  wtaPoints: number;
  profileImageUrl: string | null;
}

export interface SearchTeam {
  id: number;
  name: string;
  tagline: string | null;
  logoUrl: string | null;
  wins: number;
}

/** approved for a tournament that was listed (D30); pending or rejected while a hosted submission awaits or failed. */
export const approvalStatuses = ['approved', 'pending', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export interface SearchTournament {
  id: number;
  /** 001's "name" of a tournament: the title, as every tournament endpoint calls it. */
  title: string;
  /** ISO 8601. */
  startDate: string;
  /** ISO 8601 once it started and completed (issue 34: then shown instead of the scheduled start); else null. */
  startedAt: string | null;
  completedAt: string | null;
  prizePool: number;
  approvalStatus: ApprovalStatus;
  status: 'pending' | 'rejected' | 'upcoming' | 'live' | 'completed' | 'cancelled';
}

export interface SearchCounts {
  users: number;
  teams: number;
  tournaments: number;
}

/** 001 s3 "Search result": users, teams, tournaments; with every tab's count, capped at SEARCH_RESULT_CAP. */
export interface SearchResult {
  users: SearchPlayer[];
  teams: SearchTeam[];
  tournaments: SearchTournament[];
  counts: SearchCounts;
  /** True where there are more than SEARCH_RESULT_CAP matches (the count then reads "1000+"). */
  countsCapped: Record<keyof SearchCounts, boolean>;
}
