import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberStandings, type MemberStanding } from '../../db/schema/incidents.ts';

/**
 * A member's standing (D24): a ban, or a suspension until a time, keeps them out. Read where sessions are validated
 * and where they are created (every sign-in: password, Google, registration), so a decision takes effect on the next
 * request and a sign-in racing the decision cannot leave a live session behind.
 */
export type StandingBlock = { kind: 'banned' } | { kind: 'suspended'; until: Date };

/** The block a standing row puts on the member at `now`, or null when they may use the app. */
export function standingBlock(
  standing: Pick<MemberStanding, 'suspendedUntil' | 'bannedAt'> | null | undefined,
  now: Date,
): StandingBlock | null {
  if (!standing) return null;
  if (standing.bannedAt) return { kind: 'banned' };
  if (standing.suspendedUntil && standing.suspendedUntil.getTime() > now.getTime()) {
    return { kind: 'suspended', until: standing.suspendedUntil };
  }
  return null;
}

export const BANNED_MESSAGE =
  'Your account has been banned for violating the Code of Conduct. You can no longer sign in.';

/** "Monday, December 1, 2026 at 18:00 UTC": one time zone for everybody, since the server does not know the reader's. */
export function formatSuspensionEnd(until: Date): string {
  const day = until.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const time = until.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day} at ${time} UTC`;
}

/** A member's standing as the API shows it (the admin's member rows, the incidents tab). */
export interface Standing {
  banned: boolean;
  /** ISO time, only while a suspension is in force. */
  suspendedUntil: string | null;
}

/** The standing as the API shows it at `now` (a suspension that has ended is none). */
export function standingView(
  row: Pick<MemberStanding, 'suspendedUntil' | 'bannedAt'> | null | undefined,
  now: Date,
): Standing {
  const block = standingBlock(row, now);
  return {
    banned: block?.kind === 'banned',
    suspendedUntil: block?.kind === 'suspended' ? block.until.toISOString() : null,
  };
}

/** What sign-in answers a blocked member (403). */
export function standingMessage(block: StandingBlock): string {
  return block.kind === 'banned'
    ? BANNED_MESSAGE
    : `Your account is suspended until ${formatSuspensionEnd(block.until)} for violating the Code of Conduct.`;
}

/** Thrown by createSession when the member may not sign in; the sign-in routes answer it with 403 and its message. */
export class MemberBlockedError extends Error {
  readonly block: StandingBlock;
  constructor(block: StandingBlock) {
    super(standingMessage(block));
    this.block = block;
    this.name = 'MemberBlockedError';
  }
}

/** Anything that can select: the database or a transaction. */
type Reader = Pick<Db, 'select'>;

/** The member's standing row (or null: never decided against). */
export async function readStanding(db: Reader, userId: string): Promise<MemberStanding | null> {
  const [row] = await db.select().from(memberStandings).where(eq(memberStandings.userId, userId)).limit(1);
  return row ?? null;
}
