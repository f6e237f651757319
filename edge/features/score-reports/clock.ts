import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { scoreReports } from '../../../db/schema/score-reports.ts';
import { StaleMatchError } from '../competition/bracket-store.ts';
import { drainFollowAlertsAfterCommit } from '../competition/follower-alerts.ts';
import { loadMatch } from '../competition/match-sides.ts';
import { confirmRound } from './service.ts';

/** At most this many rounds per tick, so one tick stays short; the next tick takes the rest. */
const BATCH = 25;

/**
 * D40: a pending report the other side has left alone for 10 minutes is confirmed and applied. Each round is its own
 * write transaction that confirms it only if it is still pending and still about the match as it is: a round the
 * other side answered meanwhile, or whose match the host changed, is left as that answer made it (or voided).
 * Answers the matches whose result was applied.
 */
export async function confirmQuietReports(db: Db, now: Date, leagueEmailDomain: string): Promise<number[]> {
  // Served by score_reports_due_idx (partial on state = 'pending').
  const due = await db
    .select({ id: scoreReports.id })
    .from(scoreReports)
    .where(and(eq(scoreReports.state, 'pending'), lte(scoreReports.confirmsAt, now)))
    .orderBy(asc(scoreReports.confirmsAt))
    .limit(BATCH);
  const confirmed: number[] = [];
  for (const { id } of due) {
    const matchId = await db
      .transaction(
        async (tx) => {
          const [round] = await tx.select().from(scoreReports).where(eq(scoreReports.id, id)).limit(1);
          if (!round || round.state !== 'pending' || !round.confirmsAt || round.confirmsAt > now) return null;
          const loaded = await loadMatch(tx, round.tournamentId, round.matchId).catch(() => null);
          const current =
            loaded &&
            loaded.tournament.status === 'live' &&
            loaded.match.status === 'live' &&
            loaded.match.version === round.matchVersion;
          if (!loaded || !current) {
            await tx
              .update(scoreReports)
              .set({ state: 'void', confirmsAt: null, closedAt: now })
              .where(eq(scoreReports.id, id));
            return null;
          }
          await confirmRound(tx, loaded, round, {
            user: null,
            leagueEmailDomain,
            now,
          });
          return round.matchId;
        },
        { behavior: 'immediate' },
      )
      // Checked above under the write lock, so not expected: rolled back, and the next tick looks again.
      .catch((error: unknown) => {
        if (error instanceof StaleMatchError) return null;
        throw error;
      });
    if (matchId !== null) confirmed.push(matchId);
  }
  if (confirmed.length > 0) await drainFollowAlertsAfterCommit(db, now);
  return confirmed;
}
