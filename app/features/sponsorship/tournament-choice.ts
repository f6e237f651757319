import type { Tournament } from '../../../edge/features/tournaments/schema.ts';

/** The tournaments a sponsorship may name: the server refuses a completed one (409), so the form offers only these. */
export function sponsorableTournaments<T extends Pick<Tournament, 'status'>>(list: readonly T[]): T[] {
  return list.filter((t) => t.status === 'upcoming' || t.status === 'live');
}

/**
 * The list with the link's tournament added when the list's page does not hold it (a tournament starting later than
 * the first page of the paged list reaches, ADR 025).
 */
export function withLinkedTournament<T extends Pick<Tournament, 'id'>>(list: readonly T[], linked: T | undefined): T[] {
  return linked && !list.some((t) => t.id === linked.id) ? [...list, linked] : [...list];
}

export type Preselection =
  /** No `?tournamentId=` in the link: the form starts league-wide. */
  | { state: 'none'; value: '' }
  /** The list is still loading: nothing is preselected yet, and nothing should be submitted yet. */
  | { state: 'pending'; value: '' }
  /** The link's tournament is one the form offers: it starts selected. */
  | { state: 'offered'; value: string }
  /** The link names a tournament the form cannot offer (completed, unknown, or the list failed): league-wide. */
  | { state: 'not-offered'; value: '' };

/**
 * What `?tournamentId=` preselects: only a tournament the form can actually offer (the loaded, sponsorable list),
 * so a completed or unknown one never shows as a bare "Tournament #13" that the server then refuses.
 * `offered` is undefined while the list loads.
 */
export function preselectTournament(
  requested: number | undefined,
  offered: readonly Pick<Tournament, 'id'>[] | undefined,
): Preselection {
  if (requested === undefined) return { state: 'none', value: '' };
  if (offered === undefined) return { state: 'pending', value: '' };
  return offered.some((t) => t.id === requested)
    ? { state: 'offered', value: String(requested) }
    : { state: 'not-offered', value: '' };
}
