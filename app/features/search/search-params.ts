import type { MAX_QUERY_LENGTH, SearchFilter } from '../../../edge/features/search/constants.ts';
import type { ValidatedSearch } from '../../lib/search-params.ts';

// What the /search route itself reads (its URL check and loader), apart from the screen: every page's first load
// carries it, so it imports types only (a value import would pull the shared constants, texts and all, into it) and
// the compiler keeps these copies equal to the API's.
const TABS = ['players', 'teams', 'tournaments'] as const satisfies readonly SearchFilter[];
const MAX_LENGTH = 100 satisfies typeof MAX_QUERY_LENGTH;

/** The search in the URL: /search?q=jor&tab=players (no q: the 'Start Your Search' screen). */
export interface SearchRouteSearch {
  q?: string;
  tab?: SearchFilter;
}

/** TanStack Router's validateSearch: a text q (trimmed, empty = none) and a known tab (else All). */
export function parseSearchParams(search: Record<string, unknown>): SearchRouteSearch {
  const raw = typeof search.q === 'string' ? search.q : typeof search.q === 'number' ? String(search.q) : '';
  const q = raw.trim();
  const tab = TABS.find((f) => f === search.tab);
  return { q: q === '' ? undefined : q, tab } satisfies ValidatedSearch<SearchRouteSearch>;
}

/** D30: a query the API answers (1 to 100 characters); a longer one is explained on the page, not sent. */
export const isSearchable = (q: string | undefined): q is string =>
  q !== undefined && q.trim() !== '' && [...q.trim()].length <= MAX_LENGTH;
