import type { MyRegistration, Notification, PlayerMatch, Winning } from './queries.ts';

/** The role badge of the profile card (000 s2): Solo Player or Team Owner; administrators and fans by role. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'player':
      return 'Solo Player';
    case 'owner':
      return 'Team Owner';
    case 'admin':
    case 'super_admin':
      return 'Admin';
    case 'fan':
      return 'Fan';
    default:
      return role;
  }
}

/** 1 -> "1st", 22 -> "22nd", 13 -> "13th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** The finishing place of a completed tournament ('Champion', '2nd place', ...); null when there is none to show. */
export function placementLabel(registration: Pick<MyRegistration, 'placement' | 'tournament'>): string | null {
  const { placement } = registration;
  if (registration.tournament.status !== 'completed' || placement === null || placement < 1) return null;
  return placement === 1 ? 'Champion' : `${ordinal(placement)} place`;
}

export const registrationStatusLabels: Record<MyRegistration['status'], string> = {
  registered: 'Registered',
  pending_payment: 'Awaiting payment',
};

/** "24-8": a wins-losses record. */
export function formatRecord(wins: number, losses: number): string {
  return `${wins}-${losses}`;
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a notification shows its long date instead of "3 days ago". */
export const RELATIVE_DATE_LIMIT_MS = 7 * DAY;

/**
 * When a notification arrived, as a person says it: "just now", "5 minutes ago", "yesterday", "3 days ago";
 * from a week back (or in the future, a skewed clock) null, and the caller shows the long date.
 */
export function relativeTime(value: string, now: Date): string | null {
  const ms = now.getTime() - new Date(value).getTime();
  if (Number.isNaN(ms) || ms < -MINUTE || ms >= RELATIVE_DATE_LIMIT_MS) return null;
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return relative.format(-Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return relative.format(-Math.floor(ms / HOUR), 'hour');
  return relative.format(-Math.floor(ms / DAY), 'day');
}

/** How many of the notifications are unread. */
export function unreadCount(list: readonly Pick<Notification, 'read'>[] | undefined): number {
  return list ? list.filter((n) => !n.read).length : 0;
}

/** An in-app path a notification may link to; anything else (an absolute or protocol-relative URL) is dropped. */
export function safeNotificationLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

export const matchResultLabels: Record<PlayerMatch['result'], string> = {
  win: 'Win',
  loss: 'Loss',
  live: 'Live',
  upcoming: 'Upcoming',
};

/** A match's score from the player's side ("3-1"), 'Forfeit' when it was decided by a withdrawal, else a dash. */
export function playerMatchScore(match: Pick<PlayerMatch, 'scoreFor' | 'scoreAgainst' | 'forfeit'>): string {
  if (match.forfeit) return 'Forfeit';
  if (match.scoreFor === null || match.scoreAgainst === null) return '-';
  return `${match.scoreFor}-${match.scoreAgainst}`;
}

/** "vs Jordan Lee"; a completed match without an opponent was a bye, an open one waits for its opponent (TBD). */
export function opponentLabel(match: Pick<PlayerMatch, 'opponent' | 'result'>): string {
  if (match.opponent) return `vs ${match.opponent.name}`;
  return match.result === 'win' || match.result === 'loss' ? 'Bye' : 'vs TBD';
}

export const winningStatusLabels: Record<Winning['status'], string> = {
  owed: 'Owed',
  paid: 'Paid',
  void: 'Void',
};

/** What a winnings row is for: "1st place", or "Adjustment (2nd place)" after a correction (D20, D21). */
export function winningLabel(winning: Pick<Winning, 'place' | 'kind'>): string {
  const place = winning.place >= 1 ? `${ordinal(winning.place)} place` : null;
  if (winning.kind === 'adjustment') return place ? `Adjustment (${place})` : 'Adjustment';
  return place ?? 'Payout';
}

/** A paid date as a Date: "2026-11-21" (the admin's date, D21) is that day here, not UTC midnight of it. */
export function paidDate(value: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}
