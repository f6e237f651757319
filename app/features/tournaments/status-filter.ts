import type { TournamentStatus } from '../../../edge/features/tournaments/schema.ts';

// A module of its own: the list route's validateSearch runs in every page's first load, and importing it from
// tournament-display.ts pulled that module and the payment texts it imports into the entry chunk (issue 12 budget).

/** Reads `?status=`: anything but a known status means All. */
export function parseStatusFilter(value: unknown): TournamentStatus | undefined {
  return value === 'upcoming' || value === 'live' || value === 'completed' ? value : undefined;
}
