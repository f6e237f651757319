import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Db } from './client.ts';
import { payments, tickets } from './schema/index.ts';
import { paidTestCheckout } from './seed-payments.ts';
import { DAY } from './seed-rows.ts';

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
  const [payment] = await tx
    .insert(payments)
    .values(
      paidTestCheckout({
        label: 'fan-supporter-pass',
        kind: 'ticket',
        amountCents: 2500,
        userId: fanId,
        tournamentId: tournament.id,
        tier: 'supporter',
        description: `Supporter Pass - ${tournament.title}`,
        openedAt: boughtAt,
      }),
    )
    .returning({ id: payments.id, paidAt: payments.paidAt });
  await tx.insert(tickets).values({
    // Random even in the demo: a ticket code is a secret, and one derived from a label in the source is not.
    code: encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20))),
    paymentId: payment!.id,
    tournamentId: tournament.id,
    userId: fanId,
    tier: 'supporter',
    createdAt: payment!.paidAt!,
  });
  return 1;
}
