import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { verificationApplications } from '../../../db/schema/verification.ts';
import { createTestApp, uniqueEmail, type TestApp, type TestMember } from '../../test/app.ts';
import { encodeQueueCursor } from './cursor.ts';
import { VERIFICATION_MESSAGES as M, type MyApplication, type PendingApplication } from './schema.ts';
import { pendingQueueStatement } from './service.ts';

// Verification (001 s2-s9, D6, D11, D15, D24): members apply with the four fields; admins of the league domain read
// the pending queue and approve (the badge) or reject with a reason the applicant sees; one pending application each.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const REASON = 'I have run community leagues for six years and want to host sanctioned WTA events here.';
const ACHIEVEMENTS = 'Two-time city 1v1 champion, 40 tournaments played.';
const form = { applicationReason: REASON, achievements: ACHIEVEMENTS, socialMedia: '@hooper', teamAffiliations: '' };

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A member holding `role` with an e-mail at `domain` (the league's is wta.local in tests). */
async function adminOf(role: 'admin' | 'super_admin' = 'admin', domain = 'wta.local'): Promise<TestMember> {
  const member = await t.member({ email: uniqueEmail('admin').replace('example.test', domain) });
  await t.db.update(users).set({ role }).where(eq(users.id, member.id));
  return member;
}

const apply = (m: TestMember, body: unknown = form) => m.agent.post('/api/verification/apply', body);
const approve = (m: TestMember, id: number | string) => m.agent.patch(`/api/verification/${id}/approve`);
const reject = (m: TestMember, id: number | string, body: unknown) =>
  m.agent.patch(`/api/verification/${id}/reject`, body);

async function snapshot() {
  return {
    applications: await t.db.select().from(verificationApplications).orderBy(asc(verificationApplications.id)),
    users: await t.db
      .select({ id: users.id, isVerified: users.isVerified, role: users.role })
      .from(users)
      .orderBy(asc(users.id)),
    notifications: await t.db.select().from(notifications),
    audit: await t.db.select().from(auditLog),
  };
}

describe('POST /api/verification/apply', () => {
  it('stores a pending application typed by the role, and the applicant reads it back', async () => {
    const owner = await t.member({ role: 'owner' });
    // 001 s2: the type follows the role; what the form sends is not trusted.
    const sent = await json<MyApplication>(await apply(owner, { ...form, type: 'player' }), 201);
    expect(sent).toEqual({
      id: expect.any(Number),
      type: 'owner',
      status: 'pending',
      reason: null,
      applicationReason: REASON,
      achievements: ACHIEVEMENTS,
      socialMedia: '@hooper',
      teamAffiliations: null,
      createdAt: NOW.toISOString(),
      decidedAt: null,
    });
    expect(await json<MyApplication[]>(await owner.agent.get('/api/verification/applications'))).toEqual([sent]);
    const player = await t.member({ role: 'player' });
    expect((await json<MyApplication>(await apply(player, { ...form, type: 'owner' }), 201)).type).toBe('player');
    const fan = await t.member({ role: 'fan' });
    expect((await json<MyApplication>(await apply(fan), 201)).type).toBe('player');
  });

  it.each([
    [{ ...form, applicationReason: undefined }, M.applicationReason],
    [{ ...form, applicationReason: 'x'.repeat(49) }, M.applicationReason],
    // Trimmed first: 49 characters padded with spaces are still 49.
    [{ ...form, applicationReason: `  ${'x'.repeat(49)}   ` }, M.applicationReason],
    [{ ...form, applicationReason: 12 }, M.applicationReason],
    [{ ...form, applicationReason: 'x'.repeat(2001) }, M.applicationReasonTooLong],
    [{ ...form, achievements: undefined }, M.achievements],
    [{ ...form, achievements: 'x'.repeat(29) }, M.achievements],
    [{ ...form, achievements: 'x'.repeat(2001) }, M.achievementsTooLong],
    [{ ...form, socialMedia: 'x'.repeat(501) }, M.socialMediaTooLong],
    [{ ...form, socialMedia: 5 }, M.socialMediaTooLong],
    [{ ...form, teamAffiliations: 'x'.repeat(501) }, M.teamAffiliationsTooLong],
  ])('refuses bad input #%# and stores nothing', async (body, message) => {
    const player = await t.member();
    const before = await snapshot();
    const res = await apply(player, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('takes exactly 50 and 30 characters, and blank optional fields as none', async () => {
    const player = await t.member();
    const sent = await json<MyApplication>(
      await apply(player, { applicationReason: 'x'.repeat(50), achievements: 'y'.repeat(30), socialMedia: '   ' }),
      201,
    );
    expect(sent).toMatchObject({ socialMedia: null, teamAffiliations: null });
  });

  it('allows one pending application per member, also when several are sent at once', async () => {
    const player = await t.member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(player)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await json(answers.find((r) => r.status === 409)!, 409)).toEqual({ message: M.alreadyPending });
    expect(await t.db.select().from(verificationApplications)).toHaveLength(1);
    expect(await json(await apply(player), 409)).toEqual({ message: M.alreadyPending });
    // The database holds the rule whatever the code path.
    await expect(
      t.db.insert(verificationApplications).values({
        userId: player.id,
        type: 'player',
        applicationReason: REASON,
        achievements: ACHIEVEMENTS,
        createdAt: NOW,
      }),
    ).rejects.toThrow();
  });

  it('refuses guests (401) and verified members (409)', async () => {
    const before = await snapshot();
    expect(
      await json(
        await t.request('/api/verification/apply', {
          method: 'POST',
          body: JSON.stringify(form),
          headers: { 'content-type': 'application/json' },
        }),
        401,
      ),
    ).toEqual({ message: 'Unauthorized' });
    expect(await json(await t.request('/api/verification/applications'), 401)).toEqual({ message: 'Unauthorized' });
    expect(await snapshot()).toEqual(before);
    const verified = await t.member();
    await t.db.update(users).set({ isVerified: true }).where(eq(users.id, verified.id));
    expect(await json(await apply(verified), 409)).toEqual({ message: M.alreadyVerified });
    expect(await t.db.select().from(verificationApplications)).toHaveLength(0);
  });

  it('shows members only their own applications', async () => {
    const a = await t.member();
    const b = await t.member();
    await json(await apply(a), 201);
    expect(await json(await b.agent.get('/api/verification/applications'))).toEqual([]);
  });
});

describe('the admin calls refuse everyone but league admins (D6), and change nothing', () => {
  it('answers 401 to guests and 403 to members and to an admin off the league domain', async () => {
    const applicant = await t.member();
    const { id } = await json<MyApplication>(await apply(applicant), 201);
    const player = await t.member();
    const foreign = await adminOf('super_admin', 'other-league.example');
    const before = await snapshot();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/verification/admin/applications', undefined],
      ['PATCH', `/api/verification/${id}/approve`, undefined],
      ['PATCH', `/api/verification/${id}/reject`, { reason: 'No' }],
      // The refusal comes before the body is read: a bad body is still a 403.
      ['PATCH', `/api/verification/${id}/reject`, {}],
    ];
    for (const [method, path, body] of calls) {
      const init = {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      };
      expect((await t.request(path, init)).status, `guest ${method} ${path}`).toBe(401);
      expect((await player.agent.request(path, init)).status, `player ${method} ${path}`).toBe(403);
      // The applicant cannot decide their own either.
      expect((await applicant.agent.request(path, init)).status, `applicant ${method} ${path}`).toBe(403);
      expect((await foreign.agent.request(path, init)).status, `foreign ${method} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the admin queue', () => {
  it('lists pending applications oldest first with the applicant, paged by cursor', async () => {
    const admin = await adminOf();
    const sent: MyApplication[] = [];
    for (let i = 0; i < 5; i += 1) {
      const m = await t.member({ firstName: `Ap${i}`, lastName: 'Plicant' });
      sent.push(await json<MyApplication>(await apply(m), 201));
      t.advance(i % 2 === 0 ? 0 : 1000); // ties on createdAt are broken by id
    }
    // A decided application leaves the queue.
    await json(await reject(admin, sent[1]!.id, { reason: 'Too new' }));
    const seen: PendingApplication[] = [];
    let url: string | null = '/api/verification/admin/applications?limit=2';
    while (url) {
      const res: Response = await admin.agent.get(url);
      seen.push(...(await json<PendingApplication[]>(res)));
      const next = res.headers.get('X-Next-Cursor');
      url = next ? `/api/verification/admin/applications?limit=2&cursor=${next}` : null;
    }
    expect(seen.map((a) => a.id)).toEqual([sent[0]!.id, sent[2]!.id, sent[3]!.id, sent[4]!.id]);
    expect(seen[0]).toMatchObject({
      status: 'pending',
      applicationReason: REASON,
      user: { firstName: 'Ap0', lastName: 'Plicant', email: expect.stringContaining('@'), profileImageUrl: null },
    });
  });

  it('refuses a cursor or limit it did not write', async () => {
    const admin = await adminOf();
    for (const query of ['?cursor=nope!', `?cursor=${btoa('1.x')}`, '?limit=0', '?limit=101', '?limit=a']) {
      expect((await admin.agent.get(`/api/verification/admin/applications${query}`)).status, query).toBe(400);
    }
  });

  it('reads the queue from its partial index: no scan, no sort', async () => {
    for (const cursor of [undefined, { createdAt: NOW, id: 7 }]) {
      const { sql, params } = pendingQueueStatement(t.db, { cursor, limit: 20 }).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
      const plan = rows.map((r) => String(r.detail)).join('\n');
      expect(plan).toMatch(
        /SEARCH verification_applications USING INDEX verification_applications_queue_idx|SCAN verification_applications USING INDEX verification_applications_queue_idx/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
    }
    expect(encodeQueueCursor({ createdAt: NOW, id: 7 })).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('deciding', () => {
  it('approval sets the badge, notifies the applicant and writes the audit log; a second decision is a 409', async () => {
    const admin = await adminOf();
    const player = await t.member();
    const { id } = await json<MyApplication>(await apply(player), 201);
    t.advance(60_000);
    const decided = await json<MyApplication>(await approve(admin, id));
    expect(decided).toMatchObject({ id, status: 'approved', reason: null, decidedAt: t.now().toISOString() });
    const [member] = await t.db.select().from(users).where(eq(users.id, player.id));
    expect(member!.isVerified).toBe(true);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, player.id))).toEqual([
      expect.objectContaining({
        kind: 'verification_decided',
        title: 'Verification approved',
        link: '/verified-dashboard',
      }),
    ]);
    expect(await t.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'verification.approve',
        targetType: 'verification_application',
        targetId: String(id),
        before: JSON.stringify({ status: 'pending', userId: player.id, isVerified: false }),
        after: JSON.stringify({ status: 'approved', userId: player.id, isVerified: true }),
      }),
    ]);
    const before = await snapshot();
    expect(await json(await approve(admin, id), 409)).toEqual({ message: M.alreadyDecided });
    expect(await json(await reject(admin, id, { reason: 'Changed my mind' }), 409)).toEqual({
      message: M.alreadyDecided,
    });
    expect(await snapshot()).toEqual(before);
    // Verified now: no new application.
    expect(await json(await apply(player), 409)).toEqual({ message: M.alreadyVerified });
  });

  it('rejection needs a reason, stores it for the applicant, notifies them, and lets them apply again', async () => {
    const admin = await adminOf('super_admin');
    const player = await t.member();
    const { id } = await json<MyApplication>(await apply(player), 201);
    const before = await snapshot();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 4 }]) {
      expect(await json(await reject(admin, id, body), 400)).toMatchObject({ message: M.rejectionReason });
    }
    expect(await json(await reject(admin, id, { reason: 'x'.repeat(501) }), 400)).toMatchObject({
      message: M.rejectionReasonTooLong,
    });
    expect(await snapshot()).toEqual(before);

    const decided = await json<MyApplication>(await reject(admin, id, { reason: '  Add links to your results.  ' }));
    expect(decided).toMatchObject({ status: 'rejected', reason: 'Add links to your results.' });
    expect(await json<MyApplication[]>(await player.agent.get('/api/verification/applications'))).toEqual([decided]);
    const [member] = await t.db.select().from(users).where(eq(users.id, player.id));
    expect(member!.isVerified).toBe(false);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, player.id))).toEqual([
      expect.objectContaining({
        title: 'Verification rejected',
        body: 'Your verification application was not approved. Reason: Add links to your results.',
        link: '/apply-verified',
      }),
    ]);
    expect(await t.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        action: 'verification.reject',
        before: JSON.stringify({ status: 'pending', userId: player.id }),
        after: JSON.stringify({ status: 'rejected', userId: player.id, reason: 'Add links to your results.' }),
      }),
    ]);

    t.advance(1000);
    const again = await json<MyApplication>(await apply(player), 201);
    const mine = await json<MyApplication[]>(await player.agent.get('/api/verification/applications'));
    expect(mine.map((a) => [a.id, a.status])).toEqual([
      [again.id, 'pending'],
      [id, 'rejected'],
    ]);
    await json(await approve(admin, again.id));
  });

  it('decides once when two admins press Approve and Reject at the same moment', async () => {
    const a = await adminOf();
    const b = await adminOf('super_admin');
    const player = await t.member();
    const { id } = await json<MyApplication>(await apply(player), 201);
    const answers = await Promise.all([approve(a, id), reject(b, id, { reason: 'No' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, player.id))).toHaveLength(1);
    expect(await t.db.select().from(auditLog)).toHaveLength(1);
  });

  it('answers 404 for an application that does not exist', async () => {
    const admin = await adminOf();
    for (const id of ['999', 'abc', '0', '1.5']) {
      expect(await json(await approve(admin, id), 404), id).toEqual({ message: M.notFound });
    }
    expect(await json(await reject(admin, 999, { reason: 'No' }), 404)).toEqual({ message: M.notFound });
  });
});
