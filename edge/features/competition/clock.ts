import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { cancelTournament, retryPendingRefunds } from './cancel.ts';
import { TOO_FEW_CHECKED_IN_REASON, TOO_FEW_TEAMS_CHECKED_IN_REASON } from '../check-in/schema.ts';
import { closeDueCheckIns, openDueCheckIns } from '../check-in/clock.ts';
import { confirmQuietReports } from '../score-reports/clock.ts';
import { runWaitlists } from '../waitlist/clock.ts';
import { drainFollowAlerts } from './follower-alerts.ts';
import { startTournament } from './service.ts';

/**
 * The tournament clock (D12, D15, D33): one function that advances every tournament whose time has come. Node runs
 * it on a timer and before tournament reads; Workers from a Cron Trigger every minute. Every step is a conditional
 * write, so two clocks running at once (two isolates, a timer and a read) do each thing once.
 */

/** D15: entrants hear within the hour before the start. */
export const REMINDER_WINDOW_MS = 60 * 60 * 1000;
/** D33's reason when the clock cancels. */
export const TOO_FEW_ENTRANTS_REASON = 'Fewer than 2 players were registered when the tournament was due to start.';
/** The same for a team tournament (D22), whose entrants are teams. */
export const TOO_FEW_TEAMS_REASON = 'Fewer than 2 teams were registered when the tournament was due to start.';

/** At most this many tournaments per step and tick, so one tick stays short; the next tick takes the rest. */
const BATCH = 25;

export interface ClockDeps {
  db: Db;
  payments: PaymentProvider;
  leagueEmailDomain: string;
}

export interface ClockReport {
  checkInsOpened: number[];
  checkInsClosed: number[];
  /** D40: matches whose players' report was confirmed by 10 quiet minutes. */
  reportsConfirmed: number[];
  /** D42: waitlist entries offered a freed spot. */
  waitlistOffers: number[];
  started: number[];
  cancelled: number[];
  reminded: number[];
  refundsRetried: number;
}

export async function runTournamentClock(deps: ClockDeps, now: Date): Promise<ClockReport> {
  const report: ClockReport = { checkInsOpened: [], checkInsClosed: [], reportsConfirmed: [], waitlistOffers: [], started: [], cancelled: [], reminded: [], refundsRetried: 0 };
  const ctx = { actor: null, leagueEmailDomain: deps.leagueEmailDomain, now };

  // D39: check-in opens 2 hours before the start (its entrants are told) and closes 30 minutes before it,
  // withdrawing the no-shows.
  report.checkInsOpened = await openDueCheckIns(deps.db, now);
  report.checkInsClosed = await closeDueCheckIns(deps.db, now);
  report.reportsConfirmed = await confirmQuietReports(deps.db, now, deps.leagueEmailDomain);
  // D42: after the close above (it lapses offers and closes the line) and before the start.
  report.waitlistOffers = await runWaitlists(deps.db, now);

  // Served by tournaments_status_start_idx.
  const due = await deps.db
    .select({ id: tournaments.id, maxTeams: tournaments.maxTeams, checkIn: tournaments.checkIn })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), lte(tournaments.startDate, now)))
    .orderBy(asc(tournaments.startDate))
    .limit(BATCH);
  for (const { id, maxTeams, checkIn } of due) {
    try {
      const outcome = await startTournament(deps.db, id, ctx);
      if (outcome.started) {
        report.started.push(id);
        continue;
      }
      const reason = checkIn
        ? maxTeams === null
          ? TOO_FEW_CHECKED_IN_REASON
          : TOO_FEW_TEAMS_CHECKED_IN_REASON
        : maxTeams === null
          ? TOO_FEW_ENTRANTS_REASON
          : TOO_FEW_TEAMS_REASON;
      await cancelTournament(deps.db, deps.payments, { tournamentId: id, reason, actor: null, now });
      report.cancelled.push(id);
    } catch (error) {
      // Another clock got there first (409): nothing left to do for this one.
      if (error instanceof HTTPException && error.status === 409) continue;
      throw error;
    }
  }

  const soon = await deps.db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.status, 'upcoming'),
        gt(tournaments.startDate, now),
        lte(tournaments.startDate, new Date(now.getTime() + REMINDER_WINDOW_MS)),
        isNull(tournaments.startReminderSentAt),
      ),
    )
    .limit(BATCH);
  for (const { id } of soon) {
    if (await remindEntrants(deps.db, id, now)) report.reminded.push(id);
  }

  report.refundsRetried = (await retryPendingRefunds(deps.db, deps.payments, now)).length;
  // D31: follower notifications a start or settlement claimed but could not finish writing (ADR 031).
  await drainFollowAlerts(deps.db, now);
  return report;
}

/**
 * Claims the tournament's reminder (once, by a conditional update) and notifies its registered players (D15), and in
 * a team tournament each entered team's owner and roster at entry.
 */
async function remindEntrants(db: Db, tournamentId: number, now: Date): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const [claimed] = await tx
        .update(tournaments)
        .set({ startReminderSentAt: now })
        .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.startReminderSentAt), eq(tournaments.status, 'upcoming')))
        .returning({ title: tournaments.title, startDate: tournaments.startDate });
      if (!claimed) return false;
      const registered = and(eq(tournamentRegistrations.tournamentId, tournamentId), inArray(tournamentRegistrations.status, ['registered']));
      const entrants = await tx.select({ userId: tournamentRegistrations.userId }).from(tournamentRegistrations).where(registered);
      // A team entry's players are its roster at entry (D22): they play, so they hear it too, with the owner.
      const rostered = await tx
        .select({ userId: teamEntryMembers.userId })
        .from(teamEntryMembers)
        .innerJoin(tournamentRegistrations, eq(tournamentRegistrations.id, teamEntryMembers.registrationId))
        .where(registered);
      const players = [...new Set([...entrants, ...rostered].map((p) => p.userId))].map((userId) => ({ userId }));
      const minutes = Math.max(1, Math.round((claimed.startDate.getTime() - now.getTime()) / 60000));
      if (players.length > 0) {
        await tx.insert(notifications).values(
          players.map((p) => ({
            userId: p.userId,
            kind: 'tournament_starting',
            title: `${claimed.title} starts soon`,
            body: `${claimed.title} starts in ${minutes} minute${minutes === 1 ? '' : 's'}. Check in at the venue and watch the Bracket tab for your first match.`,
            link: `/tournaments/${tournamentId}#bracket`,
            createdAt: now,
          })),
        );
      }
      return true;
    },
    { behavior: 'immediate' },
  );
}

/** Whether an upcoming tournament's start has come (the clock must start or cancel it): one indexed read. */
export async function hasDueTournament(db: Db, now: Date): Promise<boolean> {
  // Served by tournaments_status_start_idx, like the clock's own `due` query.
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), lte(tournaments.startDate, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * The clock before tournament reads (check-on-read, Node), at most once per `everyMs` per process, never two at once.
 * A read waits only when a start or cancellation is due (D12: a tournament whose start has come reads as started);
 * otherwise the pass (reminders, refund retries, which may call the payment provider) runs in the background and
 * the read goes on at once. Reads that arrive while the due check or a due pass runs wait for it too.
 */
export function throttledClock(deps: ClockDeps, everyMs: number, onBackgroundError = logClockError) {
  let last = 0;
  /** The due check and, when something is due, the pass that acts on it: reads wait for this. */
  let blocking: Promise<void> | null = null;
  /** A pass with nothing due: reads never wait for it; a new one does not start while it runs. */
  let background: Promise<void> | null = null;
  return async (now: Date): Promise<void> => {
    if (blocking) return blocking;
    if (now.getTime() - last < everyMs && now.getTime() >= last) return;
    last = now.getTime();
    blocking = (async () => {
      if (await hasDueTournament(deps.db, now)) {
        await runTournamentClock(deps, now);
      } else if (!background) {
        background = runTournamentClock(deps, now).then(
          () => undefined,
          (error: unknown) => onBackgroundError(error),
        );
        void background.finally(() => {
          background = null;
        });
      }
    })().finally(() => {
      blocking = null;
    });
    return blocking;
  };
}

function logClockError(error: unknown) {
  console.error('[clock]', error);
}
