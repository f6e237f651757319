// D42, the waitlist: the words of its refusals and notices, and the shapes of its answers.

/** D42: an offer holds the freed spot this long (never past the registration's close). */
export const OFFER_MS = 30 * 60 * 1000;

export const WAITLIST_TEXTS = {
  notFull: 'This tournament has open spots: register instead',
  alreadyIn: 'You are already on the waitlist for this tournament',
  registered: 'You are already registered for this tournament',
  notIn: 'You are not on the waitlist for this tournament',
  closed: 'Registration is closed for this tournament',
  forbidden: "Only an admin or the tournament's host can see the waitlist",
  offerTitle: 'A spot opened for you',
  lapsedTitle: 'Waitlist offer lapsed',
} as const;

export function offerBody(title: string, until: string): string {
  return `A spot in ${title} is held for you until ${until}. Register to take it: after that it passes to the next on the waitlist.`;
}

export function lapsedBody(title: string): string {
  return `Your waitlist offer for ${title} ran out and passed to the next on the waitlist.`;
}

/** The member's own place (GET .../waitlist/mine); null when not in line. */
export interface WaitlistPlace {
  state: 'waiting' | 'offered';
  /** 1 = next. */
  place: number;
  /** While offered: the spot is held until then. */
  offerExpiresAt: string | null;
}

/** The host's and admins' view (GET .../waitlist). */
export interface WaitlistEntry {
  id: number;
  place: number;
  name: string;
  state: 'waiting' | 'offered';
  joinedAt: string;
  offerExpiresAt: string | null;
}
