import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { waitlistEntries } from '../../../db/schema/waitlist.ts';
import { offerFreedSpots } from './service.ts';

/** At most this many tournaments per tick; the next tick takes the rest. */
const BATCH = 25;

/**
 * D42 at every clock tick: each tournament with anyone in line gets offerFreedSpots in its own write transaction, so
 * spots freed by a lapsed checkout hold, a withdrawal or a refund, and offers that ran out, are handed on within a
 * minute. Answers the entries offered.
 */
export async function runWaitlists(db: Db, now: Date): Promise<number[]> {
  // Served by waitlist_state_idx.
  const open = await db
    .selectDistinct({ tournamentId: waitlistEntries.tournamentId })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.state, ['waiting', 'offered']))
    .limit(BATCH);
  const offered: number[] = [];
  for (const { tournamentId } of open) {
    offered.push(...(await db.transaction((tx) => offerFreedSpots(tx, tournamentId, now), { behavior: 'immediate' })));
  }
  return offered;
}
