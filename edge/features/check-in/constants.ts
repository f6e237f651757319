// D39, check-in's window: plain values and functions only (no zod), imported by the server and the app's screens.

/** Check-in opens this long before the start (D39). */
export const CHECK_IN_OPENS_BEFORE_MS = 2 * 60 * 60 * 1000;
/** ...and closes this long before it (000: 'check in 30 minutes before the start'). */
export const CHECK_IN_CLOSES_BEFORE_MS = 30 * 60 * 1000;

export interface CheckInWindow {
  opensAt: Date;
  closesAt: Date;
}

/** The window of a tournament starting at `startDate`. */
export function checkInWindow(startDate: Date): CheckInWindow {
  const start = startDate.getTime();
  return { opensAt: new Date(start - CHECK_IN_OPENS_BEFORE_MS), closesAt: new Date(start - CHECK_IN_CLOSES_BEFORE_MS) };
}

/**
 * When registration (and a waitlist offer) ends: at check-in's close when the tournament has check-in (D39), else at
 * the start (D12).
 */
export function registrationClosesAt(tournament: { startDate: Date; checkIn: boolean }): Date {
  return tournament.checkIn ? checkInWindow(tournament.startDate).closesAt : tournament.startDate;
}

/** An entry pass (D39) is 'e1' and 32 hex digits: '1' is never in a ticket's base32 code, so the door tells them apart. */
export const isEntryPass = (normalised: string): boolean => /^e1[0-9a-f]{32}$/.test(normalised);
