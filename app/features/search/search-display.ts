import type { SearchCounts, SearchFilter, SearchResult } from '../../../edge/features/search/constants.ts';

/** 001 Search: the quick searches of 'Start Your Search'. */
export const QUICK_SEARCHES = ['Basketball', 'Verified', 'Tournament', 'Atlanta'] as const;

export const TABS: ReadonlyArray<{ value: SearchFilter; label: string; count: keyof SearchCounts | null }> = [
  { value: 'all', label: 'All', count: null },
  { value: 'players', label: 'Players', count: 'users' },
  { value: 'teams', label: 'Teams', count: 'teams' },
  { value: 'tournaments', label: 'Tournaments', count: 'tournaments' },
];

/** A tab's count as shown: "12", "1000+" past the server's cap; All adds the three up. */
export function countLabel(
  result: Pick<SearchResult, 'counts' | 'countsCapped'>,
  key: keyof SearchCounts | null,
): string {
  if (key === null) {
    const keys = ['users', 'teams', 'tournaments'] as const;
    const total = keys.reduce((sum, k) => sum + result.counts[k], 0);
    return `${total}${keys.some((k) => result.countsCapped[k]) ? '+' : ''}`;
  }
  return `${result.counts[key]}${result.countsCapped[key] ? '+' : ''}`;
}

/** 001: city and state, 'Unknown' when the city is missing (or hidden, D36). */
export function placeLabel(player: { city: string | null; state: string | null }): string {
  return [player.city?.trim() || 'Unknown', player.state?.trim()].filter(Boolean).join(', ');
}

/** 001 s4: approved reads Approved (highlighted); anything else, a missing status included, reads Pending. */
export function approvalLabel(status: string | null | undefined): { label: string; approved: boolean } {
  if (status === 'approved') return { label: 'Approved', approved: true };
  return { label: 'Pending', approved: false };
}
