import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hostedTournaments } from '../../../db/schema/hosting.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import type { User } from '../../../db/schema/users.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { checkInWindow } from '../check-in/constants.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { hostedTournamentById } from './read.ts';
import {
  automaticPrizePool,
  HOST_MESSAGES,
  HOSTING_TEXTS as T,
  type HostedTournament,
  type HostTournamentBody,
} from './schema.ts';

/**
 * Hosting (D10) and the admin manager's writes (D24). Every write is one `immediate` transaction: the status it
 * checks cannot change before it writes (two admins approving at once: one wins, the other is told), and the audit
 * entry and the host's notification commit with the change or not at all.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A host may have this many submissions awaiting review at once: a bound on what one account can queue. */
export const MAX_PENDING_PER_HOST = 10;
export const TOO_MANY_PENDING = `You have ${MAX_PENDING_PER_HOST} tournaments awaiting approval. Wait for a decision before submitting another.`;

/** The tournament row and host-form row a body stands for. */
function rowsOf(body: HostTournamentBody) {
  const team = body.maxTeams !== undefined;
  return {
    tournament: {
      title: body.title,
      description: body.description,
      division: body.sport,
      format: body.format,
      buyIn: body.buyIn,
      prizePool: body.prizePool ?? automaticPrizePool(body),
      maxPlayers: body.maxPlayers,
      maxTeams: team ? body.maxTeams! : null,
      teamSize: team ? body.teamSize! : 1,
      location: body.location,
      startDate: body.startDate,
      endDate: body.endDate ?? null,
      flyerUrl: body.flyerUrl ?? null,
      // Left out of an edit, check-in stays as it is (insertTournament turns it on for a new one, D39).
      ...(body.checkIn === undefined ? {} : { checkIn: body.checkIn }),
    },
    hosted: {
      level: body.division,
      venueName: body.venueName,
      venueAddress: body.venueAddress,
      rules: body.rules,
      requirements: body.requirements,
      winnerSplit: body.winnerSplit,
      charitySplit: body.charitySplit,
      wtaSplit: body.wtaSplit,
    },
  };
}

function assertFutureStart(start: Date, now: Date) {
  if (start.getTime() <= now.getTime()) fail(400, HOST_MESSAGES.startInPast);
}

async function insertTournament(
  tx: Tx,
  body: HostTournamentBody,
  extra: { status: 'pending' | 'upcoming'; hostId: string | null; now: Date },
): Promise<number> {
  const rows = rowsOf(body);
  const [row] = await tx
    .insert(tournaments)
    .values({ checkIn: true, ...rows.tournament, status: extra.status, hostId: extra.hostId, createdAt: extra.now })
    .returning({ id: tournaments.id });
  await tx.insert(hostedTournaments).values({ ...rows.hosted, tournamentId: row!.id, createdAt: extra.now });
  return row!.id;
}

/** POST /api/tournaments/host (D10): a verified member's submission, `pending` and unlisted until an admin decides. */
export async function submitHostedTournament(
  db: Db,
  host: User,
  body: HostTournamentBody,
  now: Date,
): Promise<HostedTournament> {
  if (!host.isVerified) fail(403, T.verifiedOnly);
  assertFutureStart(body.startDate, now);
  const id = await db.transaction(
    async (tx) => {
      const [waiting] = await tx
        .select({ n: count() })
        .from(tournaments)
        .where(and(eq(tournaments.hostId, host.id), eq(tournaments.status, 'pending')));
      if ((waiting?.n ?? 0) >= MAX_PENDING_PER_HOST) fail(409, TOO_MANY_PENDING);
      return insertTournament(tx, body, { status: 'pending', hostId: host.id, now });
    },
    { behavior: 'immediate' },
  );
  return (await hostedTournamentById(db, id))!;
}

async function pendingOr409(tx: Tx, id: number) {
  const [t] = await tx
    .select({
      title: tournaments.title,
      status: tournaments.status,
      startDate: tournaments.startDate,
      hostId: tournaments.hostId,
    })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  if (!t) fail(404, T.notFound);
  if (t.status !== 'pending') fail(409, T.notPending);
  return t;
}

async function notifyHost(
  tx: Tx,
  hostId: string | null,
  notice: { title: string; body: string; link: string },
  now: Date,
) {
  if (!hostId) return;
  await tx.insert(notifications).values({
    userId: hostId,
    kind: notificationKinds.hostedTournamentDecided,
    ...notice,
    read: false,
    createdAt: now,
  });
}

/** PATCH /api/admin/tournaments/{id}/approve (D10): listed as upcoming; refused once its start has passed. */
export async function approveTournament(db: Db, adminId: string, id: number, now: Date): Promise<HostedTournament> {
  await db.transaction(
    async (tx) => {
      const t = await pendingOr409(tx, id);
      if (t.startDate.getTime() <= now.getTime()) fail(409, T.startPassed);
      await tx
        .update(tournaments)
        .set({ status: 'upcoming' })
        .where(and(eq(tournaments.id, id), eq(tournaments.status, 'pending')));
      await recordAudit(tx, {
        actorId: adminId,
        action: auditActions.tournamentApprove,
        targetType: 'tournament',
        targetId: id,
        before: { status: 'pending' },
        after: { status: 'upcoming' },
        at: now,
      });
      await notifyHost(
        tx,
        t.hostId,
        {
          title: 'Tournament Approved',
          body: `${t.title} is approved and now listed on the tournaments page.`,
          link: `/tournaments/${id}`,
        },
        now,
      );
    },
    { behavior: 'immediate' },
  );
  return (await hostedTournamentById(db, id))!;
}

/** PATCH /api/admin/tournaments/{id}/reject (D10, D15): the reason is stored and sent to the host. */
export async function rejectTournament(
  db: Db,
  adminId: string,
  id: number,
  reason: string,
  now: Date,
): Promise<HostedTournament> {
  await db.transaction(
    async (tx) => {
      const t = await pendingOr409(tx, id);
      await tx
        .update(tournaments)
        .set({ status: 'rejected', rejectionReason: reason })
        .where(and(eq(tournaments.id, id), eq(tournaments.status, 'pending')));
      await recordAudit(tx, {
        actorId: adminId,
        action: auditActions.tournamentReject,
        targetType: 'tournament',
        targetId: id,
        before: { status: 'pending' },
        after: { status: 'rejected', reason },
        at: now,
      });
      await notifyHost(
        tx,
        t.hostId,
        {
          title: 'Tournament Not Approved',
          body: `${t.title} was not approved. Reason: ${reason}`,
          link: '/dashboard',
        },
        now,
      );
    },
    { behavior: 'immediate' },
  );
  return (await hostedTournamentById(db, id))!;
}

/** POST /api/admin/tournaments (D24): an admin's tournament, listed at once as upcoming. */
export async function createTournament(
  db: Db,
  adminId: string,
  body: HostTournamentBody,
  now: Date,
): Promise<HostedTournament> {
  assertFutureStart(body.startDate, now);
  const id = await db.transaction(
    async (tx) => {
      const created = await insertTournament(tx, body, { status: 'upcoming', hostId: null, now });
      const rows = rowsOf(body);
      await recordAudit(tx, {
        actorId: adminId,
        action: auditActions.tournamentCreate,
        targetType: 'tournament',
        targetId: created,
        after: { status: 'upcoming', checkIn: true, ...rows.tournament, ...rows.hosted },
        at: now,
      });
      return created;
    },
    { behavior: 'immediate' },
  );
  return (await hostedTournamentById(db, id))!;
}

/** What a screen may lock: the fields of D24 that change what entrants paid for or how they play. */
const LOCKED: readonly (keyof Tournament)[] = ['buyIn', 'maxPlayers', 'maxTeams', 'teamSize', 'format'];

const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : v ?? null);

/**
 * PATCH /api/admin/tournaments/{id} (D24): the whole form again. Buy-in, capacity (max players, max teams, team size)
 * and format are locked (409) once anyone holds or is taking a spot; the entry check and the write share the write
 * lock, so an entry cannot slip in between. A live tournament keeps its start date.
 */
export async function editTournament(
  db: Db,
  adminId: string,
  id: number,
  body: HostTournamentBody,
  now: Date,
): Promise<HostedTournament> {
  await db.transaction(
    async (tx) => {
      const [current] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
      if (!current) fail(404, T.notFound);
      if (current.status !== 'upcoming' && current.status !== 'live') fail(409, T.notEditable);
      const [hosted] = await tx.select().from(hostedTournaments).where(eq(hostedTournaments.tournamentId, id));
      const next = rowsOf(body);

      const changed = (Object.keys(next.tournament) as (keyof typeof next.tournament)[]).filter(
        (key) => comparable(current[key]) !== comparable(next.tournament[key]),
      );
      if (changed.some((key) => LOCKED.includes(key))) {
        const [entered] = await tx
          .select({ n: count() })
          .from(tournamentRegistrations)
          .where(
            and(
              eq(tournamentRegistrations.tournamentId, id),
              inArray(tournamentRegistrations.status, ['registered', 'pending_payment']),
            ),
          );
        if ((entered?.n ?? 0) > 0) fail(409, T.locked);
      }
      if (changed.includes('startDate')) {
        if (current.status === 'live') fail(409, T.liveStart);
        assertFutureStart(next.tournament.startDate, now);
      }
      // Entrants who checked in, or were told they must, keep the rule they were given (D39).
      if (changed.includes('checkIn') && now.getTime() >= checkInWindow(current.startDate).opensAt.getTime()) {
        fail(409, T.checkInLocked);
      }
      const hostedChanged = (Object.keys(next.hosted) as (keyof typeof next.hosted)[]).filter(
        (key) => !hosted || hosted[key] !== next.hosted[key],
      );
      if (changed.length === 0 && hostedChanged.length === 0) return;

      if (changed.length > 0) {
        // A moved start moves check-in's window: its opening is announced and its close run again at the new times.
        const reopen = changed.includes('startDate') ? { checkInOpenedAt: null, checkInClosedAt: null } : {};
        await tx
          .update(tournaments)
          .set({ ...next.tournament, ...reopen })
          .where(eq(tournaments.id, id));
      }
      await tx
        .insert(hostedTournaments)
        .values({ ...next.hosted, tournamentId: id, createdAt: now })
        .onConflictDoUpdate({ target: hostedTournaments.tournamentId, set: next.hosted });

      const pick = (source: Record<string, unknown> | undefined, keys: readonly string[]) =>
        Object.fromEntries(keys.map((k) => [k, source ? source[k] ?? null : null]));
      await recordAudit(tx, {
        actorId: adminId,
        action: auditActions.tournamentEdit,
        targetType: 'tournament',
        targetId: id,
        before: { ...pick(current, changed), ...pick(hosted, hostedChanged) },
        after: { ...pick(next.tournament, changed), ...pick(next.hosted, hostedChanged) },
        at: now,
      });
    },
    { behavior: 'immediate' },
  );
  return (await hostedTournamentById(db, id))!;
}
