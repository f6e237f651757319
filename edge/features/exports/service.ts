import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pointsLedger } from '../../../db/schema/competition.ts';
import { messages } from '../../../db/schema/messages.ts';
import { payments } from '../../../db/schema/payments.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import type { BracketMatch } from '../competition/schema.ts';
import { toCsv } from './csv.ts';

/** Rows read per query: a member's history is read page by page, by id, never in one unbounded query. */
const PAGE = 500;

/** Reads every page of a keyset-paged query (`after` is the last id read). */
async function allPages<T extends { id: number }>(page: (after: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let after = 0; ; ) {
    const rows = await page(after);
    out.push(...rows);
    if (rows.length < PAGE) return out;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Issue 38 item 6: everything the league keeps about the member, as one JSON document: the profile (without the
 * password hash), registrations, payments, the points ledger, the messages they sent and received, and the waivers
 * they signed (with the signature as they drew it). Each list is read from its own user index, page by page.
 */
export async function memberData(db: Db, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const { passwordHash: _secret, ...profile } = user;
  const registrations = await allPages((after) =>
    db
      .select({
        id: tournamentRegistrations.id,
        tournamentId: tournamentRegistrations.tournamentId,
        tournament: tournaments.title,
        status: tournamentRegistrations.status,
        placement: tournamentRegistrations.placement,
        teamId: tournamentRegistrations.teamId,
        checkedInAt: tournamentRegistrations.checkedInAt,
        createdAt: tournamentRegistrations.createdAt,
      })
      .from(tournamentRegistrations)
      .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
      .where(and(eq(tournamentRegistrations.userId, userId), gt(tournamentRegistrations.id, after)))
      .orderBy(asc(tournamentRegistrations.id))
      .limit(PAGE),
  );
  const paid = await allPages((after) =>
    db
      .select({
        id: payments.id,
        kind: payments.kind,
        amountCents: payments.amountCents,
        currency: payments.currency,
        status: payments.status,
        tournamentId: payments.tournamentId,
        tier: payments.tier,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), gt(payments.id, after)))
      .orderBy(asc(payments.id))
      .limit(PAGE),
  );
  const points = await allPages((after) =>
    db
      .select({
        id: pointsLedger.id,
        tournamentId: pointsLedger.tournamentId,
        reason: pointsLedger.reason,
        points: pointsLedger.points,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), gt(pointsLedger.id, after)))
      .orderBy(asc(pointsLedger.id))
      .limit(PAGE),
  );
  const conversation = await allPages((after) =>
    db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        recipientId: messages.recipientId,
        body: messages.body,
        readAt: messages.readAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(and(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(PAGE),
  );
  const signed = await db.select().from(waivers).where(eq(waivers.userId, userId));
  return {
    exportedAt: now.toISOString(),
    profile,
    registrations,
    payments: paid,
    pointsLedger: points,
    messages: conversation.map((m) => ({ ...m, direction: m.senderId === userId ? 'sent' : 'received' })),
    waivers: signed,
  };
}

/** The results CSV's columns: one row per match, in match order. */
export const RESULTS_HEADER = [
  'Match',
  'Stage',
  'Round',
  'Side A',
  'Seed A',
  'Side B',
  'Seed B',
  'Score A',
  'Score B',
  'Winner',
  'Status',
  'Forfeit',
  'Court',
  'Completed At',
] as const;

/** A tournament's results as CSV (issue 38 item 6), from the bracket as the Bracket tab reads it. */
export function resultsCsv(bracket: readonly BracketMatch[]): string {
  const rows = [...bracket]
    .sort((a, b) => a.matchNumber - b.matchNumber)
    .map((m) => {
      const winner = m.winnerId === null ? null : m.teamA?.id === m.winnerId ? m.teamA : m.teamB;
      return [
        m.matchNumber,
        m.stage,
        m.roundName,
        m.teamA?.name ?? null,
        m.teamA?.seed ?? null,
        m.teamB?.name ?? null,
        m.teamB?.seed ?? null,
        m.teamA?.score ?? null,
        m.teamB?.score ?? null,
        winner?.name ?? null,
        m.status,
        m.forfeit,
        m.court,
        m.completedAt,
      ];
    });
  return toCsv(RESULTS_HEADER, rows);
}
