// The clock before tournament reads (D12, ADR 024, ADR 026) as the Node host runs it: a read after a start has come
// sees the tournament started, while a pass with nothing due (a refund retry waiting on the provider) runs in the
// background and no read waits for it.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refunds } from '../../../db/schema/competition.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { CheckoutResponse } from '../payments/schema.ts';
import { addTournament, DAY, json, member, MINUTE } from '../payments/test-helpers.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { leagueAdmin } from './money-fixtures.ts';
import { tournamentWithPlayers } from './test-helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.cleanup();
  t = undefined;
});

const statusRead = async (app: TestApp, id: number) => (await json<Tournament>(await app.request(`/api/tournaments/${id}`))).status;

describe('the clock before tournament reads (D12)', () => {
  it('a read after the start has come sees the tournament started, and the list agrees', async () => {
    const app = (t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { clockOnRead: true } }));
    const { id } = await tournamentWithPlayers(app, { n: 2 });
    const alone = await tournamentWithPlayers(app, { n: 1 });
    expect(await statusRead(app, id)).toBe('upcoming');

    app.advance(DAY + MINUTE);
    expect(await statusRead(app, id)).toBe('live');
    // D33: the one with a single player was cancelled by the same pass, so it left the list.
    const listed = await json<Tournament[]>(await app.request('/api/tournaments'));
    expect(listed.map((x) => x.id)).toContain(id);
    expect(listed.map((x) => x.id)).not.toContain(alone.id);
    expect(await statusRead(app, alone.id)).toBe('cancelled');
  });

  it('reads do not wait for a pass with nothing due, such as a refund retry waiting on the provider', async () => {
    const base = createTestProvider(TEST_ORIGIN);
    let failing = true;
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const payments: PaymentProvider = {
      ...base,
      async refund(input) {
        calls.push(input.idempotencyKey);
        if (failing) throw new Error('Provider unavailable');
        await released;
        return base.refund(input);
      },
    };
    const app = (t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { payments, clockOnRead: true } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = await addTournament(app, { buyIn: 40 });
    const player = await member(app);
    const { sessionId } = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    expect((await player.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(200);
    const admin = await leagueAdmin(app);
    // The provider is down at the cancellation: the refund stays pending for the clock to retry.
    expect((await admin.agent.post(`/api/tournaments/${id}/cancel`, { reason: 'Venue flooded' })).status).toBe(200);
    const [pending] = await app.db.select().from(refunds).where(eq(refunds.tournamentId, id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

    // The provider is back but slow: the retry the next read triggers hangs until released.
    failing = false;
    app.advance(10 * MINUTE);
    const before = calls.length;
    expect(await statusRead(app, id)).toBe('cancelled');
    await vi.waitFor(() => expect(calls.length).toBe(before + 1));
    // Another read while the retry is still waiting answers at once too.
    expect((await app.request('/api/tournaments')).status).toBe(200);
    const [stillPending] = await app.db.select().from(refunds).where(eq(refunds.tournamentId, id));
    expect(stillPending!.status).toBe('pending');

    release();
    await vi.waitFor(async () => {
      const [done] = await app.db.select().from(refunds).where(eq(refunds.tournamentId, id));
      expect(done!.status).toBe('succeeded');
    });
  });
});
