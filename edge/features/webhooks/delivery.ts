import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/webhooks.ts';
import { checkDestination, type AddressPolicy } from './address.ts';
import {
  DELIVERY_TIMEOUT_MS,
  disabledBody,
  GIVE_UP_AFTER_MS,
  RETRY_DELAYS_MS,
  RETRY_EVERY_MS,
  SIGNATURE_HEADER,
  WEBHOOK_MESSAGES,
} from './schema.ts';
import { signatureHeader } from './signature.ts';

export interface WebhookDeps {
  db: Db;
  now: () => Date;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
  policy: AddressPolicy;
}

export interface WebhookReport {
  delivered: number;
  retried: number;
  failed: number;
}

/** A batch: at most this many deliveries per drain, sent at most PARALLEL at a time. */
const BATCH = 50;
const PARALLEL = 6;
/** A claimed delivery is not claimed again for this long (another drain, another isolate): past the timeout. */
const LEASE_MS = 2 * 60_000;
const BODY_KEPT = 500;

/** When to try again after `attempts` failed ones, or null once 72 hours have passed since the first. */
export function nextAttempt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? RETRY_EVERY_MS;
  const at = new Date(now.getTime() + delay);
  return at.getTime() - firstAttemptAt.getTime() > GIVE_UP_AFTER_MS ? null : at;
}

/** The delivered body: the event's envelope around its data, written once so its bytes are what is signed. */
export function eventBody(e: {
  id: number;
  type: string;
  sequence: number;
  tournamentId: number;
  createdAt: Date;
  data: string;
}) {
  return `{"id":"evt_${e.id}","type":${JSON.stringify(e.type)},"sequence":${e.sequence},"tournamentId":${e.tournamentId},"createdAt":"${e.createdAt.toISOString()}","data":${e.data}}`;
}

type Attempt = { ok: true; status: number; body: string } | { ok: false; status: number | null; body: string };

async function attempt(deps: WebhookDeps, url: string, secret: string, body: string, headers: Record<string, string>) {
  const verdict = await checkDestination(url, deps.policy);
  if (!verdict.ok) return { ok: false, status: null, body: `Not sent: ${verdict.reason}` } satisfies Attempt;
  try {
    const res = await (deps.fetch ?? fetch)(url, {
      method: 'POST',
      // A redirect could lead anywhere, a private address included: it is an answer like any other, not followed.
      redirect: 'manual',
      headers: { ...headers, [SIGNATURE_HEADER]: signatureHeader(secret, body, deps.now()) },
      body,
      signal: AbortSignal.timeout(deps.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    });
    const text = (await res.text().catch(() => '')).slice(0, BODY_KEPT);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, body: text } satisfies Attempt;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      status: null,
      body: timedOut
        ? `No answer within ${(deps.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`
        : `Not delivered: ${(error as Error).message}`,
    } satisfies Attempt;
  }
}

/**
 * One drain of the queue (the minute cron on both hosts, and after writes): claims due deliveries of enabled
 * endpoints, sends each signed, records the answer, schedules the retry or gives up, and disables an endpoint that has
 * failed for 72 hours (its owner is told). A delivery is claimed by moving its next attempt past the lease with a
 * compare-and-set, so two drains never send the same one.
 */
export async function deliverWebhooks(deps: WebhookDeps): Promise<WebhookReport> {
  const { db } = deps;
  const now = deps.now();
  const due = await db
    .select({
      id: webhookDeliveries.id,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      attempts: webhookDeliveries.attempts,
      firstAttemptAt: webhookDeliveries.firstAttemptAt,
      endpoint: { id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret },
      event: webhookEvents,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
    .limit(BATCH);
  const report: WebhookReport = { delivered: 0, retried: 0, failed: 0 };
  const queue = [...due];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const [claimed] = await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          and(
            eq(webhookDeliveries.id, d.id),
            eq(webhookDeliveries.status, 'pending'),
            eq(webhookDeliveries.nextAttemptAt, d.nextAttemptAt),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      if (!claimed) continue;
      const body = eventBody(d.event);
      const result = await attempt(deps, d.endpoint.url, d.endpoint.secret, body, {
        'content-type': 'application/json',
        'user-agent': 'WTA-Webhooks/1',
        'WTA-Event': d.event.type,
        'WTA-Delivery': String(d.id),
      });
      const at = deps.now();
      const attempts = d.attempts + 1;
      const first = d.firstAttemptAt ?? at;
      const retryAt = result.ok ? null : nextAttempt(attempts, first, at);
      const status = result.ok ? 'delivered' : retryAt ? 'pending' : 'failed';
      await db
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          firstAttemptAt: first,
          lastAttemptAt: at,
          nextAttemptAt: retryAt ?? at,
          responseStatus: result.status,
          responseBody: result.body,
        })
        .where(eq(webhookDeliveries.id, d.id));
      if (result.ok) report.delivered += 1;
      else if (retryAt) report.retried += 1;
      else report.failed += 1;
      await endpointHealth(db, d.endpoint.id, result.ok, status === 'failed', at);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  return report;
}

/**
 * A success clears the endpoint's failing streak; 72 hours of failures (or a delivery given up after its 72 hours of
 * retries, which fail with it) disable it, with a notice to its owner.
 */
async function endpointHealth(db: Db, endpointId: number, ok: boolean, gaveUp: boolean, at: Date) {
  if (ok) {
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.getTime()})` })
    .where(eq(webhookEndpoints.id, endpointId));
  await db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: at })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          isNull(webhookEndpoints.disabledAt),
          gaveUp ? undefined : lte(webhookEndpoints.failingSince, new Date(at.getTime() - GIVE_UP_AFTER_MS)),
        ),
      )
      .returning();
    if (!disabled) return;
    // Its queue ends with it: enabled again, it starts from the next event.
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', responseBody: 'Not sent: the webhook was disabled' })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    await tx.insert(notifications).values({
      userId: disabled.ownerId,
      kind: 'webhook_disabled',
      title: WEBHOOK_MESSAGES.disabledTitle,
      body: disabledBody(disabled.url),
      link: '/edit-profile',
      createdAt: at,
    });
  });
}
