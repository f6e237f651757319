import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../../db/client.ts';
import { refunds } from '../../../db/schema/competition.ts';
import { tickets } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { runsDoorOf } from '../../lib/admin.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ticketNotRefunded } from '../../lib/ticket-validity.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { ticketTiers, type MyTicket, type TicketCheck, type TicketTier } from '../payments/schema.ts';

/** A ticket code as fulfilment writes it: 160 bits in lower-case base32, 32 characters. */
const CODE = /^[a-z2-7]{32}$/;

/**
 * The check of one code. The code is the secret, so anyone holding it may check it; the holder is named by first name
 * (D26, as the door's own list names them) unless `viewer` runs this tournament's door (an admin, its host).
 */
async function checkTicket(db: Db, code: string, viewer: User | null, leagueEmailDomain: string): Promise<TicketCheck> {
  if (!CODE.test(code)) return { status: 'invalid', ticket: null };
  const [row] = await db
    .select({
      tier: tickets.tier,
      usedAt: tickets.usedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      tournamentId: tournaments.id,
      tournamentTitle: tournaments.title,
      hostId: tournaments.hostId,
      refundId: refunds.id,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .innerJoin(tournaments, eq(tournaments.id, tickets.tournamentId))
    .leftJoin(refunds, eq(refunds.paymentId, tickets.paymentId))
    .where(eq(tickets.code, code));
  // A refunded ticket admits nobody: the money went back (D24, D33).
  if (!row || row.refundId !== null) return { status: 'invalid', ticket: null };
  const tier = row.tier as TicketTier;
  return {
    status: row.usedAt ? 'used' : 'valid',
    ticket: {
      tier,
      tierName: ticketTiers[tier].name,
      holderName:
        viewer && runsDoorOf(viewer, row, leagueEmailDomain) ? `${row.firstName} ${row.lastName}`.trim() : row.firstName,
      tournamentId: row.tournamentId,
      tournamentTitle: row.tournamentTitle,
      usedAt: row.usedAt ? row.usedAt.toISOString() : null,
    },
  };
}

/** /api/tickets: the holder's tickets, the door check (the code is the secret) and marking a ticket used once. */
export const ticketRoutes = new Hono<AppEnv>()
  .get('/mine', requireUser, async (c) => {
    const rows = await c.var.deps.db
      .select({
        id: tickets.id,
        code: tickets.code,
        tier: tickets.tier,
        createdAt: tickets.createdAt,
        usedAt: tickets.usedAt,
        tournament: {
          id: tournaments.id,
          title: tournaments.title,
          startDate: tournaments.startDate,
          startedAt: tournaments.startedAt,
          completedAt: tournaments.completedAt,
          location: tournaments.location,
          status: tournaments.status,
        },
        refundId: refunds.id,
      })
      .from(tickets)
      .innerJoin(tournaments, eq(tournaments.id, tickets.tournamentId))
      .leftJoin(refunds, eq(refunds.paymentId, tickets.paymentId))
      .where(eq(tickets.userId, c.var.user.id))
      .orderBy(desc(tickets.createdAt), desc(tickets.id));
    const mine: MyTicket[] = rows.map((r) => {
      const tier = r.tier as TicketTier;
      return {
        id: r.id,
        code: r.code,
        tier,
        tierName: ticketTiers[tier].name,
        price: ticketTiers[tier].price,
        createdAt: r.createdAt.toISOString(),
        usedAt: r.usedAt ? r.usedAt.toISOString() : null,
        refunded: r.refundId !== null,
        tournament: {
          ...r.tournament,
          startDate: r.tournament.startDate.toISOString(),
          startedAt: r.tournament.startedAt?.toISOString() ?? null,
          completedAt: r.tournament.completedAt?.toISOString() ?? null,
        },
      };
    });
    return c.json(mine, 200);
  })
  .get('/:code', async (c) => {
    const { db, config } = c.var.deps;
    return c.json(await checkTicket(db, c.req.param('code'), c.var.user, config.leagueEmailDomain), 200);
  })
  // Door staff (league admins, D6). The conditional update lets exactly one scan win.
  .post('/:code/use', requireAdmin, async (c) => {
    const { db, now, config } = c.var.deps;
    const code = c.req.param('code');
    const used = CODE.test(code)
      ? await db
          .update(tickets)
          .set({ usedAt: now(), usedBy: c.var.user.id })
          .where(and(eq(tickets.code, code), isNull(tickets.usedAt), ticketNotRefunded))
          .returning({ id: tickets.id })
      : [];
    const check = await checkTicket(db, code, c.var.user, config.leagueEmailDomain);
    if (used.length === 1) return c.json(check, 200);
    if (check.status === 'invalid') return c.json({ message: 'Ticket not found' }, 404);
    return c.json({ message: 'Ticket already used' }, 409);
  });
