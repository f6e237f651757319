import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import { storedWaiverHash, waiverContentHash } from '../../../db/waiver-hash.ts';
import { pngDataUrl } from '../../test/png.ts';
import { createTestApp, uniqueEmail, type TestAgent, type TestApp } from '../../test/app.ts';
import { WAIVER_TEXT_VERSION, type SignedWaiver, type WaiverLogEntry, type WaiverStatus } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());


const SIGNATURE = pngDataUrl();
const GUARDIAN_SIGNATURE = pngDataUrl(450, 150);

/** Date of birth that makes someone exactly `years` old (plus ~2 months) on NOW. */
const bornYearsAgo = (years: number) => `${NOW.getUTCFullYear() - years}-09-15`;

const adultBody = (fields: Record<string, unknown> = {}) => ({
  type: 'liability',
  agreed: true,
  signerName: 'Jordan Rivers',
  signatureData: SIGNATURE,
  emergencyContactName: 'Sam Rivers',
  emergencyContactPhone: '(404) 555-0199',
  deviceInfo: JSON.stringify({ screen: '390x844', viewport: '390x700', platform: 'iPhone', language: 'en-US', timezone: 'America/New_York' }),
  // The device clock 1.5 s behind the server clock at the moment of signing (the injected clock may move).
  deviceSignedAt: new Date(t.now().getTime() - 1500).toISOString(),
  ...fields,
});

const guardian = {
  parentGuardianName: 'Pat Rivers',
  parentGuardianEmail: 'Pat.Rivers@Example.test',
  parentGuardianSignature: GUARDIAN_SIGNATURE,
};

interface SignedUp {
  agent: TestAgent;
  id: string;
  email: string;
}

/** A fresh signed-in user; role and date of birth are set straight in the database. */
async function signUp(
  options: { role?: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin'; dateOfBirth?: string | null; email?: string; firstName?: string; lastName?: string } = {},
): Promise<SignedUp> {
  const agent = t.agent();
  // Registered under a plain address; a given e-mail (which may hold LIKE wildcards) is set afterwards.
  const registered = uniqueEmail('waiver');
  const email = (options.email ?? registered).toLowerCase();
  const registerRole = options.role === 'owner' || options.role === 'fan' ? options.role : 'player';
  const res = await agent.register({
    email: registered,
    role: registerRole,
    firstName: options.firstName ?? 'Jordan',
    lastName: options.lastName ?? 'Rivers',
  });
  expect(res.status).toBe(201);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, registered));
  await t.db
    .update(users)
    .set({
      email,
      role: options.role ?? 'player',
      dateOfBirth: options.dateOfBirth === undefined ? bornYearsAgo(30) : options.dateOfBirth,
    })
    .where(eq(users.id, row!.id));
  return { agent, id: row!.id, email };
}

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const sign = (agent: TestAgent, fields: Record<string, unknown> = {}) => agent.post('/api/waivers', adultBody(fields));

async function expectRefusal(res: Response, status: number, message: string) {
  expect(await body<{ message: string }>(res, status)).toMatchObject({ message });
}

const waiverRowsOf = (userId: string) => t.db.select().from(waivers).where(eq(waivers.userId, userId));
const dobOf = async (userId: string) =>
  (await t.db.select({ d: users.dateOfBirth }).from(users).where(eq(users.id, userId)))[0]!.d;

describe('GET /api/waivers/status', () => {
  it('is 401 when signed out', async () => {
    expect((await t.request('/api/waivers/status')).status).toBe(401);
  });

  it('says unsigned before and signed (with the receipt time) after signing the current version', async () => {
    const { agent } = await signUp({ dateOfBirth: '1990-04-02' });
    expect(await body<WaiverStatus>(await agent.get('/api/waivers/status'), 200)).toEqual({
      hasSigned: false,
      textVersion: WAIVER_TEXT_VERSION,
      signedAt: null,
      dateOfBirth: '1990-04-02',
    });
    await body<SignedWaiver>(await sign(agent), 201);
    t.advance(DAY);
    expect(await body<WaiverStatus>(await agent.get('/api/waivers/status'), 200)).toEqual({
      hasSigned: true,
      textVersion: WAIVER_TEXT_VERSION,
      signedAt: NOW.toISOString(),
      dateOfBirth: '1990-04-02',
    });
  });

  it('reports a missing date of birth as null so the form asks for it (D7)', async () => {
    const { agent } = await signUp({ dateOfBirth: null });
    expect((await body<WaiverStatus>(await agent.get('/api/waivers/status'), 200)).dateOfBirth).toBeNull();
  });
});

describe('POST /api/waivers: who may sign', () => {
  it('is 401 when signed out', async () => {
    const res = await t.agent().post('/api/waivers', adultBody());
    await expectRefusal(res, 401, 'Unauthorized');
  });

  it('refuses fans with 403, even before looking at the form', async () => {
    const { agent, id } = await signUp({ role: 'fan' });
    await expectRefusal(
      await sign(agent),
      403,
      'Only players and team owners sign the waiver. Register as a Player or Team Owner to sign it.',
    );
    await expectRefusal(
      await agent.post('/api/waivers', {}),
      403,
      'Only players and team owners sign the waiver. Register as a Player or Team Owner to sign it.',
    );
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it('lets team owners sign', async () => {
    const { agent } = await signUp({ role: 'owner' });
    await body<SignedWaiver>(await sign(agent), 201);
  });

  it('answers 400 with the field message when the form is incomplete', async () => {
    const { agent } = await signUp();
    await expectRefusal(await sign(agent, { agreed: false }), 400, 'You must agree to the waiver terms');
    await expectRefusal(await sign(agent, { emergencyContactPhone: '' }), 400, 'Emergency contact phone is required');
    await expectRefusal(await sign(agent, { signatureData: '' }), 400, 'Please sign the waiver');
  });
});

describe('POST /api/waivers: date of birth and age (D7)', () => {
  it('requires a date of birth when the profile has none', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await expectRefusal(await sign(agent), 400, 'Date of birth is required');
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it.each([
    ['an impossible date', '2001-02-30', 'Date of birth must be a real date in the past'],
    ['a future date', '2027-01-01', 'Date of birth must be a real date in the past'],
    ['an age over 120 (a typo for 1990)', '1890-01-01', 'Date of birth must be within the last 120 years'],
  ])('refuses %s', async (_label, dateOfBirth, message) => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await expectRefusal(await sign(agent, { dateOfBirth }), 400, message);
    expect(await dobOf(id)).toBeNull();
  });

  it('saves the submitted date of birth on the user together with the waiver', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await body<SignedWaiver>(await sign(agent, { dateOfBirth: '1995-06-30' }), 201);
    expect(await dobOf(id)).toBe('1995-06-30');
    const [row] = await waiverRowsOf(id);
    expect(row!.dateOfBirth).toBe('1995-06-30');
    expect((await body<WaiverStatus>(await agent.get('/api/waivers/status'), 200)).dateOfBirth).toBe('1995-06-30');
  });

  it('keeps the stored date of birth: a 15-year-old cannot become an adult by typing another date', async () => {
    const { agent, id } = await signUp({ dateOfBirth: bornYearsAgo(15) });
    await expectRefusal(
      await sign(agent, { dateOfBirth: '1990-01-01' }),
      400,
      'Parent/guardian name, e-mail and signature are required for players under 18',
    );
    expect(await dobOf(id)).toBe(bornYearsAgo(15));
  });

  it('refuses a 12-year-old with 403 and does not save the date of birth', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await expectRefusal(
      await sign(agent, { dateOfBirth: bornYearsAgo(12), ...guardian }),
      403,
      'You must be at least 13 years old to sign the waiver',
    );
    expect(await dobOf(id)).toBeNull();
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it('counts age by the injected clock: the day before the 13th birthday is refused, the birthday is accepted', async () => {
    const { agent } = await signUp({ dateOfBirth: '2013-11-22' });
    await expectRefusal(await sign(agent, guardian), 403, 'You must be at least 13 years old to sign the waiver');
    t.advance(DAY);
    await body<SignedWaiver>(await sign(agent, guardian), 201);
  });

  it.each([
    ['name', { parentGuardianName: undefined }],
    ['e-mail', { parentGuardianEmail: undefined }],
    ['signature', { parentGuardianSignature: undefined }],
  ])('refuses a 15-year-old without the guardian %s and saves nothing', async (_label, missing) => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await expectRefusal(
      await sign(agent, { dateOfBirth: bornYearsAgo(15), ...guardian, ...missing }),
      400,
      'Parent/guardian name, e-mail and signature are required for players under 18',
    );
    expect(await dobOf(id)).toBeNull();
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it('stores a 15-year-old waiver with the guardian name, e-mail (lower-cased) and signature', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    await body<SignedWaiver>(await sign(agent, { dateOfBirth: bornYearsAgo(15), ...guardian }), 201);
    const [row] = await waiverRowsOf(id);
    expect(row).toMatchObject({
      dateOfBirth: bornYearsAgo(15),
      parentGuardianName: 'Pat Rivers',
      parentGuardianEmail: 'pat.rivers@example.test',
      parentGuardianSignature: GUARDIAN_SIGNATURE,
    });
    expect(await dobOf(id)).toBe(bornYearsAgo(15));
  });

  it('does not store guardian fields an adult sent', async () => {
    const { agent, id } = await signUp();
    await body<SignedWaiver>(await sign(agent, guardian), 201);
    const [row] = await waiverRowsOf(id);
    expect(row).toMatchObject({ parentGuardianName: null, parentGuardianEmail: null, parentGuardianSignature: null });
  });
});

describe('POST /api/waivers: signature images', () => {
  it('refuses data that is not a PNG', async () => {
    const { agent } = await signUp();
    const jpeg = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]).toString('base64')}`;
    await expectRefusal(await sign(agent, { signatureData: jpeg }), 400, 'Signature must be a PNG image');
    const truncated = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64')}`;
    await expectRefusal(await sign(agent, { signatureData: truncated }), 400, 'Signature must be a PNG image');
  });

  it('refuses an oversized image', async () => {
    const { agent } = await signUp();
    await expectRefusal(
      await sign(agent, { signatureData: pngDataUrl(4000, 200) }),
      400,
      'Signature image must be at most 2000x1000 pixels',
    );
  });

  it("checks a minor's guardian signature too", async () => {
    const { agent } = await signUp({ dateOfBirth: bornYearsAgo(15) });
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-really').toString('base64')}`;
    await expectRefusal(
      await sign(agent, { ...guardian, parentGuardianSignature: notPng }),
      400,
      'Parent/guardian signature must be a PNG image',
    );
  });
});

describe('POST /api/waivers: the stored record (D8)', () => {
  it('stores every field, the receipt and device times, IP, device info and a hash that recomputes', async () => {
    const { agent, id } = await signUp({ dateOfBirth: '1992-03-04' });
    const deviceInfo = JSON.stringify({ screen: '1920x1080', viewport: '1280x720', platform: 'MacIntel', language: 'en-US', timezone: 'UTC' });
    const signed = await body<SignedWaiver>(await sign(agent, { deviceInfo, signerName: '  Jordan Q. Rivers ' }), 201);
    expect(signed).toMatchObject({ type: 'liability', textVersion: WAIVER_TEXT_VERSION, receivedAt: NOW.toISOString() });
    const [row] = await waiverRowsOf(id);
    expect(row).toEqual({
      id: signed.id,
      userId: id,
      type: 'liability',
      textVersion: WAIVER_TEXT_VERSION,
      signerName: 'Jordan Q. Rivers',
      dateOfBirth: '1992-03-04',
      signatureData: SIGNATURE,
      emergencyContactName: 'Sam Rivers',
      emergencyContactPhone: '(404) 555-0199',
      parentGuardianName: null,
      parentGuardianEmail: null,
      parentGuardianSignature: null,
      ipAddress: agent.ip,
      deviceInfo,
      deviceSignedAt: new Date(NOW.getTime() - 1500),
      receivedAt: NOW,
      contentHash: signed.contentHash,
    });
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(storedWaiverHash(row!)).toBe(row!.contentHash);
    // Any change to any field gives another hash: tampering is detectable.
    const { id: _id, contentHash: _hash, ...record } = row!;
    expect(waiverContentHash({ ...record, emergencyContactPhone: '(404) 555-0100' })).not.toBe(row!.contentHash);
  });

  it('refuses a second signature of the same version with 409 and leaves the first unchanged', async () => {
    const { agent, id } = await signUp();
    const first = await body<SignedWaiver>(await sign(agent), 201);
    const [before] = await waiverRowsOf(id);
    t.advance(DAY);
    await expectRefusal(
      await sign(agent, { emergencyContactName: 'Somebody Else', signatureData: pngDataUrl(300, 100) }),
      409,
      'You have already signed this waiver',
    );
    const rows = await waiverRowsOf(id);
    expect(rows).toEqual([before]);
    expect(rows[0]!.contentHash).toBe(first.contentHash);
    expect(rows[0]!.emergencyContactName).toBe('Sam Rivers');
  });

  it('lets exactly one of 5 simultaneous submissions through; the rest hear 409', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sign(agent, { dateOfBirth: '1990-01-0' + String(i + 1) })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(await res.json()).toEqual({ message: 'You have already signed this waiver' });
    }
    const rows = await waiverRowsOf(id);
    expect(rows).toHaveLength(1);
    // The date saved on the user is the one of the waiver that won.
    expect(await dobOf(id)).toBe(rows[0]!.dateOfBirth);
  });

  it('cannot be updated or deleted, even with SQL', async () => {
    const { agent, id } = await signUp();
    await body<SignedWaiver>(await sign(agent), 201);
    await expect(
      t.client.execute({ sql: 'UPDATE waivers SET emergency_contact_name = ? WHERE user_id = ?', args: ['X', id] }),
    ).rejects.toThrow('Signed waivers are legal records and cannot be changed');
    await expect(t.client.execute({ sql: 'DELETE FROM waivers WHERE user_id = ?', args: [id] })).rejects.toThrow(
      'Signed waivers are legal records and cannot be changed',
    );
    await expect(t.db.update(waivers).set({ signerName: 'X' }).where(eq(waivers.userId, id))).rejects.toThrow();
    const [row] = await waiverRowsOf(id);
    expect(row!.emergencyContactName).toBe('Sam Rivers');
    expect(storedWaiverHash(row!)).toBe(row!.contentHash);
  });

  it('keeps the user who signed: deleting them is refused by the foreign key', async () => {
    const { agent, id } = await signUp();
    await body<SignedWaiver>(await sign(agent), 201);
    await expect(t.client.execute({ sql: 'DELETE FROM users WHERE id = ?', args: [id] })).rejects.toThrow(/FOREIGN KEY/);
    expect(await waiverRowsOf(id)).toHaveLength(1);
  });
});

describe('POST /api/waivers through the offline outbox (Idempotency-Key, D8, D16)', () => {
  const HOUR = 60 * 60 * 1000;
  const signWithKey = (agent: TestAgent, key: string, fields: Record<string, unknown> = {}) =>
    agent.post('/api/waivers', adultBody(fields), { headers: { 'Idempotency-Key': key } });

  it('answers a replay with the original 201 body, not 409, and stores one waiver', async () => {
    const { agent, id } = await signUp();
    const key = crypto.randomUUID();
    const queued = adultBody();
    const send = () => agent.post('/api/waivers', queued, { headers: { 'Idempotency-Key': key } });
    const first = await send();
    const original = await body<SignedWaiver>(first, 201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    // The response was lost; the outbox sends the same request again an hour later.
    t.advance(HOUR);
    const replay = await send();
    expect(await body<SignedWaiver>(replay, 201)).toEqual(original);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const rows = await waiverRowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.receivedAt).toEqual(NOW);
    // A new key (a second, different submission) still hears 'already signed'.
    await expectRefusal(await signWithKey(agent, crypto.randomUUID()), 409, 'You have already signed this waiver');
    await expectRefusal(await sign(agent), 409, 'You have already signed this waiver');
  });

  it('stores one waiver when the same submission arrives twice at once', async () => {
    const { agent, id } = await signUp();
    const key = 'waiver-race-0001';
    const [a, b] = await Promise.all([signWithKey(agent, key), signWithKey(agent, key)]);
    const answers = [await body<SignedWaiver>(a, 201), await body<SignedWaiver>(b, 201)];
    expect(answers[1]).toEqual(answers[0]);
    expect([a, b].map((r) => r.headers.get('Idempotent-Replayed')).sort()).toEqual([null, 'true']);
    expect(await waiverRowsOf(id)).toHaveLength(1);
  });

  it('refuses a key already used for a message with 409 and stores nothing', async () => {
    const { agent, id } = await signUp();
    const other = await signUp();
    const key = 'used-for-message';
    const sent = await agent.post(
      '/api/messages/send',
      { recipientId: other.id, content: 'hi', type: 'general' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect(sent.status).toBe(201);
    await expectRefusal(await signWithKey(agent, key), 409, 'This Idempotency-Key was already used for another request');
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it('does not record a refusal: the corrected waiver with the same key is stored', async () => {
    const { agent, id } = await signUp({ dateOfBirth: null });
    const key = 'waiver-fix-0001';
    await expectRefusal(await signWithKey(agent, key), 400, 'Date of birth is required');
    await body<SignedWaiver>(await signWithKey(agent, key, { dateOfBirth: '1994-05-06' }), 201);
    expect(await waiverRowsOf(id)).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const { agent, id } = await signUp();
    await expectRefusal(await signWithKey(agent, 'short'), 400, 'Idempotency-Key must be 8 to 64 letters, digits, - or _');
    expect(await waiverRowsOf(id)).toHaveLength(0);
  });

  it('keeps both times of a waiver signed offline 3 hours before it reached the server', async () => {
    const { agent, id } = await signUp();
    const signedOnDevice = new Date(NOW.getTime() - 3 * HOUR);
    const signed = await body<SignedWaiver>(
      await signWithKey(agent, 'offline-3h-ago', { deviceSignedAt: signedOnDevice.toISOString() }),
      201,
    );
    expect(signed.receivedAt).toBe(NOW.toISOString());
    const [row] = await waiverRowsOf(id);
    expect(row).toMatchObject({ deviceSignedAt: signedOnDevice, receivedAt: NOW, contentHash: signed.contentHash });
    expect(storedWaiverHash(row!)).toBe(row!.contentHash);
  });

  it('accepts a device time up to 7 days old and up to 5 minutes ahead; refuses beyond', async () => {
    const cases: [number, number | string][] = [
      [5 * 60 * 1000 + 1000, 'Device time is in the future'],
      [HOUR, 'Device time is in the future'],
      [-(7 * DAY + 60_000), 'Device time is more than 7 days in the past'],
      [4 * 60 * 1000, 201],
      [-(7 * DAY - 60_000), 201],
    ];
    for (const [offset, expected] of cases) {
      const { agent, id } = await signUp();
      const deviceSignedAt = new Date(NOW.getTime() + offset).toISOString();
      const res = await sign(agent, { deviceSignedAt });
      if (expected === 201) {
        await body<SignedWaiver>(res, 201);
        expect((await waiverRowsOf(id))[0]!.deviceSignedAt).toEqual(new Date(deviceSignedAt));
      } else {
        await expectRefusal(res, 400, expected as string);
        expect(await waiverRowsOf(id)).toHaveLength(0);
      }
    }
  });
});

describe('GET /api/waivers/admin/all (D6)', () => {
  it('is 401 signed out, 403 for a player and for an admin on a foreign domain, 200 for league admins', async () => {
    await expectRefusal(await t.request('/api/waivers/admin/all'), 401, 'Unauthorized');
    const player = await signUp();
    expect((await player.agent.get('/api/waivers/admin/all')).status).toBe(403);
    const foreign = await signUp({ role: 'admin', email: 'admin@other-league.example' });
    expect((await foreign.agent.get('/api/waivers/admin/all')).status).toBe(403);
    const foreignSuper = await signUp({ role: 'super_admin', email: 'boss@other-league.example' });
    expect((await foreignSuper.agent.get('/api/waivers/admin/all')).status).toBe(403);
    const admin = await signUp({ role: 'admin', email: uniqueEmail('admin').replace(/@.*/, '@WTA.local') });
    expect((await admin.agent.get('/api/waivers/admin/all')).status).toBe(200);
    const superAdmin = await signUp({ role: 'super_admin', email: uniqueEmail('super').replace(/@.*/, '@wta.local') });
    expect((await superAdmin.agent.get('/api/waivers/admin/all')).status).toBe(200);
  });

  it('lists newest first and filters by search, range and type; search escapes % and _', async () => {
    const admin = await signUp({ role: 'admin', email: 'log-admin@wta.local' });
    const signAt = async (at: number, who: Parameters<typeof signUp>[0]) => {
      t.setNow(NOW.getTime() + at);
      const u = await signUp(who);
      await body<SignedWaiver>(await sign(u.agent, { signerName: `${who?.firstName} ${who?.lastName}` }), 201);
      return u;
    };
    // Receipt times relative to NOW (12:00 UTC): 2 h ago (today), 2 days, 20 days, 200 days, 400 days ago.
    const alice = await signAt(-2 * 60 * 60 * 1000, { firstName: 'Alice', lastName: 'Moreno', email: 'alice.m@example.test' });
    const bob = await signAt(-2 * DAY, { firstName: 'Bob', lastName: 'Okafor', email: 'bob_o@example.test' });
    const carol = await signAt(-20 * DAY, { firstName: 'Carol', lastName: 'Diaz', email: 'carol100%@example.test' });
    const dan = await signAt(-200 * DAY, { firstName: 'Dan', lastName: 'Moreno', email: 'dan@example.test' });
    const eve = await signAt(-400 * DAY, { firstName: 'Eve', lastName: 'Stone', email: 'eve@example.test' });
    t.setNow(NOW);

    const log = async (query = '') =>
      (await body<WaiverLogEntry[]>(await admin.agent.get(`/api/waivers/admin/all${query}`), 200)).map((e) => e.user.id);

    expect(await log()).toEqual([alice.id, bob.id, carol.id, dan.id, eve.id]);
    expect(await log('?range=all')).toEqual([alice.id, bob.id, carol.id, dan.id, eve.id]);
    expect(await log('?range=today')).toEqual([alice.id]);
    expect(await log('?range=week')).toEqual([alice.id, bob.id]);
    expect(await log('?range=month')).toEqual([alice.id, bob.id, carol.id]);
    expect(await log('?range=year')).toEqual([alice.id, bob.id, carol.id, dan.id]);
    expect(await log('?type=liability')).toHaveLength(5);
    expect(await log('?type=all')).toHaveLength(5);
    expect(await log('?type=media_release')).toEqual([]);

    expect(await log('?search=moreno')).toEqual([alice.id, dan.id]);
    expect(await log('?search=ALICE')).toEqual([alice.id]);
    expect(await log(`?search=${encodeURIComponent('Dan Moreno')}`)).toEqual([dan.id]);
    expect(await log('?search=bob_o%40')).toEqual([bob.id]);
    expect(await log('?search=moreno&range=month')).toEqual([alice.id]);
    // Wildcards are literal: '%' finds only the e-mail with a percent sign, '_' only the one with an underscore.
    expect(await log(`?search=${encodeURIComponent('%')}`)).toEqual([carol.id]);
    expect(await log(`?search=${encodeURIComponent('_')}`)).toEqual([bob.id]);
    expect(await log('?search=nobody')).toEqual([]);
  });

  it('returns the whole record of each waiver, with the user', async () => {
    const admin = await signUp({ role: 'super_admin', email: 'entry-admin@wta.local' });
    const minor = await signUp({ dateOfBirth: bornYearsAgo(16), firstName: 'Kim', lastName: 'Young' });
    const signed = await body<SignedWaiver>(await sign(minor.agent, { ...guardian, signerName: 'Kim Young' }), 201);
    const [entry] = await body<WaiverLogEntry[]>(await admin.agent.get('/api/waivers/admin/all'), 200);
    expect(entry).toEqual({
      user: { id: minor.id, firstName: 'Kim', lastName: 'Young', email: minor.email, dateOfBirth: bornYearsAgo(16) },
      waiver: {
        id: signed.id,
        type: 'liability',
        textVersion: WAIVER_TEXT_VERSION,
        signerName: 'Kim Young',
        createdAt: NOW.toISOString(),
        deviceSignedAt: new Date(NOW.getTime() - 1500).toISOString(),
        ipAddress: minor.agent.ip,
        emergencyContactName: 'Sam Rivers',
        emergencyContactPhone: '(404) 555-0199',
        parentGuardianName: 'Pat Rivers',
        parentGuardianEmail: 'pat.rivers@example.test',
        parentGuardianSignature: GUARDIAN_SIGNATURE,
        signatureData: SIGNATURE,
        deviceInfo: adultBody().deviceInfo,
        contentHash: signed.contentHash,
      },
    });
  });

  it('answers 400 for bad filter values', async () => {
    const admin = await signUp({ role: 'admin', email: 'filter-admin@wta.local' });
    await expectRefusal(
      await admin.agent.get('/api/waivers/admin/all?range=decade'),
      400,
      'Range must be all, today, week, month or year',
    );
    await expectRefusal(
      await admin.agent.get('/api/waivers/admin/all?type=nda'),
      400,
      'Type must be all, liability, media_release or code_of_conduct',
    );
  });
});
