import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/** What a payment buys (D3). The amount always comes from the server's price list, never from the request. */
export const paymentKinds = ['registration', 'ticket', 'sponsorship', 'donation'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** pending -> paid (fulfilled exactly once) | cancelled (buyer cancelled) | expired (checkout or hold lapsed). */
export const paymentStatuses = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentProviders = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const ticketTiers = ['general', 'supporter', 'media_pass'] as const;
export type TicketTier = (typeof ticketTiers)[number];

/**
 * One row per checkout (D3). Money is written once and moved forward by conditional updates
 * (`WHERE status = 'pending'`), so a payment is fulfilled exactly once whoever arrives first.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text({ enum: paymentKinds }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: paymentStatuses }).notNull().default('pending'),
    provider: text({ enum: paymentProviders }).notNull(),
    // Stripe's Checkout Session id (cs_...) or the built-in test checkout's id (test_cs_...).
    providerSessionId: text().notNull(),
    // Stripe's PaymentIntent once paid; null for the test checkout.
    providerPaymentId: text(),
    checkoutUrl: text().notNull(),
    // Null for guests (sponsorship and donation do not need an account).
    userId: text().references(() => users.id, { onDelete: 'restrict' }),
    tournamentId: integer().references(() => tournaments.id, { onDelete: 'restrict' }),
    // Ticket tier or sponsorship tier.
    tier: text(),
    // Kind-specific details as JSON text (the sponsorship application's fields).
    details: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    paidAt: integer({ mode: 'timestamp_ms' }),
    // Who fulfilled it first: 'webhook', 'verify-payment', 'test-checkout' or 'free'.
    fulfilledBy: text(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_uq').on(t.provider, t.providerSessionId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // A tournament's buy-ins and tickets: cancellation refunds (D33) and the admin Payments tab (D21).
    index('payments_tournament_idx').on(t.tournamentId, t.kind, t.status),
    // The admin Payments tab (D24): every payment newest first, keyset on (createdAt, id), and its date range.
    index('payments_created_idx').on(t.createdAt, t.id),
  ],
);

/** Stripe webhook events already handled, so a redelivered event id is acknowledged and ignored (D3). */
export const paymentEvents = sqliteTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

/**
 * A paid ticket (000 s9 tiers). `code` is the unguessable secret shown as a QR code; door staff check it
 * on the server and mark it used once (`usedAt` moves from null exactly once).
 */
export const tickets = sqliteTable(
  'tickets',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    code: text().notNull().unique(),
    paymentId: integer()
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tier: text({ enum: ticketTiers }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    usedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.createdAt),
    // The door's ticket list of one tournament (D26), in keyset pages on id.
    index('tickets_tournament_idx').on(t.tournamentId, t.id),
  ],
);
