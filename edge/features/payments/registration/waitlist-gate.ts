import { sql, type SQL } from 'drizzle-orm';
import { waitlistEntries } from '../../../../db/schema/waitlist.ts';

// D42 inside D9's capacity rule (ADR 069). A spot offered from the waitlist is held for the member it was offered
// to, and while anyone is in line every freed spot is kept for the line: a member without a live offer is refused
// even when a spot is free for a moment (the clock offers it to the first in line).

/** Live offers to members other than `userId`: each holds a spot as a registration does. */
export function offersToOthers(tournamentId: number, userId: string, now: number): SQL {
  return sql`(select count(*) from ${waitlistEntries} w
    where w.tournament_id = ${tournamentId} and w.state = 'offered' and w.user_id <> ${userId} and w.offer_expires_at > ${now})`;
}

/** True when `userId` may take a free spot: they hold a live offer, or nobody else is waiting in line. */
export function lineAllows(tournamentId: number, userId: string, now: number): SQL {
  return sql`(exists (select 1 from ${waitlistEntries} w
      where w.tournament_id = ${tournamentId} and w.state = 'offered' and w.user_id = ${userId} and w.offer_expires_at > ${now})
    or not exists (select 1 from ${waitlistEntries} w
      where w.tournament_id = ${tournamentId} and w.state = 'waiting' and w.user_id <> ${userId}))`;
}

/** The member's place in line (waiting or offered) is taken: they registered or hold a checkout. */
export async function takeLinePlace(
  q: { run: (query: SQL) => Promise<unknown> },
  tournamentId: number,
  userId: string,
  now: Date,
): Promise<void> {
  await q.run(sql`update ${waitlistEntries} set state = 'taken', closed_at = ${now.getTime()}
    where tournament_id = ${tournamentId} and user_id = ${userId} and state in ('waiting', 'offered')`);
}
