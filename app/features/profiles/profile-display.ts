import type { TournamentHistoryEntry } from './queries.ts';

export { fullName, placeOf } from './profile-preview.ts';

const count = new Intl.NumberFormat('en-US');

/** "1 follower", "1,204 followers". */
export function followersLabel(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'follower' : 'followers'}`;
}

const PLACES = ['Champion', 'Runner-up', '3rd Place', '4th Place'];

/** A completed tournament's place in words ('Champion', 'Runner-up', '3rd Place', '4th Place'), else null. */
export function placementLabel(entry: Pick<TournamentHistoryEntry, 'status' | 'placement'>): string | null {
  if (entry.status !== 'completed' || entry.placement === null) return null;
  return PLACES[entry.placement - 1] ?? null;
}

export const historyStatusLabels: Record<TournamentHistoryEntry['status'], string> = {
  upcoming: 'Upcoming',
  live: 'Live Now',
  completed: 'Completed',
};
