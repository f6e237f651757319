import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { createHashingSlots, type HashingLane, type HashingSlots } from './hashing-slots.ts';
import { reserveAttempt, TOO_MANY_FROM_ADDRESS, TOO_MANY_ON_ACCOUNT, TOO_MANY_REGISTRATIONS, type LimitKind } from './rate-limit.ts';

// D35 when password hashing is busy (issue 34, ADR 051): the sign-in of a device that signed in before is not held
// behind untrusted attempts, attempts answered 503 count toward the limits, and registrations are counted before
// they are hashed. The app gets hashing slots the test controls: a timer the test fires ("5 s have passed") and
// untrusted hashes that start only when the test lets them, so nothing here depends on how fast this machine hashes.

const WRONG = 'wrong-password-1';
/** Each test hashes a few passwords for real (~0.5 s each on two idle cores): headroom for a busy machine. */
const SOME_HASHES = { timeout: 120_000 };

/**
 * Slots the test controls. While `hold()` is in force every untrusted hash (a sign-in without the device cookie, a
 * registration) keeps its slot without hashing, until `letGo()`; `expireWaits()` turns away everyone waiting, as
 * 5 s of waiting would; `lanes` records every hash asked for, by lane.
 */
function controlledSlots(count: number) {
  const expiries = new Map<number, () => void>();
  let handles = 0;
  const inner = createHashingSlots({
    slots: count,
    timer: { set: (fire) => (expiries.set(++handles, fire), handles), clear: (h) => void expiries.delete(h as number) },
  });
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const lanes: HashingLane[] = [];
  const hashing: HashingSlots = {
    run: (lane, task, account) => {
      lanes.push(lane);
      const held = gate;
      return inner.run(lane, lane === 'trusted' ? task : async () => (await held, task()), account);
    },
    get load() {
      return inner.load;
    },
  };
  return {
    hashing,
    lanes,
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    letGo: () => open(),
    expireWaits: () => {
      const fire = [...expiries.values()];
      expiries.clear();
      for (const f of fire) f();
    },
  };
}
type ControlledSlots = ReturnType<typeof controlledSlots>;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function appWith(slots: ControlledSlots) {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { passwordHashing: slots.hashing } });
  return t;
}

async function recorded(app: TestApp, kind: LimitKind, key: string) {
  const [row] = await app.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM sign_in_failures WHERE kind = ${kind} AND key = ${key}`,
  );
  return row!.n;
}

/** Sends `count` requests at once and waits until each is answered or waiting for a hashing slot. */
async function queued(slots: ControlledSlots, count: number, send: (i: number) => Promise<Response>) {
  const busyBefore = slots.hashing.load.waiting + slots.hashing.load.running;
  let answered = 0;
  const answers = Array.from({ length: count }, (_, i) => send(i).finally(() => (answered += 1)));
  // Generous: the requests' database work is all that is waited for, but a shared machine can be slow.
  await vi.waitFor(
    () => {
      const { running, waiting } = slots.hashing.load;
      expect(answered + running + waiting - busyBefore).toBe(count);
    },
    { timeout: 60_000, interval: 20 },
  );
  return answers;
}

/**
 * The answer to one request: given without waiting for a slot, or, if it joined the hashing queue, the 503 it
 * gets once its wait has run out. So a request that should not wait shows its own answer, and one that waits
 * answers 503 instead of hanging the test.
 */
async function answerWithoutWaiting(slots: ControlledSlots, send: () => Promise<Response>) {
  const [answer] = await queued(slots, 1, send);
  slots.expireWaits();
  return answer!;
}

describe('a trusted device while hashing is busy (D35, issue 34)', () => {
  it('signs in while untrusted attempts hold every slot they may use and fill the queue', SOME_HASHES, async () => {
    const slots = controlledSlots(2);
    const app = await appWith(slots);
    const email = uniqueEmail('owner');
    const phone = app.agent({ ip: '198.51.100.30' });
    expect((await phone.register({ email })).status).toBe(201);

    // Wrong passwords for the account from 6 addresses: hashes that do not finish while the test holds them.
    slots.hold();
    const attack = await queued(slots, 6, (i) => app.agent({ ip: `203.0.113.${i + 1}` }).login(email, WRONG));
    expect(slots.hashing.load.waiting).toBeGreaterThan(0);

    const own = await answerWithoutWaiting(slots, () => phone.login(email));
    expect(own.status).toBe(200);
    // The same request from a browser without the device cookie waits behind the attack like any other.
    const stranger = await answerWithoutWaiting(slots, () => app.agent({ ip: '192.0.2.40' }).login(email));
    expect(stranger.status).toBe(503);

    slots.letGo();
    slots.expireWaits();
    expect([...new Set(await Promise.all(attack.map(async (r) => (await r).status)))].sort()).toEqual([401, 503]);
    // And once the attack is over the phone signs in as before.
    expect((await phone.login(email)).status).toBe(200);
  });
});

describe('attempts answered 503 count toward the limits (D35, issue 34)', () => {
  async function busyAttempts(slots: ControlledSlots, count: number, attempt: (i: number) => Promise<Response>) {
    slots.hold();
    const answers = await queued(slots, count, attempt);
    slots.expireWaits();
    slots.letGo();
    return Promise.all(answers.map(async (r) => (await r).status));
  }

  it("10 sign-ins from one address turned away busy fill that address's limit", SOME_HASHES, async () => {
    const slots = controlledSlots(1);
    const app = await appWith(slots);
    const email = uniqueEmail('target');
    await app.agent().register({ email });
    // One hash runs (held), nine wait and are turned away; the held one is answered once let go.
    const venue = '198.51.100.31';
    const statuses = await busyAttempts(slots, 10, () => app.agent({ ip: venue }).login(email, WRONG));
    expect(statuses.filter((s) => s === 503)).toHaveLength(9);
    expect(await recorded(app, 'ip', venue)).toBe(10);

    const refused = await answerWithoutWaiting(slots, () => app.agent({ ip: venue }).login(email, WRONG));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("a sign-in turned away busy counts toward the account's limit", SOME_HASHES, async () => {
    const slots = controlledSlots(1);
    const app = await appWith(slots);
    const email = uniqueEmail('target');
    await app.agent().register({ email });
    // 98 failures from 10 addresses already (recorded as the service reserves them: 98 hashes would only be slow).
    for (let i = 0; i < 98; i += 1) {
      const counters = [{ kind: 'ip' as const, key: `203.0.113.${(i % 10) + 1}` }, { kind: 'account' as const, key: email }];
      expect(await reserveAttempt(app.db, counters, app.now())).not.toBeNull();
    }
    // Two more from two new addresses: one hashes (held), the other waits and is turned away.
    const statuses = await busyAttempts(slots, 2, (i) => app.agent({ ip: `203.0.113.${20 + i}` }).login(email, WRONG));
    expect(statuses.sort()).toEqual([401, 503]);
    expect(await recorded(app, 'account', email)).toBe(100);

    const refused = await answerWithoutWaiting(slots, () => app.agent({ ip: '192.0.2.41' }).login(email, WRONG));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_ON_ACCOUNT);
  });
});

describe('registrations from one address are counted before they are hashed (D35, issue 34)', () => {
  it('answers 503 with Retry-After when no hashing slot came free in 5 s, and counts the registration', SOME_HASHES, async () => {
    const slots = controlledSlots(1);
    const app = await appWith(slots);
    slots.hold();
    const [holder] = await queued(slots, 1, () => app.agent().register());
    const res = await answerWithoutWaiting(slots, () => app.agent({ ip: '198.51.100.90' }).register());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { message: string }).message).toBe('The server is busy. Please try again in a few seconds.');
    expect(await recorded(app, 'registration', '198.51.100.90')).toBe(1);
    slots.letGo();
    expect((await holder!).status).toBe(201);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });

  it('31 at once: 30 reach the hash, the 31st gets 429 without hashing; 503s count, so the next gets 429 too', SOME_HASHES, async () => {
    const slots = controlledSlots(1);
    const app = await appWith(slots);
    const venue = '198.51.100.32';
    slots.hold();
    const answers = await queued(slots, 31, () => app.agent({ ip: venue }).register());
    expect(slots.lanes.filter((lane) => lane === 'registration')).toHaveLength(30);
    slots.expireWaits();
    slots.letGo();
    const statuses = await Promise.all(answers.map(async (r) => (await r).status));
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1); // the one that held the slot
    expect(await recorded(app, 'registration', venue)).toBe(30);

    // The 29 turned away busy count: the next registration from the address is refused before any hash.
    const asked = slots.lanes.length;
    const refused = await answerWithoutWaiting(slots, () => app.agent({ ip: venue }).register());
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_REGISTRATIONS);
    expect(slots.lanes.length).toBe(asked);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });
});
