import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { SQLiteRaw } from 'drizzle-orm/sqlite-core/query-builders/raw';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../../db/client.ts';
import { clientRequests } from '../../db/schema/client-requests.ts';
import type { AppEnv } from './context.ts';
import { fail } from './errors.ts';

/**
 * Exactly-once state changes for the offline outbox (issue 5, D16; ADR 014). The app sends each queued request with
 * a client-generated id in `Idempotency-Key`; the receipt of the first successful answer is written in the same
 * transaction as the effect, so a replay of the same id gets that answer again and changes nothing. The receipt also
 * keeps a hash of the request, so the same id sent with another body is refused (422) instead of being answered
 * with the first body's result while the second message is silently lost.
 */

/** Request header carrying the client-generated id (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Response header set on an answer that comes from a stored receipt rather than from running the request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/**
 * Request header naming the account that queued the request on the device (the app's outbox, ADR 016). A phone may
 * be shared: the outbox asks who is signed in before sending, but the session can change between that check and the
 * request, and the request must not then be filed under the other account.
 */
export const OUTBOX_USER_HEADER = 'X-Outbox-User';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Receipts are pruned after 30 days; the outbox promises at least 7 (issue 5). */
export const CLIENT_REQUEST_RETENTION_MS = 30 * DAY_MS;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const CLIENT_REQUEST_MESSAGES = {
  malformedKey: 'Idempotency-Key must be 8 to 64 letters, digits, - or _',
  keyReused: 'This Idempotency-Key was already used for another request',
  bodyChanged: 'This Idempotency-Key was already used with a different request body',
  otherAccount: 'This was saved on this device by another account. Sign in as that account to send it.',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a request's effect answers: a status and a plain-JSON body (stored as text). Only a 2xx answer is recorded. */
export interface ClientAnswer<T, S extends ContentfulStatusCode = ContentfulStatusCode> {
  status: S;
  body: T;
}

/** The answer plus whether it was replayed from a stored receipt. */
export interface OnceAnswer<T, S extends ContentfulStatusCode = ContentfulStatusCode> extends ClientAnswer<T, S> {
  replayed: boolean;
}

export interface ClientRequestKey {
  userId: string;
  /** The request's Idempotency-Key; null runs the effect in a plain transaction with no receipt. */
  clientId: string | null;
  /** 'POST /api/waivers': the same key on another endpoint is refused, never answered with the wrong result. */
  endpoint: string;
  /**
   * `requestHash()` of this request, from the `clientRequest` middleware (`readRequestHash(c)`): stored with the
   * receipt, and a stored receipt with another hash is refused 422. Null compares nothing (a receipt stored before
   * hashes existed, or a caller without the middleware), as before.
   */
  requestHash: string | null;
  now: Date;
}

/**
 * SHA-256 (hex) of what a keyed request asks for: method, path, its Idempotency-Key and the body's raw bytes. The
 * outbox sends a queued entry's body as the same bytes on every attempt, so a true replay always hashes the same.
 */
export async function requestHash(input: {
  method: string;
  path: string;
  clientId: string;
  body: Uint8Array;
}): Promise<string> {
  // Newlines cannot occur in a method, a path or a key (KEY_PATTERN), so the prefix is unambiguous.
  const head = new TextEncoder().encode(`${input.method.toUpperCase()}\n${input.path}\n${input.clientId}\n`);
  const bytes = new Uint8Array(head.length + input.body.length);
  bytes.set(head);
  bytes.set(input.body, head.length);
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** The request hash the `clientRequest` middleware computed, or null (no Idempotency-Key, or no middleware). */
export function readRequestHash(c: Context): string | null {
  const hash: unknown = c.get('requestHash');
  return typeof hash === 'string' ? hash : null;
}

/**
 * The request's Idempotency-Key, null when absent; 400 when present but not 8-64 of [A-Za-z0-9_-]. Both the bare
 * form (`Idempotency-Key: 3f2c...`, what most APIs take) and the draft's quoted sf-string (`"3f2c..."`) are read.
 */
export function readClientId(c: Context): string | null {
  const raw = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (raw === undefined) return null;
  const value = /^"[^"]*"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (!KEY_PATTERN.test(value)) fail(400, CLIENT_REQUEST_MESSAGES.malformedKey);
  return value;
}

/** Sends an answer of `exactlyOnce` as JSON, marking a replay with `Idempotent-Replayed: true`. */
export function sendOnce<T, S extends ContentfulStatusCode>(c: Context, answer: OnceAnswer<T, S>): Response {
  if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
  return c.json(answer.body as object, answer.status);
}

async function storedAnswer<T, S extends ContentfulStatusCode>(
  db: Db,
  key: Pick<ClientRequestKey, 'userId' | 'endpoint' | 'requestHash'> & { clientId: string },
): Promise<OnceAnswer<T, S> | null> {
  const [row] = await db
    .select()
    .from(clientRequests)
    .where(and(eq(clientRequests.userId, key.userId), eq(clientRequests.clientId, key.clientId)))
    .limit(1);
  if (!row) return null;
  if (row.endpoint !== key.endpoint) fail(409, CLIENT_REQUEST_MESSAGES.keyReused);
  // The same key with another body is another request: answering it with the first one's result would lose it.
  if (row.requestHash !== null && key.requestHash !== null && row.requestHash !== key.requestHash) {
    fail(422, CLIENT_REQUEST_MESSAGES.bodyChanged);
  }
  return { status: row.status as S, body: JSON.parse(row.response) as T, replayed: true };
}

/**
 * 409 when the request names, in `X-Outbox-User`, an account other than the session's: it was queued on this device
 * by someone else and must not be stored under this account. Without the header nothing is checked.
 */
export function assertQueuedBySessionUser(c: Context, userId: string): void {
  const queuedBy = c.req.header(OUTBOX_USER_HEADER);
  if (queuedBy !== undefined && queuedBy !== userId) fail(409, CLIENT_REQUEST_MESSAGES.otherAccount);
}

/**
 * The front half of an outbox-backed endpoint, placed after `requireUser` and before the body is validated: it
 * refuses a request queued by another account (409, nothing runs), and answers a replay of a stored request from
 * its receipt at once. The receipt comes before validation on purpose: the request was valid when it was stored,
 * and a later deploy with a stricter schema must still answer the original 201, not a 400 for a body that is
 * already on file. `exactlyOnce` looks the receipt up again inside the handler; that second read is what decides
 * a race between two first sends, and is one primary-key lookup. The raw body is hashed here (`requestHash`) and
 * left for the handler in `c.var.requestHash`: a stored receipt with another hash answers 422 before anything runs.
 */
export const clientRequest = (endpoint: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Unauthorized' }, 401);
    assertQueuedBySessionUser(c, user.id);
    const clientId = readClientId(c);
    if (clientId !== null) {
      // Hono keeps the bytes read here, so the JSON validator after this middleware parses the same body again.
      const body = new Uint8Array(await c.req.arrayBuffer());
      const hash = await requestHash({ method: c.req.method, path: c.req.path, clientId, body });
      c.set('requestHash', hash);
      const stored = await storedAnswer(c.var.deps.db, { userId: user.id, clientId, endpoint, requestHash: hash });
      if (stored) return sendOnce(c, stored);
    }
    await next();
  });

/**
 * `exactlyOnce` for an effect that is one INSERT deciding by itself whether it may run (its WHERE holds the rules, so
 * it inserts one row or none): the effect, its receipt and the pruning of old receipts are one batch, one transaction
 * and one round trip (ADR 059). The receipt is written only when the INSERT just before it inserted its row
 * (`changes()`), with `answer`'s JSON and `$.id` set to that row's id. Returns null when the INSERT inserted nothing
 * (the caller finds out why, e.g. with `exactlyOnce`). A receipt already stored for the key (a replay) or stored by a
 * concurrent first send makes the batch fail on the receipt's primary key, so nothing of it is kept, and the stored
 * receipt answers (422 when it was stored for another body), as in `exactlyOnce`.
 */
export async function exactlyOnceInBatch<T extends { id: number }, S extends ContentfulStatusCode>(
  db: Db,
  key: ClientRequestKey,
  insert: SQLiteRaw<{ id: number }[]>,
  answer: ClientAnswer<T, S>,
): Promise<OnceAnswer<T, S> | null> {
  const { clientId } = key;
  const inserted = (rows: { id: number }[]) =>
    rows[0] ? { status: answer.status, body: { ...answer.body, id: rows[0].id }, replayed: false } : null;
  if (clientId === null) return inserted((await db.batch([insert]))[0]);
  try {
    const [, rows] = await db.batch([
      pruneReceipts(db, key),
      insert,
      db.run(sql`insert into client_requests (user_id, client_id, endpoint, request_hash, status, response, created_at)
        select ${key.userId}, ${clientId}, ${key.endpoint}, ${key.requestHash}, ${answer.status},
          json_set(${JSON.stringify(answer.body)}, '$.id', last_insert_rowid()), ${key.now.getTime()}
        where changes() = 1`),
    ]);
    return inserted(rows);
  } catch (error) {
    const stored = await storedAnswer<T, S>(db, { ...key, clientId });
    if (stored) return stored;
    throw error;
  }
}

/** Deletes the member's receipts older than CLIENT_REQUEST_RETENTION_MS. */
function pruneReceipts(db: Db | Tx, key: Pick<ClientRequestKey, 'userId' | 'now'>) {
  return db
    .delete(clientRequests)
    .where(
      and(
        eq(clientRequests.userId, key.userId),
        lt(clientRequests.createdAt, new Date(key.now.getTime() - CLIENT_REQUEST_RETENTION_MS)),
      ),
    );
}

/**
 * Runs `effect` in a write transaction at most once per (user, client id): a stored receipt answers without running
 * it (422 when it was stored for another body); otherwise the effect's 2xx answer and its receipt (with the request
 * hash) commit together. The receipt's primary key decides a race: the loser's transaction (effect included) rolls
 * back and it answers with the winner's receipt, or 422 when the winner sent another body. Only 2xx answers
 * are recorded: a refusal (a thrown `fail()`, or a non-2xx answer) is not an effect, so a corrected request may reuse
 * the key.
 */
export async function exactlyOnce<T, S extends ContentfulStatusCode>(
  db: Db,
  key: ClientRequestKey,
  effect: (tx: Tx) => Promise<ClientAnswer<T, S>>,
  /** 'immediate' takes the write lock first, so counts read for a limit cannot be passed by a concurrent request. */
  options: { behavior?: 'deferred' | 'immediate' } = {},
): Promise<OnceAnswer<T, S>> {
  const { clientId } = key;
  if (clientId === null) return { ...(await db.transaction(effect, options)), replayed: false };
  const keyed = { ...key, clientId };

  // Read outside the write transaction: a replay takes no write lock and runs nothing.
  const stored = await storedAnswer<T, S>(db, keyed);
  if (stored) return stored;

  try {
    const answer = await db.transaction(async (tx) => {
      const result = await effect(tx);
      if (result.status < 200 || result.status > 299) return result;
      await pruneReceipts(tx, key);
      await tx.insert(clientRequests).values({
        userId: key.userId,
        clientId,
        endpoint: key.endpoint,
        requestHash: key.requestHash,
        status: result.status,
        response: JSON.stringify(result.body),
        createdAt: key.now,
      });
      return result;
    }, options);
    return { ...answer, replayed: false };
  } catch (error) {
    // A concurrent request with the same key committed first: its effect stands, ours rolled back. Whatever made
    // our transaction fail (the receipt's key, or the effect's own uniqueness rule), the winner's answer is the answer,
    // unless the winner sent another body: then ours is refused 422 (storedAnswer compares the hashes).
    const winner = await storedAnswer<T, S>(db, keyed);
    if (winner) return winner;
    throw error;
  }
}
