// Fixtures of the admin Payments, Content and audit log API tests (issue 14): a refund-recording provider, paid
// payments written straight into the database, the three callers D6 refuses, and reads of the audit log.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { payments, type PaymentKind } from '../../db/schema/payments.ts';
import { member, type Member } from '../features/payments/test-helpers.ts';
import type { PaymentProvider, RefundInput } from '../features/payments/provider.ts';
import { createTestProvider } from '../features/payments/test-provider.ts';
import { TEST_ORIGIN, type TestAgent, type TestFixtures } from './app.ts';

/** The built-in test provider, recording every refund call (the idempotency key included). */
export function recordingProvider() {
  const base = createTestProvider(TEST_ORIGIN);
  const calls: RefundInput[] = [];
  let failures = 0;
  const provider: PaymentProvider = {
    ...base,
    async refund(input) {
      calls.push(input);
      // A provider that answers slowly, so concurrent requests really overlap with the call in flight.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (failures > 0) {
        failures -= 1;
        throw new Error('Provider unavailable');
      }
      return base.refund(input);
    },
  };
  return { provider, calls, failNext: (n: number) => (failures = n) };
}

/** A league admin (D6: admin role on the league's domain). */
export const leagueAdmin = (t: TestFixtures, name = 'boss') =>
  member(t, { role: 'admin', email: `${name}-${randomUUID().slice(0, 8)}@wta.local` });

/** The callers an admin endpoint refuses: a guest (401), a player (403) and an admin off the league's domain (403). */
export async function outsiders(t: TestFixtures): Promise<{ guest: TestAgent; player: Member; foreignAdmin: Member }> {
  return {
    guest: t.agent(),
    player: await member(t),
    foreignAdmin: await member(t, { role: 'super_admin', email: `root-${randomUUID().slice(0, 8)}@elsewhere.example` }),
  };
}

/** Asserts that `call` is refused 401 / 403 / 403 for the three outsiders. */
export async function expectRefused(t: TestFixtures, call: (agent: TestAgent) => Promise<Response>) {
  const { guest, player, foreignAdmin } = await outsiders(t);
  expect((await call(guest)).status).toBe(401);
  expect((await call(player.agent)).status).toBe(403);
  expect((await call(foreignAdmin.agent)).status).toBe(403);
}

export async function paidPayment(
  t: TestFixtures,
  fields: {
    kind?: PaymentKind;
    amountCents?: number;
    userId?: string | null;
    tournamentId?: number | null;
    createdAt?: Date;
    status?: 'paid' | 'pending' | 'cancelled' | 'expired';
  } = {},
) {
  const createdAt = fields.createdAt ?? t.now();
  const [row] = await t.db
    .insert(payments)
    .values({
      kind: fields.kind ?? 'ticket',
      amountCents: fields.amountCents ?? 2500,
      status: fields.status ?? 'paid',
      provider: 'test',
      providerSessionId: `test_cs_${randomUUID()}`,
      checkoutUrl: `${TEST_ORIGIN}/checkout/test`,
      userId: fields.userId ?? null,
      tournamentId: fields.tournamentId ?? null,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * 60 * 1000),
      paidAt: (fields.status ?? 'paid') === 'paid' ? createdAt : null,
    })
    .returning();
  return row!;
}

/** Every audit entry, oldest first, with before/after parsed. */
export async function auditEntries(t: TestFixtures, action?: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(auditLog.id);
  return rows.map((r) => ({
    ...r,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  }));
}
