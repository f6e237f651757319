
// D39, check-in: the words of its refusals and the shapes of its answers. The window is constants.ts (no zod), which
// the app's Registration tab imports.

export {
  CHECK_IN_CLOSES_BEFORE_MS,
  CHECK_IN_OPENS_BEFORE_MS,
  checkInWindow,
  isEntryPass,
  registrationClosesAt,
  type CheckInWindow,
} from './constants.ts';

/** D33's reasons when the clock cancels a tournament with check-in (D39: the minimum of 2 counts checked-in entrants). */
export const TOO_FEW_CHECKED_IN_REASON = 'Fewer than 2 players had checked in when the tournament was due to start.';
export const TOO_FEW_TEAMS_CHECKED_IN_REASON = 'Fewer than 2 teams had checked in when the tournament was due to start.';

export const CHECK_IN_TEXTS = {
  tournamentNotFound: 'Tournament not found',
  off: 'This tournament has no check-in',
  notUpcoming: 'Check-in is over: this tournament is no longer upcoming',
  notOpen: 'Check-in opens 2 hours before the start',
  closed: 'Check-in has closed',
  notRegistered: 'You are not registered for this tournament',
  notTeamLeader: "Only the team's owner or captain can check the team in",
  registrationNotFound: 'Registration not found',
  forbidden: "Only a league admin or the tournament's host can check entrants in",
  scannedAfterClose: 'This check-in was made after check-in closed',
  noShowTitle: 'Withdrawn - No Check-In',
} as const;

/** D39's notice when the window opens, with the close in the member's zone. */
export function checkInOpenTitle(closesAt: string): string {
  return `Check-in is open - check in by ${closesAt}`;
}
export function checkInOpenBody(title: string): string {
  return `Check in for ${title} on its Registration tab. Anyone not checked in when check-in closes is withdrawn as a no-show.`;
}

/** The no-show's notification (D39: told why, and that the buy-in is kept). */
export function noShowBody(title: string): string {
  return `You did not check in for ${title} before check-in closed, so you were withdrawn as a no-show. No-shows are not refunded.`;
}

/** The answer to a check-in (the entrant's own or the door's). */
export interface CheckInAnswer {
  registrationId: number;
  checkedInAt: string;
  message: string;
}

/** GET /api/entry-passes/mine: the entries a member checks in (their own, or a team they own or captain), D39. */
export interface EntryPass {
  registrationId: number;
  tournament: { id: number; title: string; startDate: string; location: string | null };
  /** The team of a team entry; null for a player's own entry. */
  teamName: string | null;
  /** What the QR code carries and the door types in. */
  pass: string;
  checkedInAt: string | null;
}

/** GET /api/tournaments/{id}/entrants: the door's list of entrants to check in (host and admins), D39. */
export interface DoorEntrant {
  registrationId: number;
  /** The player's name, or the team's. */
  name: string;
  /** SHA-256 of the entry pass (as the door hashes a scanned code): the saved list never holds a pass. */
  passHash: string;
  checkedInAt: string | null;
  /** Withdrawn at the close as a no-show: the door can still check them in until the start (D39). */
  noShow: boolean;
}
