import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Db } from './client.ts';
import { payments, tickets } from './schema/index.ts';
import { DAY, seededHex } from './seed-rows.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo fan bought a Supporter Pass for the next event through the test checkout, so My Tickets has a QR code and
 * the door has a ticket to check (D18, D26). Returns how many tickets it wrote. Runs inside the seed's transaction.
 */
export async function seedFanTicket(
  tx: Tx,
  fanId: string,
  tournament: { id: number; title: string },
  now: Date,
): Promise<number> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const boughtAt = ago(2 * DAY);
  const sessionId = `test_cs_${seededHex('session:fan-supporter-pass').slice(0, 32)}`;
  const [payment] = await tx
    .insert(payments)
    .values({
      kind: 'ticket',
      amountCents: 2500,
      currency: 'usd',
      status: 'paid',
      provider: 'test',
      providerSessionId: sessionId,
      checkoutUrl: `/checkout/test?session_id=${sessionId}`,
      userId: fanId,
      tournamentId: tournament.id,
      tier: 'supporter',
      details: JSON.stringify({
        checkout: {
          description: `Supporter Pass - ${tournament.title}`,
          successUrl: `/checkout/success?session_id={CHECKOUT_SESSION_ID}&type=ticket&id=${tournament.id}`,
          cancelUrl: `/checkout/cancel?type=ticket&id=${tournament.id}`,
        },
      }),
      createdAt: boughtAt,
      expiresAt: new Date(boughtAt.getTime() + 30 * 60 * 1000),
      paidAt: new Date(boughtAt.getTime() + 90 * 1000),
      fulfilledBy: 'test-checkout',
    })
    .returning({ id: payments.id });
  await tx.insert(tickets).values({
    // Random even in the demo: a ticket code is a secret, and one derived from a label in the source is not.
    code: encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20))),
    paymentId: payment!.id,
    tournamentId: tournament.id,
    userId: fanId,
    tier: 'supporter',
    createdAt: new Date(boughtAt.getTime() + 90 * 1000),
  });
  return 1;
}
