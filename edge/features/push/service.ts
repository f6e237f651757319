import { decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { pushSubscriptions } from '../../../db/schema/push.ts';
import { describeDevice } from '../../lib/device-name.ts';
import { fail } from '../../lib/errors.ts';
import { PUSH_SERVICE_HOSTS, PUSH_TEXTS, type PushDevice, type SubscribeRequest } from './schema.ts';

/** True for an https endpoint on one of `hosts` or a subdomain of one. */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[] = PUSH_SERVICE_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

async function isP256Point(base64url: string): Promise<boolean> {
  try {
    const raw = new Uint8Array(decodeBase64urlIgnorePadding(base64url.replace(/=+$/, '')));
    await crypto.subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores this device's subscription for the member and the session it came with (D28). An endpoint is one browser
 * profile: subscribing again (new keys, another member signed in on the phone) replaces the row, never adds one.
 */
export async function subscribe(
  db: Db,
  who: { userId: string; sessionId: string },
  body: SubscribeRequest,
  ctx: { now: Date; hosts?: readonly string[] },
): Promise<{ id: number }> {
  if (!isPushServiceEndpoint(body.endpoint, ctx.hosts)) fail(400, PUSH_TEXTS.endpoint);
  // A key that is not a point on P-256 would make every push to it fail: refuse it now.
  if (!(await isP256Point(body.keys.p256dh))) fail(400, PUSH_TEXTS.keys);
  const values = {
    userId: who.userId,
    sessionId: who.sessionId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    createdAt: ctx.now,
  };
  return db.transaction(async (tx) => {
    // One browser, one endpoint: a session holds at most one subscription, so a member has at most as many as
    // sessions (20), and a push never fans out to endpoints a client made up.
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.sessionId, who.sessionId), ne(pushSubscriptions.endpoint, body.endpoint)));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastPushedAt: null } })
      .returning({ id: pushSubscriptions.id });
    return { id: row!.id };
  });
}

/** The member's devices that receive notifications, this one first, then the newest. */
export async function listDevices(db: Db, userId: string, currentSessionId: string): Promise<PushDevice[]> {
  const rows = await db
    .select({ sub: pushSubscriptions, userAgent: sessions.userAgent })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(eq(pushSubscriptions.userId, userId));
  return rows
    .map(({ sub, userAgent }) => ({
      id: sub.id,
      device: describeDevice(userAgent),
      createdAt: sub.createdAt.toISOString(),
      lastPushedAt: sub.lastPushedAt?.toISOString() ?? null,
      current: sub.sessionId === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));
}

/** Removes one of the member's devices (404 when it is not theirs). */
export async function removeDevice(db: Db, userId: string, id: number): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) fail(404, PUSH_TEXTS.notFound);
}

/** Removes this browser's subscription, by its endpoint, if it is the member's (turning notifications off here). */
export async function removeEndpoint(db: Db, userId: string, endpoint: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}
