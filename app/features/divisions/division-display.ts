import type { TournamentStatus } from '../../../edge/features/tournaments/schema.ts';

/** Status badge texts, as the tournament list shows them. */
export const statusLabels: Record<TournamentStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live Now',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A player's record as wins-losses: "12-3". */
export function formatRecord(wins: number, losses: number): string {
  return `${wins}-${losses}`;
}

/** "Jordan Lee". */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
