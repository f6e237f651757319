// The seeded demo league (D18): fan@wta.local owns a paid Supporter Pass for the next tournament without check-in, so My Tickets
// and the door check show something on a fresh `npm start`.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { seedDemoData } from '../../../db/seed.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../../lib/sessions.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { MyTicket, TicketCheck } from '../payments/schema.ts';

const NOW = new Date('2026-03-10T14:25:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    seed: (db) => seedDemoData(db, { now: NOW, hashPassword: async (p) => `fake$${p}`, includeDemoAccounts: true, waiverSigningKey: 'demo-test-waiver-signing-key-0123456789ab' }).then(() => undefined),
  });
});
afterAll(() => t.cleanup());

it('gives the demo fan one paid Supporter Pass for the next tournament, valid at the door', async () => {
  const [fan] = await t.db.select().from(users).where(eq(users.email, 'fan@wta.local'));
  const token = generateSessionToken();
  await createSession(t.db, token, fan!.id, NOW);
  const res = await t.request('/api/tickets/mine', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  expect(res.status).toBe(200);
  const mine = (await res.json()) as MyTicket[];
  // The next tournament without check-in (D39's two demo ones start within hours).
  const [next] = await t.db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), eq(tournaments.checkIn, false)))
    .orderBy(asc(tournaments.startDate))
    .limit(1);
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ tier: 'supporter', tierName: 'Supporter Pass', price: 25, usedAt: null, tournament: { id: next!.id, status: 'upcoming' } });
  expect(mine[0]!.code).toMatch(/^[a-z2-7]{32}$/);
  const check = (await (await t.request(`/api/tickets/${mine[0]!.code}`)).json()) as TicketCheck;
  expect(check).toMatchObject({ status: 'valid', ticket: { holderName: fan!.firstName } });
  // The demo's other payments (a sponsor's, D24) are not tickets: the fan's pass is the one ticket payment.
  const all = (await t.db.select().from(payments)).filter((p) => p.kind === 'ticket');
  expect(all).toHaveLength(1);
  expect(all[0]).toMatchObject({ kind: 'ticket', status: 'paid', amountCents: 2500, provider: 'test', userId: fan!.id });
});
