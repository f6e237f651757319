import type { Db } from './client.ts';
import { payments, type PaymentKind } from './schema/payments.ts';
import { seededHex } from './seed-rows.ts';

/** How long the buyer spent on the test checkout page before paying. */
const PAID_AFTER_MS = 90 * 1000;
/** The checkout's hold (D9: 30 minutes), as payments.expiresAt records it. */
const HOLD_MS = 30 * 60 * 1000;

export interface DemoPurchase {
  /** A stable label: the session id is derived from it, so every fresh demo league has the same ones. */
  label: string;
  kind: PaymentKind;
  amountCents: number;
  /** The buyer (null for a guest's sponsorship). */
  userId: string | null;
  tournamentId: number;
  tier: string | null;
  /** What the checkout showed, as the payments module words it. */
  description: string;
  /** When the buyer opened the checkout; paid 90 seconds later. */
  openedAt: Date;
}

/**
 * A purchase as the built-in test checkout leaves it once paid (ADR 009: a `test` payment fulfilled by its Pay
 * button), so every demo buy-in, ticket and sponsorship is money the admin screens can account for. The payments
 * module's own return URLs (`type` and the tournament id) and hold are recorded, relative to the site's origin.
 */
export function paidTestCheckout(p: DemoPurchase) {
  const sessionId = `test_cs_${seededHex(`session:${p.label}`).slice(0, 32)}`;
  const query = `type=${p.kind}&id=${p.tournamentId}`;
  return {
    kind: p.kind,
    amountCents: p.amountCents,
    currency: 'usd',
    status: 'paid' as const,
    provider: 'test' as const,
    providerSessionId: sessionId,
    checkoutUrl: `/checkout/test?session_id=${sessionId}`,
    userId: p.userId,
    tournamentId: p.tournamentId,
    tier: p.tier,
    details: JSON.stringify({
      checkout: {
        description: p.description,
        successUrl: `/checkout/success?session_id={CHECKOUT_SESSION_ID}&${query}`,
        cancelUrl: `/checkout/cancel?${query}`,
      },
    }),
    createdAt: p.openedAt,
    expiresAt: new Date(p.openedAt.getTime() + HOLD_MS),
    paidAt: new Date(p.openedAt.getTime() + PAID_AFTER_MS),
    fulfilledBy: 'test-checkout',
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One entry taken in a demo tournament: who paid (the player, or the owner entering a team) and when. */
export interface DemoEntry {
  /** Stable within the tournament: a person's or a team's seed key. */
  key: string;
  buyerId: string;
  at: Date;
  /** The team entered (D22), for the checkout's description. */
  teamName?: string;
}

/**
 * D9: a registration in a tournament with a buy-in is paid before it holds a spot. The demo's entries paid through
 * the test checkout when they were taken (the payments module's descriptions, one buy-in per team); returns each
 * entry's payment id, in order, or nulls for a free tournament, which takes no payment at all (ADR 009).
 */
export async function payBuyIns(
  tx: Tx,
  tournament: { id: number; key: string; title: string; buyIn: number },
  entries: readonly DemoEntry[],
): Promise<(number | null)[]> {
  if (tournament.buyIn <= 0 || entries.length === 0) return entries.map(() => null);
  const values = entries.map((e) =>
    paidTestCheckout({
      label: `buy-in:${tournament.key}:${e.key}`,
      kind: 'registration',
      amountCents: tournament.buyIn * 100,
      userId: e.buyerId,
      tournamentId: tournament.id,
      tier: null,
      description: e.teamName
        ? `Team registration - ${e.teamName} - ${tournament.title}`
        : `Tournament registration - ${tournament.title}`,
      openedAt: e.at,
    }),
  );
  // SQLite does not promise RETURNING's order: each id is matched to its entry by the session id.
  const rows = await tx
    .insert(payments)
    .values(values)
    .returning({ id: payments.id, sessionId: payments.providerSessionId });
  const idOf = new Map(rows.map((r) => [r.sessionId, r.id]));
  return values.map((v) => idOf.get(v.providerSessionId)!);
}
