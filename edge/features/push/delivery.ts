import { buildPushPayload } from '@block65/webcrypto-web-push';
import { and, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { messages, notifications } from '../../../db/schema/messages.ts';
import { pushQueue, pushSubscriptions, type PushQueueRow } from '../../../db/schema/push.ts';
import { users } from '../../../db/schema/users.ts';
import type { PushPayload } from './schema.ts';

/** D28: a push that waited a day is not worth showing (the push service drops it after this too). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const BATCH = 25;
const MAX_BATCHES = 8;
/** A job whose every device failed for a passing reason (5xx, 429, no answer) is tried this many times in all. */
const MAX_ATTEMPTS = 3;
const BODY_MAX = 180;
const CLAIM_WINDOW_MS = 20_000;

export interface PushDeliveryDeps {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  now: () => Date;
  /** The HTTP client that reaches push services (tests pass a local fake push service). */
  fetch?: typeof fetch;
}

export interface DeliveryReport {
  /** Pushes a push service accepted. */
  pushed: number;
  /** Subscriptions removed after a 404 or 410. */
  removed: number;
  /** Jobs put back for a later drain. */
  requeued: number;
}

const shorten = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text);
const samePath = (link: string | null) =>
  link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : '/dashboard';

/** What a queued job shows, or null when there is nothing left to tell (read meanwhile, or gone). */
async function payloadOf(db: Db, job: PushQueueRow): Promise<PushPayload | null> {
  if (job.kind === 'message') {
    const [row] = await db
      .select({
        body: messages.body,
        readAt: messages.readAt,
        senderId: messages.senderId,
        first: users.firstName,
        last: users.lastName,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(eq(messages.id, job.sourceId))
      .limit(1);
    if (!row || row.readAt) return null;
    const name = `${row.first} ${row.last}`.trim() || 'New message';
    return {
      title: name,
      body: shorten(row.body),
      link: `/messages?with=${encodeURIComponent(row.senderId)}`,
      tag: `message-${row.senderId}`,
    };
  }
  const [row] = await db.select().from(notifications).where(eq(notifications.id, job.sourceId)).limit(1);
  if (!row || row.read) return null;
  return { title: row.title, body: shorten(row.body), link: samePath(row.link), tag: `notification-${row.id}` };
}

/**
 * Pushes what the queue holds (D28): claims up to 25 jobs at a time by deleting them (one statement, so two drains
 * never take the same job), encrypts each for every live device of its member (aes128gcm, TTL one day), removes a
 * subscription the push service answers 404 or 410 for, and puts a job back when all of its devices failed for a
 * passing reason. Jobs queued after the drain began wait for the next one.
 */
export async function deliverQueuedPushes(deps: PushDeliveryDeps): Promise<DeliveryReport> {
  const report: DeliveryReport = { pushed: 0, removed: 0, requeued: 0 };
  const { db } = deps;
  const send = deps.fetch ?? fetch;
  const [top] = await db.select({ id: max(pushQueue.id) }).from(pushQueue);
  if (!top?.id) return report;

  // A Worker's waitUntil ends about 30 s after the answer: stop claiming in time, the rest waits for the next drain.
  const startedAt = Date.now();
  for (let batch = 0; batch < MAX_BATCHES && Date.now() - startedAt < CLAIM_WINDOW_MS; batch += 1) {
    const claimed = await db
      .delete(pushQueue)
      .where(
        inArray(
          pushQueue.id,
          db
            .select({ id: pushQueue.id })
            .from(pushQueue)
            .where(lte(pushQueue.id, top.id))
            .orderBy(pushQueue.id)
            .limit(BATCH),
        ),
      )
      .returning();
    if (claimed.length === 0) break;
    for (const job of claimed.sort((a, b) => a.id - b.id)) {
      let outcome: 'done' | 'again';
      try {
        outcome = await deliverJob(deps, send, job, report);
      } catch (error) {
        // A claimed job is already out of the queue: a failure of ours (the database) must not lose it.
        console.error('[push] job failed:', error instanceof Error ? error.message : error);
        outcome = 'again';
      }
      if (outcome === 'again' && job.attempts + 1 < MAX_ATTEMPTS) {
        report.requeued += 1;
        await db
          .insert(pushQueue)
          .values({
            userId: job.userId,
            kind: job.kind,
            sourceId: job.sourceId,
            attempts: job.attempts + 1,
            createdAt: job.createdAt,
          })
          .catch((error: unknown) => console.error('[push] could not requeue:', error));
      }
    }
  }
  return report;
}

/** One job to each live device of its member, at once; 'again' when every device failed for a passing reason. */
async function deliverJob(
  deps: PushDeliveryDeps,
  send: typeof fetch,
  job: PushQueueRow,
  report: DeliveryReport,
): Promise<'done' | 'again'> {
  const { db } = deps;
  const payload = await payloadOf(db, job);
  if (!payload) return 'done';
  const now = deps.now();
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, job.userId), gt(sessions.expiresAt, now)));
  const outcomes = await Promise.all(devices.map((device) => pushOne(send, deps.vapid, device, payload)));
  const pushed = devices.filter((_, i) => outcomes[i] === 'pushed').map((d) => d.id);
  const gone = devices.filter((_, i) => outcomes[i] === 'gone').map((d) => d.id);
  report.pushed += pushed.length;
  report.removed += gone.length;
  if (pushed.length > 0) {
    await db.update(pushSubscriptions).set({ lastPushedAt: now }).where(inArray(pushSubscriptions.id, pushed));
  }
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return pushed.length === 0 && outcomes.includes('later') ? 'again' : 'done';
}

type Outcome = 'pushed' | 'gone' | 'later' | 'refused';

async function pushOne(
  send: typeof fetch,
  vapid: PushDeliveryDeps['vapid'],
  device: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<Outcome> {
  try {
    const request = await buildPushPayload(
      { data: { ...payload }, options: { ttl: PUSH_TTL_SECONDS, urgency: 'normal' } },
      { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
      vapid,
    );
    // No redirects: the endpoint was checked against the push services, a redirect's target was not. ('manual',
    // not 'error': Workers' fetch takes only 'follow' and 'manual'.)
    const res = await send(device.endpoint, {
      ...request,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.ok) return 'pushed';
    if (res.status >= 300 && res.status < 400) return 'refused';
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status === 429 || res.status >= 500) return 'later';
    console.warn(`[push] ${new URL(device.endpoint).host} refused a push: ${res.status}`);
    return 'refused';
  } catch (error) {
    console.warn(
      `[push] ${new URL(device.endpoint).host} unreachable:`,
      error instanceof Error ? error.message : error,
    );
    return 'later';
  }
}

/**
 * Runs `drain` one at a time: a call while one runs joins the next run (which starts when it ends), so a burst of
 * writes costs at most two drains and none overlap in this process.
 */
export function oneAtATime<T>(drain: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  return () => {
    if (next) return next;
    if (!running) {
      running = drain().finally(() => {
        running = null;
      });
      return running;
    }
    next = running
      .catch(() => undefined)
      .then(() => {
        next = null;
        running = drain().finally(() => {
          running = null;
        });
        return running;
      });
    return next;
  };
}
