import type { Tournament } from '../../../edge/features/tournaments/schema.ts';

// Only the detail page needs these: kept apart from tournament-display.ts, which the landing and the list load.

/**
 * D33: a cancelled tournament and the reason given, or null. Read defensively: the cancellation fields arrive with
 * issue 11's tournament API.
 */
export function cancellationOf(tournament: Pick<Tournament, 'status'>): { reason: string | null } | null {
  const { status, cancellationReason } = tournament as { status: string; cancellationReason?: unknown };
  if (status !== 'cancelled') return null;
  const reason = typeof cancellationReason === 'string' ? cancellationReason.trim() : '';
  return { reason: reason || null };
}

/** The member who hosts the tournament (D10), or null; read defensively until the tournament API carries it. */
export function hostIdOf(tournament: object): string | null {
  const { hostId } = tournament as { hostId?: unknown };
  return typeof hostId === 'string' && hostId ? hostId : null;
}

/** Who may start, report, correct and withdraw (issue 11): an admin under D6 or the tournament's host. */
export function mayManageTournament(tournament: object, user: { id: string; isAdmin: boolean } | null): boolean {
  if (!user) return false;
  return user.isAdmin || hostIdOf(tournament) === user.id;
}
