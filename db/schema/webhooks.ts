import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/** D44's six events, in the words of the specification. */
export const webhookEventTypes = [
  'tournament.started',
  'match.called',
  'match.completed',
  'match.corrected',
  'tournament.completed',
  'tournament.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * D44: where a host (for a tournament they host) or an admin (for one tournament, or for the league when
 * `tournamentId` is null) wants the events sent. The secret signs every delivery; it is shown once, when created.
 * `failingSince` is the first failure since the last success: 72 hours of it disables the endpoint.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentId: integer().references(() => tournaments.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    secret: text().notNull(),
    /** Space-separated event types it receives. */
    events: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    failingSince: integer({ mode: 'timestamp_ms' }),
    disabledAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    index('webhook_endpoints_tournament_idx').on(t.tournamentId),
    index('webhook_endpoints_owner_idx').on(t.ownerId, t.id),
  ],
);

/**
 * What happened, once per change, written by triggers (migration 0034) in the same transaction as the change itself,
 * whichever code path made it (the host, a key, the players' confirmed reports, the clock). `sequence` counts a
 * tournament's events from 1 without gaps; `data` is the event's JSON.
 */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    sequence: integer().notNull(),
    type: text({ enum: webhookEventTypes }).notNull(),
    data: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('webhook_events_tournament_sequence_uq').on(t.tournamentId, t.sequence)],
);

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/**
 * One event for one endpoint (fanned out by a trigger when the event is written), and its attempts: the durable
 * queue both hosts' minute cron drains. `nextAttemptAt` 0 means now. A Send Again from the log is a new row.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text({ enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`0`),
    firstAttemptAt: integer({ mode: 'timestamp_ms' }),
    lastAttemptAt: integer({ mode: 'timestamp_ms' }),
    responseStatus: integer(),
    /** The start of the receiver's answer (500 characters), or why there was none (a timeout, a refused address). */
    responseBody: text(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
