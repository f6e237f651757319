// GET /api/tickets/{code}: the code is the secret, so anyone holding it may check it, but the answer names the holder
// by first name only (D26, as the door's own list does); the tournament's door staff (league admins, its host) see
// the full name.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { CheckoutResponse, MyTicket, TicketCheck } from '../payments/schema.ts';
import { addTournament, json, member } from '../payments/test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

async function paidTicket(buyer: TestAgent, tournamentId: number) {
  const { sessionId } = await json<CheckoutResponse>(
    await buyer.post('/api/stripe/checkout/ticket', { tournamentId, tier: 'general' }),
  );
  await json(await buyer.post(`/api/payments/test-checkout/${sessionId}/pay`));
  const [ticket] = await json<MyTicket[]>(await buyer.get('/api/tickets/mine'));
  return ticket!.code;
}

const holderSeenBy = async (agent: TestAgent, code: string) =>
  (await json<TicketCheck>(await agent.get(`/api/tickets/${code}`))).ticket?.holderName;

it('names the holder by first name to anyone, in full to the tournament door staff only', async () => {
  const host = await member(t);
  const tournamentId = await addTournament(t, { hostId: host.id });
  const otherHost = await member(t);
  await addTournament(t, { hostId: otherHost.id });
  const holder = await member(t, { role: 'fan' });
  const code = await paidTicket(holder.agent, tournamentId);
  const fullName = `Pat Member ${holder.id.slice(0, 4)}`;

  expect(await holderSeenBy(t.agent(), code)).toBe('Pat');
  expect(await holderSeenBy((await member(t)).agent, code)).toBe('Pat');
  expect(await holderSeenBy(holder.agent, code)).toBe('Pat');
  // Another tournament's host, and an admin role without the league's domain (D6), are not this door's staff.
  expect(await holderSeenBy(otherHost.agent, code)).toBe('Pat');
  const foreignAdmin = await member(t, { role: 'admin', email: 'door@other-league.example' });
  expect(await holderSeenBy(foreignAdmin.agent, code)).toBe('Pat');

  expect(await holderSeenBy(host.agent, code)).toBe(fullName);
  expect(await holderSeenBy((await member(t, { role: 'admin', email: 'door@wta.local' })).agent, code)).toBe(fullName);
  expect(await holderSeenBy((await member(t, { role: 'super_admin', email: 'chief@wta.local' })).agent, code)).toBe(
    fullName,
  );
});
