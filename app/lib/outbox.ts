/**
 * The durable outbox (issue 5, D16, ADR 016): state-changing requests made at a venue with no signal wait in
 * IndexedDB and are sent when the connection returns, each with a client-generated id the server uses to drop
 * duplicates (`Idempotency-Key`). It runs in a page AND in the service worker (Background Sync), so it imports
 * nothing from the DOM or React: only fetch, IndexedDB, BroadcastChannel and Web Locks, all present in both.
 *
 * Split by responsibility: this file holds the entry's shape, the constants and the pure rules (what an answer
 * means, backoff, which entries go next); `outbox-store.ts` stores entries and tells every context of changes;
 * `outbox-send.ts` sends them; `outbox-triggers.ts` decides when a page sends (`outbox-sync.ts` in the worker).
 */

/**
 * 'check-in' is a door's ticket check-in (D26); 'tournament-check-in' an entrant's own check-in and
 * 'entrant-check-in' the door's check-in of an entrant (D39); 'match-call', 'match-result' and 'claim-decision' the
 * host's calls to court, decided scores and forfeit decisions on the tournament day (issue 37, ADR 071).
 */
export type OutboxKind =
  | 'waiver'
  | 'message'
  | 'check-in'
  | 'tournament-check-in'
  | 'entrant-check-in'
  | 'match-call'
  | 'match-result'
  | 'claim-decision';
export type OutboxState = 'waiting' | 'sending' | 'failed';

/** One queued request as IndexedDB stores it. The shape is a contract between app versions: a request queued by
 * one version is replayed by the next, so fields are only ever added (DB version 1). */
export interface OutboxEntry {
  /** The client id: `crypto.randomUUID()`, sent as `Idempotency-Key`. */
  id: string;
  kind: OutboxKind;
  method: string;
  url: string;
  body: unknown;
  /** Only this user's session may send it (a shared phone must not send one player's waiver as another). */
  userId: string;
  /** Epoch ms when queued. */
  createdAt: number;
  /** Creation order inside one millisecond too (createdAt * 1000 + a counter). */
  seq: number;
  attempts: number;
  /** Epoch ms before which a retry is not due (0: at once). */
  nextAttemptAt: number;
  state: OutboxState;
  /** The server's `message` for a refusal, or why the last attempt did not get through. */
  lastError: string | null;
  /** Query-key heads (URLs) to refresh in the app once the server confirms it. */
  invalidates?: string[];
  /** What it is in the user's words ('Call Match 5 to Court 1'), where the kind alone does not say. */
  label?: string;
}

export interface EnqueueInput {
  kind: OutboxKind;
  method: string;
  url: string;
  body: unknown;
  userId: string;
  invalidates?: string[];
  label?: string;
}

/** What the outbox tells its listeners, in this context and (through BroadcastChannel) in every other one. */
export type OutboxEvent =
  | { type: 'changed' }
  | {
      type: 'delivered';
      id: string;
      kind: OutboxKind;
      userId: string;
      status: number;
      replayed: boolean;
      response: unknown;
      invalidates: string[];
    }
  | {
      type: 'refused';
      id: string;
      kind: OutboxKind;
      userId: string;
      status: number;
      message: string;
    }
  /** The server answered 401 to a request sent at `since`: whoever the app thinks is signed in, nobody is. */
  | { type: 'signed-out'; since: number };

export { OUTBOX_CHANNEL } from './outbox-presence.ts';
export const OUTBOX_LOCK = 'wta-outbox';
export const OUTBOX_SYNC_TAG = 'wta-outbox';
/**
 * Names the account that queued a request (ADR 016). The server refuses it (409) when another account's session
 * sends it, so a shared phone can never file one player's waiver under another's name, whatever the user check said.
 */
export const OUTBOX_USER_HEADER = 'X-Outbox-User';
/** Why an entry waits after its session ended (401): it is sent once its own user signs in again. */
export const SIGN_IN_AGAIN = 'Sign in again to send this.';

// ---------------------------------------------------------------------------------------------------------------
// Pure parts (unit-tested in outbox.test.ts)

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * The wait before retry number `attempts` (1 after the first failure): 2 s, 4 s, 8 s, ... capped at 5 minutes,
 * with +/-20% jitter so a venue full of phones coming back online does not retry in lockstep.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exponent, BACKOFF_CAP_MS);
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, BACKOFF_CAP_MS));
}

export type ResponseClass = 'delivered' | 'refused' | 'retry' | 'signed-out';

/**
 * What an answer means for a queued request: 2xx delivered (a replay answers the original 2xx); 401 the session
 * ended (keep it, with backoff, and send it after its user's next sign-in); another 4xx refused for good (409 from
 * another account's session included), except 408 and 429 which are "try later"; 5xx and anything else retried
 * with backoff.
 */
export function classifyResponse(status: number): ResponseClass {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'refused';
  return 'retry';
}

/** The server's `{ message }` from a refusal's body, else a plain fallback with the status. */
export function refusalMessage(status: number, bodyText: string): string {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      if (parsed.message.trim()) return parsed.message;
    }
  } catch {
    // Not JSON: fall through.
  }
  return `The server refused this request (${status}).`;
}

/**
 * What the user check's answer means: the signed-in user's id; null only for 401 (nobody is signed in, so nothing
 * is sent); undefined for anything else (a 5xx, a captive portal's page): the server cannot say just now, try later.
 */
export function signedInFromAnswer(status: number, body: unknown): string | null | undefined {
  if (status === 401) return null;
  if (status < 200 || status > 299) return undefined;
  const id = body && typeof body === 'object' && 'id' in body ? body.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** How one attempt ended: an HTTP answer (status, body text, its `Retry-After`) or no answer at all. */
export type AttemptResult = { status: number; bodyText: string; retryAfter?: string | null } | { status: null };

/** The longest `Retry-After` honoured (a day's sending limit); anything further is read as this. */
export const RETRY_AFTER_CAP_MS = 24 * 60 * 60_000;

/**
 * A `Retry-After` header (delay seconds or an HTTP date) as milliseconds from `now`, or null when absent or
 * unreadable. The server knows when its limit lifts; guessing with the backoff would only spend requests.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  // An HTTP date has a weekday and a month name; anything else that is not whole seconds ('-5' parses as a year).
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : /[a-z]/i.test(value) ? Date.parse(value) - now : NaN;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

/**
 * The entry after an attempt that did not deliver it (null for a 2xx: it is removed). A refusal fails for good with
 * the server's message; a 401 and every "try later" wait with backoff, so an answer that keeps coming back never
 * turns into a tight loop; a "try later" with `Retry-After` waits what the server said, with its message.
 */
export function afterAttempt(
  entry: OutboxEntry,
  result: AttemptResult,
  now: number,
  random: () => number = Math.random,
): OutboxEntry | null {
  const attempts = entry.attempts + 1;
  const wait = (lastError: string): OutboxEntry => ({
    ...entry,
    state: 'waiting',
    attempts,
    nextAttemptAt: now + backoffDelay(attempts, random),
    lastError,
  });
  if (result.status === null) return wait('No connection. It will be sent when the connection returns.');
  switch (classifyResponse(result.status)) {
    case 'delivered':
      return null;
    case 'refused':
      return { ...entry, state: 'failed', attempts, lastError: refusalMessage(result.status, result.bodyText) };
    case 'signed-out':
      // Not the entry's fault: it waits for its user's next session (a sign-in sends it at once).
      return wait(SIGN_IN_AGAIN);
    default: {
      const serverWait = retryAfterMs(result.retryAfter, now);
      if (serverWait === null) return wait(`The server could not take it just now (${result.status}). Retrying soon.`);
      // A limit that lifts by itself (429 or 503 with Retry-After): wait exactly that long, and say why.
      return { ...wait(refusalMessage(result.status, result.bodyText)), nextAttemptAt: now + serverWait };
    }
  }
}

/** One user's entries in creation order. */
export function inCreationOrder(entries: readonly OutboxEntry[], userId?: string): OutboxEntry[] {
  return entries
    .filter((e) => userId === undefined || e.userId === userId)
    .sort((a, b) => a.seq - b.seq || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

export interface FlushPlan {
  /** The entries to send now, in creation order. */
  send: OutboxEntry[];
  /** When the next retry falls due (epoch ms), or null when nothing waits. */
  nextAttemptAt: number | null;
}

/**
 * Which of the signed-in user's entries go now. Order matters (a conversation is read in order), so a waiting entry
 * that is not yet due holds back the ones queued after it; refused entries never block and are never picked.
 * `force` (the connection just came back, the user pressed Submit or Retry) ignores the backoff. An entry still
 * marked 'sending' was cut off mid-flight (the tab closed): it is sent again, which the client id makes safe.
 */
export function planFlush(entries: readonly OutboxEntry[], userId: string, now: number, force = false): FlushPlan {
  const pending = inCreationOrder(entries, userId).filter((e) => e.state !== 'failed');
  const send: OutboxEntry[] = [];
  for (const entry of pending) {
    if (!force && entry.nextAttemptAt > now) return { send, nextAttemptAt: entry.nextAttemptAt };
    send.push(entry);
  }
  return { send, nextAttemptAt: null };
}

/** The next time to try after this context's flush: the first waiting entry's due time (the head of the line). */
export function nextDueAt(entries: readonly OutboxEntry[], userId: string): number | null {
  const head = inCreationOrder(entries, userId).find((e) => e.state !== 'failed');
  return head ? head.nextAttemptAt : null;
}
