import { and, count, desc, eq, lt } from 'drizzle-orm';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { Db } from '../../../db/client.ts';
import type { User } from '../../../db/schema/users.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type WebhookEndpoint,
} from '../../../db/schema/webhooks.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { checkDestination, type AddressPolicy } from './address.ts';
import type { CreateEndpoint } from './requests.ts';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES as M,
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type WebhookDeliverySummary,
  type WebhookEndpointSummary,
  type WebhookEventType,
} from './schema.ts';

const LOG_PAGE = 25;

export interface WebhookContext {
  user: User;
  leagueEmailDomain: string;
  now: Date;
  policy: AddressPolicy;
}

function summaryOf(row: WebhookEndpoint, tournamentTitle: string | null): WebhookEndpointSummary {
  return {
    id: row.id,
    url: row.url,
    tournamentId: row.tournamentId,
    tournamentTitle,
    events: row.events
      .split(' ')
      .filter((e): e is WebhookEventType => (webhookEventTypes as readonly string[]).includes(e)),
    createdAt: row.createdAt.toISOString(),
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/** The member's endpoints, newest first, each with its tournament's title. */
export async function listEndpoints(db: Db, ownerId: string): Promise<WebhookEndpointSummary[]> {
  const rows = await db
    .select({ endpoint: webhookEndpoints, title: tournaments.title })
    .from(webhookEndpoints)
    .leftJoin(tournaments, eq(tournaments.id, webhookEndpoints.tournamentId))
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(desc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINTS_MAX);
  return rows.map((r) => summaryOf(r.endpoint, r.title));
}

/**
 * D44: a host adds endpoints for a tournament they host, an admin for any tournament or for the league (no
 * tournament). The address is checked as deliveries will be (https, public).
 */
export async function createEndpoint(
  db: Db,
  input: CreateEndpoint,
  ctx: WebhookContext,
): Promise<CreatedWebhookEndpoint> {
  const admin = adminFlags(ctx.user, ctx.leagueEmailDomain).isAdmin;
  let title: string | null = null;
  if (input.tournamentId === null) {
    if (!admin) fail(403, M.leagueOnlyAdmins);
  } else {
    const [t] = await db
      .select({ hostId: tournaments.hostId, title: tournaments.title, status: tournaments.status })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId));
    if (!t || ((t.status === 'pending' || t.status === 'rejected') && t.hostId !== ctx.user.id && !admin)) {
      fail(404, M.tournamentNotFound);
    }
    if (!admin && t.hostId !== ctx.user.id) fail(403, M.notAllowed);
    title = t.title;
  }
  const verdict = await checkDestination(input.url, ctx.policy);
  if (!verdict.ok) fail(400, verdict.reason === 'not https' ? M.url : M.address);
  const secret = `whsec_${encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)))}`;
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.ownerId, ctx.user.id));
    if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) fail(409, M.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        ownerId: ctx.user.id,
        tournamentId: input.tournamentId,
        url: input.url,
        secret,
        events: [...new Set(input.events)].join(' '),
        createdAt: ctx.now,
      })
      .returning();
    return { ...summaryOf(row!, title), secret };
  });
}

async function ownEndpoint(db: Db, ownerId: string, id: number): Promise<WebhookEndpoint> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)));
  if (!row) fail(404, M.notFound);
  return row;
}

/** Deletes the endpoint and its log. */
export async function deleteEndpoint(db: Db, ownerId: string, id: number): Promise<void> {
  await ownEndpoint(db, ownerId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Enables a disabled endpoint again (its failing streak starts afresh); it receives the events from now on. */
export async function enableEndpoint(db: Db, ownerId: string, id: number): Promise<WebhookEndpointSummary> {
  await ownEndpoint(db, ownerId, id);
  await db.update(webhookEndpoints).set({ disabledAt: null, failingSince: null }).where(eq(webhookEndpoints.id, id));
  return (await listEndpoints(db, ownerId)).find((e) => e.id === id)!;
}

/** The endpoint's delivery log, newest first, a page of 25 before `before` (a delivery id). */
export async function deliveryLog(
  db: Db,
  ownerId: string,
  id: number,
  before?: number,
): Promise<WebhookDeliverySummary[]> {
  await ownEndpoint(db, ownerId, id);
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, id), before ? lt(webhookDeliveries.id, before) : undefined))
    .orderBy(desc(webhookDeliveries.id))
    .limit(LOG_PAGE);
  return rows.map(({ delivery: d, event: e }) => ({
    id: d.id,
    eventId: `evt_${e.id}`,
    type: e.type,
    sequence: e.sequence,
    status: d.status,
    attempts: d.attempts,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt:
      d.status === 'pending' ? (d.nextAttemptAt.getTime() === 0 ? null : d.nextAttemptAt.toISOString()) : null,
    responseStatus: d.responseStatus,
    responseBody: d.responseBody,
  }));
}

/** Send Again: the same event (same id and sequence) as a new delivery, due now. */
export async function resend(db: Db, ownerId: string, id: number, deliveryId: number): Promise<void> {
  const endpoint = await ownEndpoint(db, ownerId, id);
  if (endpoint.disabledAt) fail(409, 'Enable the webhook first');
  const [d] = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
  if (!d) fail(404, M.deliveryNotFound);
  await db
    .insert(webhookDeliveries)
    .values({ endpointId: id, eventId: d.eventId, status: 'pending', nextAttemptAt: new Date(0) });
}
