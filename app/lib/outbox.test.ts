import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  BACKOFF_CAP_MS,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
  backoffDelay,
  classifyResponse,
  inCreationOrder,
  nextDueAt,
  planFlush,
  refusalMessage,
  SIGN_IN_AGAIN,
  signedInFromAnswer,
  type OutboxEntry,
} from './outbox.ts';

const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'id-' + String(overrides.seq ?? 0),
  kind: 'message',
  method: 'POST',
  url: '/api/messages/send',
  body: {},
  userId: 'u1',
  createdAt: 1_000,
  seq: 1_000_000,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'waiting',
  lastError: null,
  ...overrides,
});

describe('backoffDelay', () => {
  it('doubles from 2 s with no jitter at the midpoint', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, mid))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
  });

  it('is capped at 5 minutes, jitter included', () => {
    expect(backoffDelay(9, () => 0.5)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(50, () => 0.999)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1_000, () => 0.5)).toBe(BACKOFF_CAP_MS);
  });

  it('spreads retries by +/-20%', () => {
    expect(backoffDelay(1, () => 0)).toBe(1_600);
    expect(backoffDelay(1, () => 1)).toBe(2_400);
    expect(backoffDelay(3, () => 0)).toBe(6_400);
  });
});

describe('classifyResponse', () => {
  it('delivers every 2xx (a replay answers the original 2xx)', () => {
    expect(classifyResponse(200)).toBe('delivered');
    expect(classifyResponse(201)).toBe('delivered');
    expect(classifyResponse(204)).toBe('delivered');
  });

  it('refuses other 4xx for good, but retries 408 and 429', () => {
    for (const status of [400, 403, 404, 409, 422]) expect(classifyResponse(status)).toBe('refused');
    expect(classifyResponse(408)).toBe('retry');
    expect(classifyResponse(429)).toBe('retry');
  });

  it('keeps an entry whose session ended (401) for the next sign-in', () => {
    expect(classifyResponse(401)).toBe('signed-out');
  });

  it('retries 5xx and anything unexpected', () => {
    for (const status of [500, 502, 503, 504, 302, 0]) expect(classifyResponse(status)).toBe('retry');
  });
});

describe('refusalMessage', () => {
  it("shows the server's message", () => {
    expect(refusalMessage(409, '{"message":"You have already signed this waiver"}')).toBe(
      'You have already signed this waiver',
    );
  });

  it('falls back when the body has no message', () => {
    expect(refusalMessage(400, '<html>')).toBe('The server refused this request (400).');
    expect(refusalMessage(403, '{"message":""}')).toBe('The server refused this request (403).');
  });
});

describe('ordering and planning', () => {
  const now = 10_000;

  it("sends only the signed-in user's entries, in creation order", () => {
    const entries = [
      entry({ id: 'c', seq: 3 }),
      entry({ id: 'other', seq: 0, userId: 'u2' }),
      entry({ id: 'a', seq: 1 }),
      entry({ id: 'b', seq: 2 }),
    ];
    expect(planFlush(entries, 'u1', now).send.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(inCreationOrder(entries).map((e) => e.id)).toEqual(['other', 'a', 'b', 'c']);
  });

  it('never picks a refused entry, and a refused entry does not block the rest', () => {
    const entries = [entry({ id: 'a', seq: 1, state: 'failed' }), entry({ id: 'b', seq: 2 })];
    expect(planFlush(entries, 'u1', now).send.map((e) => e.id)).toEqual(['b']);
    expect(nextDueAt([entries[0]!], 'u1')).toBeNull();
  });

  it('holds later entries behind one whose retry is not due, and says when it is', () => {
    const entries = [
      entry({ id: 'a', seq: 1 }),
      entry({ id: 'b', seq: 2, nextAttemptAt: now + 4_000, attempts: 2 }),
      entry({ id: 'c', seq: 3 }),
    ];
    const plan = planFlush(entries, 'u1', now);
    expect(plan.send.map((e) => e.id)).toEqual(['a']);
    expect(plan.nextAttemptAt).toBe(now + 4_000);
    expect(nextDueAt(entries.slice(1), 'u1')).toBe(now + 4_000);
  });

  it('ignores the backoff when forced (the connection came back)', () => {
    const entries = [entry({ id: 'a', seq: 1, nextAttemptAt: now + 60_000 }), entry({ id: 'b', seq: 2 })];
    expect(planFlush(entries, 'u1', now, true).send.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('sends again an entry left "sending" by a closed tab', () => {
    expect(planFlush([entry({ id: 'a', state: 'sending' })], 'u1', now).send.map((e) => e.id)).toEqual(['a']);
  });
});

describe('signedInFromAnswer (who the server says is signed in)', () => {
  it('is the user on a 200 with an id', () => {
    expect(signedInFromAnswer(200, { id: 'u1', email: 'a@example.test' })).toBe('u1');
  });

  it('is nobody (null) only on 401', () => {
    expect(signedInFromAnswer(401, { message: 'Unauthorized' })).toBeNull();
  });

  it('is "cannot say, try later" (undefined) on a 5xx or any other answer', () => {
    for (const status of [500, 502, 503, 504, 403, 404, 429, 302]) {
      expect(signedInFromAnswer(status, undefined), String(status)).toBeUndefined();
    }
    // A captive portal's 200 page is no answer about the user either.
    expect(signedInFromAnswer(200, undefined)).toBeUndefined();
    expect(signedInFromAnswer(200, null)).toBeUndefined();
  });
});

describe('afterAttempt', () => {
  const now = 50_000;
  const mid = () => 0.5;

  it('removes a delivered entry (null)', () => {
    expect(afterAttempt(entry({}), { status: 201, bodyText: '{}' }, now, mid)).toBeNull();
  });

  it('backs off after a 401 and says to sign in again, instead of retrying at once', () => {
    const first = afterAttempt(entry({}), { status: 401, bodyText: '{"message":"Unauthorized"}' }, now, mid)!;
    expect(first).toMatchObject({
      state: 'waiting',
      attempts: 1,
      nextAttemptAt: now + 2_000,
      lastError: SIGN_IN_AGAIN,
    });
    const second = afterAttempt(first, { status: 401, bodyText: '' }, now, mid)!;
    expect(second).toMatchObject({
      state: 'waiting',
      attempts: 2,
      nextAttemptAt: now + 4_000,
      lastError: SIGN_IN_AGAIN,
    });
  });

  it('fails for good with the server message when another account’s session refuses it (409)', () => {
    const message = 'This was saved on this device by another account. Sign in as that account to send it.';
    expect(afterAttempt(entry({}), { status: 409, bodyText: JSON.stringify({ message }) }, now, mid)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: message,
    });
  });

  it('backs off after no answer and after a 5xx', () => {
    expect(afterAttempt(entry({ attempts: 2 }), { status: null }, now, mid)).toMatchObject({
      state: 'waiting',
      attempts: 3,
      nextAttemptAt: now + 8_000,
      lastError: 'No connection. It will be sent when the connection returns.',
    });
    expect(afterAttempt(entry({}), { status: 503, bodyText: '' }, now, mid)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      nextAttemptAt: now + 2_000,
    });
  });

  it('waits what a limit’s Retry-After says, with the server’s message (429)', () => {
    const message = 'You are sending messages too quickly. Wait a minute and try again.';
    const limited = { status: 429, bodyText: JSON.stringify({ message }) };
    expect(afterAttempt(entry({}), { ...limited, retryAfter: '30' }, now, mid)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      nextAttemptAt: now + 30_000,
      lastError: message,
    });
    // Without the header: the backoff.
    expect(afterAttempt(entry({}), limited, now, mid)).toMatchObject({ state: 'waiting', nextAttemptAt: now + 2_000 });
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('reads delay seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
  it('never waits more than a day', () => {
    expect(retryAfterMs('999999999', now)).toBe(RETRY_AFTER_CAP_MS);
  });
});
