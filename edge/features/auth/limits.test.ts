import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestAgent, type TestApp } from '../../test/app.ts';
import { isCommonPassword } from './common-passwords.ts';
import { DEVICE_COOKIE_LIFETIME_MS } from './device-cookie.ts';
import { createHashingSlots, defaultHashingSlotCount } from './hashing-slots.ts';
import {
  reserveAttempt,
  TOO_MANY_FROM_ADDRESS,
  TOO_MANY_ON_ACCOUNT,
  TOO_MANY_REGISTRATIONS,
  type LimitKind,
} from './rate-limit.ts';
import { registerSchema } from './schema.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const WRONG = 'wrong-password-1';
/** For tests that hash 10 to 32 passwords (~0.4 s each on two idle cores): headroom for a busy machine. */
const MANY_HASHES = { timeout: 180_000 };
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({
    now: '2026-11-21T12:00:00Z',
    // These tests count attempts, not the 5-second wait for a hashing slot (under-load.test.ts): a slow,
    // shared machine must not turn a queued hash into a 503 here.
    deps: { passwordHashing: createHashingSlots({ slots: defaultHashingSlotCount(), maxWaitMs: 10 * MINUTE }) },
  });
});
afterEach(() => t.cleanup());

async function body(res: Response) {
  return (await res.json()) as { message: string; errors?: Record<string, string[]> };
}

function deviceCookie(agent: TestAgent): { name: string; value: string } {
  const entry = [...agent.cookies].find(([name]) => name.startsWith('wta_device_'));
  if (!entry) throw new Error('the agent holds no device cookie');
  return { name: entry[0], value: entry[1] };
}

async function recorded(kind: LimitKind, key?: string) {
  const rows = await t.db.all<{ n: number }>(
    key === undefined
      ? sql`SELECT count(*) AS n FROM sign_in_failures WHERE kind = ${kind}`
      : sql`SELECT count(*) AS n FROM sign_in_failures WHERE kind = ${kind} AND key = ${key}`,
  );
  return rows[0]!.n;
}

/** Sign-in attempts fired at once; resolves to the sorted statuses. */
async function concurrently(count: number, attempt: (i: number) => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => attempt(i)));
  return answers.map((r) => r.status).sort();
}

describe('device cookies (D35)', () => {
  it('sign-in and sign-up leave a signed device cookie for the account: HttpOnly, SameSite=Lax, one year', async () => {
    const email = uniqueEmail();
    const phone = t.agent();
    const res = await phone.register({ email });
    const line = res.headers.getSetCookie().find((c) => c.startsWith('wta_device_'))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Secure/); // http://localhost
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]!).getTime();
    expect(Math.abs(expires - (t.now().getTime() + DEVICE_COOKIE_LIFETIME_MS))).toBeLessThan(1000);
    // Nothing readable about the account in the name or the value.
    const { name, value } = deviceCookie(phone);
    expect(`${name}=${value}`).not.toContain(email.split('@')[0]);

    // A second account on the same browser gets a cookie of its own; the first stays.
    const other = uniqueEmail();
    await t.agent().register({ email: other });
    expect((await phone.login(other)).status).toBe(200);
    expect([...phone.cookies.keys()].filter((k) => k.startsWith('wta_device_'))).toHaveLength(2);
    // Each sign-in renews it with a fresh nonce.
    await phone.login(email);
    expect(deviceCookie(phone).value).not.toBe(value);
  });

  it('is Secure when the league is served over https', async () => {
    const s = await createTestApp({ env: { PUBLIC_URL: 'https://league.example' } });
    try {
      const res = await s.agent({ origin: 'https://league.example' }).register();
      expect(res.headers.getSetCookie().find((c) => c.startsWith('wta_device_'))).toMatch(/Secure/);
    } finally {
      await s.cleanup();
    }
  });
});

describe('sign-in limits (D35)', () => {
  it('100+ wrong passwords from 11 addresses refuse new devices with 429, not the devices that signed in before', MANY_HASHES, async () => {
    const email = uniqueEmail('target');
    const phone = t.agent({ ip: '198.51.100.10' });
    expect((await phone.register({ email })).status).toBe(201);
    const laptop = t.agent({ ip: '198.51.100.11' });
    expect((await laptop.login(email)).status).toBe(200);

    // The attack's first 96 failures come from 10 addresses (under each address's limit), recorded by the
    // service's own reservation (96 scrypt hashes would only slow the test); the rest go through the API.
    for (let i = 0; i < 96; i += 1) {
      const ip = `203.0.113.${(i % 10) + 1}`;
      const reserved = await reserveAttempt(t.db, [{ kind: 'ip', key: ip }, { kind: 'account', key: email }], t.now());
      expect(reserved).not.toBeNull();
    }
    const attacker = t.agent({ ip: '203.0.113.11' });
    for (let i = 0; i < 4; i += 1) expect((await attacker.login(email, WRONG)).status).toBe(401);
    expect(await recorded('account', email)).toBe(100);

    const refused = await attacker.login(email, WRONG);
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toBe(TOO_MANY_ON_ACCOUNT);
    // A new device is refused even with the right password, and nothing more is counted.
    const newDevice = t.agent({ ip: '192.0.2.50' });
    const blocked = await newDevice.login(email);
    expect(blocked.status).toBe(429);
    expect((await body(blocked)).message).toMatch(/Too many failed sign-in attempts/);
    expect(await recorded('account', email)).toBe(100);

    // The owner's devices are not held back by failures made elsewhere.
    expect((await phone.login(email)).status).toBe(200);
    expect((await laptop.login(email)).status).toBe(200);

    t.advance(HOUR);
    expect((await newDevice.login(email)).status).toBe(200);
  });

  it("10 failures from one address refuse that address's untrusted attempts, not a member whose device signed in there", MANY_HASHES, async () => {
    const venue = '198.51.100.77';
    const member = uniqueEmail('member');
    const memberPhone = t.agent({ ip: venue });
    expect((await memberPhone.register({ email: member })).status).toBe(201);

    const attacker = t.agent({ ip: venue });
    const statuses = await concurrently(10, (i) => attacker.login(uniqueEmail(`probe-${i}`), WRONG));
    expect(statuses).toEqual(Array(10).fill(401));

    const refused = await attacker.login(uniqueEmail('probe'), WRONG);
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toBe(TOO_MANY_FROM_ADDRESS);
    // Another browser on the venue's network without the member's device cookie is refused too...
    expect((await t.agent({ ip: venue }).login(member)).status).toBe(429);
    // ...the member's phone is not: its own mistakes are its own, and the right password signs in.
    expect((await memberPhone.login(member, WRONG)).status).toBe(401);
    expect((await memberPhone.login(member)).status).toBe(200);
    // Elsewhere the account is fine.
    expect((await t.agent({ ip: '192.0.2.51' }).login(member)).status).toBe(200);

    t.advance(10 * MINUTE + 1);
    expect((await t.agent({ ip: venue }).login(member)).status).toBe(200);
  });

  it('concurrent wrong passwords never record more failures than the address limit', MANY_HASHES, async () => {
    const email = uniqueEmail('target');
    await t.agent().register({ email });
    const attacker = t.agent({ ip: '203.0.113.99' });
    const statuses = await concurrently(25, () => attacker.login(email, WRONG));
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
    expect(await recorded('ip', '203.0.113.99')).toBe(10);
    expect(await recorded('account', email)).toBe(10);
  });

  it("a device's own allowance is 10 failures an hour; after that it counts as any other device", MANY_HASHES, async () => {
    const email = uniqueEmail();
    const phone = t.agent({ ip: '198.51.100.20' });
    await phone.register({ email });
    const statuses = await concurrently(12, () => phone.login(email, WRONG));
    expect(statuses).toEqual(Array(12).fill(401));
    // 10 on the device; the 2 after that on the address and the account, as for an unknown device.
    expect(await recorded('device')).toBe(10);
    expect(await recorded('ip', '198.51.100.20')).toBe(2);
    expect(await recorded('account', email)).toBe(2);
    // The right password still signs in (the address has room) and starts a fresh allowance.
    expect((await phone.login(email)).status).toBe(200);
    expect((await phone.login(email, WRONG)).status).toBe(401);
    expect(await recorded('device')).toBe(11);
  });

  it("a forged cookie, another account's cookie or another server's cookie gives no trust", async () => {
    const email = uniqueEmail('target');
    const phone = t.agent();
    await phone.register({ email });
    const otherPhone = t.agent();
    await otherPhone.register({ email: uniqueEmail('other') });
    // Lock the account for untrusted devices.
    for (let i = 0; i < 100; i += 1) {
      expect(await reserveAttempt(t.db, [{ kind: 'account', key: email }], t.now())).not.toBeNull();
    }
    const own = deviceCookie(phone);
    const [nonce] = own.value.split('.');
    const elsewhere = await createTestApp();
    let foreignValue: string;
    try {
      const there = elsewhere.agent();
      await there.register({ email });
      foreignValue = deviceCookie(there).value;
    } finally {
      await elsewhere.cleanup();
    }
    const attempts = [
      `${own.name}=${deviceCookie(otherPhone).value}`, // another account's cookie under this account's name
      `${deviceCookie(otherPhone).name}=${deviceCookie(otherPhone).value}`, // another account's cookie as it is
      `${own.name}=${nonce}.${'A'.repeat(43)}`, // a forged signature
      `${own.name}=${nonce}`, // no signature
      `${own.name}=${foreignValue}`, // signed with another server's secret
    ];
    for (const cookie of attempts) {
      const res = await t.agent().post('/api/login', { email, password: TEST_PASSWORD }, { headers: { cookie } });
      expect(res.status, cookie).toBe(429);
    }
    expect((await phone.login(email)).status).toBe(200);
  });
});

describe('registration limits (D35)', () => {
  it('refuses the 31st registration from one address in an hour with 429, and takes it an hour later', MANY_HASHES, async () => {
    const venue = '198.51.100.88';
    // Two at a time, as fast as the hashing allows.
    for (let i = 0; i < 30; i += 2) {
      const statuses = await concurrently(2, () => t.agent({ ip: venue }).register());
      expect(statuses).toEqual([201, 201]);
    }
    const refused = await t.agent({ ip: venue }).register();
    expect(refused.status).toBe(429);
    expect((await body(refused)).message).toBe(TOO_MANY_REGISTRATIONS);
    expect(await t.db.select().from(users)).toHaveLength(30);
    // Another address is not affected.
    expect((await t.agent({ ip: '198.51.100.89' }).register()).status).toBe(201);
    t.advance(HOUR);
    expect((await t.agent({ ip: venue }).register()).status).toBe(201);
  });
});

describe('sign-up checks (issue 10)', () => {
  const valid = { email: 'new@example.test', password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Lane' };

  it.each(['        ', '\t \u00a0\u3000    ', 'password1', 'Password1', 'qwertyuiop', 'iloveyou12', ' 12345678 '])(
    'refuses the common password %j',
    async (password) => {
      const res = await t.agent().post('/api/register', { ...valid, password });
      expect(res.status).toBe(400);
      const json = await body(res);
      expect(json.message).toBe('This password is too common');
      expect(json.errors?.password).toEqual(['This password is too common']);
    },
  );

  /** An address of `length` octets (at least 254) with a local part of 64. */
  const address = (length: number) =>
    `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(length - 253)}.test`;

  it.each([
    ['a local part of 65 octets', `${'a'.repeat(65)}@example.test`],
    ['a local part of 290 characters', `${'a'.repeat(290)}@example.test`],
    ['an address of 255 octets', address(255)],
  ])('refuses %s', async (_, email) => {
    const res = await t.agent().post('/api/register', { ...valid, email });
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe('Email address is too long');
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('takes the longest addresses the standard allows, the demo and test passwords', async () => {
    const longest = address(254);
    expect(longest).toHaveLength(254);
    expect((await t.agent().post('/api/register', { ...valid, email: longest })).status).toBe(201);
    const demo = await t.agent().post('/api/register', { ...valid, email: uniqueEmail(), password: 'wta-demo-2025' });
    expect(demo.status).toBe(201);
    expect(await isCommonPassword('wta-demo-2025')).toBe(false);
    expect(await isCommonPassword('correct-horse-battery')).toBe(false);
  });

  it("the app's form shares the length rule and the blank-password rule (the list stays on the server)", () => {
    const blank = registerSchema.safeParse({ ...valid, password: ' '.repeat(8) });
    expect(blank.error?.issues.map((i) => i.message)).toEqual(['This password is too common']);
    const long = registerSchema.safeParse({ ...valid, email: `${'a'.repeat(65)}@example.test` });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['Email address is too long']);
  });
});
