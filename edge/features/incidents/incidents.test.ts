import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { incidents, memberStandings } from '../../../db/schema/incidents.ts';
import { messages, notifications } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { APPEAL_PASS_COOKIE, APPEAL_PASS_LIFETIME_MS } from '../../lib/appeal-pass.ts';
import { BANNED_MESSAGE } from '../../lib/standing.ts';
import { createTestApp, uniqueEmail, type TestAgent, type TestApp } from '../../test/app.ts';
import { INCIDENT_MESSAGES as M, REPORTS_PER_DAY, type AdminIncidentPage, type MyDecision } from './schema.ts';
import { incidentListQuery, searchMembersStatement } from './service.ts';

// The Incidents tab and the member's side (D24, D27, the Code of Conduct's 7-day appeal): who may call what, one
// decision and one appeal under concurrency, the audit log and the notifications every decision writes.
// One app for the file: members are registered once (hashing is the slow part) and each test makes its own incidents.

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let boss: TestAgent;
let bossId: string;
let foreignAdmin: TestAgent;
let pat: { agent: TestAgent; id: string };
let sam: { agent: TestAgent; id: string };

async function signedIn(role: 'player' | 'admin' | 'super_admin', domain = 'example.test') {
  const agent = t.agent();
  const email = uniqueEmail(role).replace('example.test', domain);
  const res = await agent.register({ email, firstName: role === 'player' ? 'Pat' : 'Boss' });
  const { id } = (await res.json()) as { id: string };
  if (role !== 'player') await t.db.update(users).set({ role }).where(eq(users.id, id));
  return { agent, id };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  ({ agent: boss, id: bossId } = await signedIn('admin', 'wta.local'));
  ({ agent: foreignAdmin } = await signedIn('admin', 'other-league.example'));
  pat = await signedIn('player');
  sam = await signedIn('player');
}, 120_000);
afterAll(() => t.cleanup());

const json = async <T>(res: Response) => (await res.json()) as T;

async function snapshot() {
  return {
    incidents: await t.db.select().from(incidents).orderBy(asc(incidents.id)),
    standings: await t.db.select().from(memberStandings),
    audit: await t.db.select().from(auditLog),
    notifications: await t.db.select().from(notifications),
  };
}

async function newIncident(memberId = pat.id, description = 'Pushed an opponent after the whistle.') {
  const res = await boss.post('/api/admin/incidents', { memberId, description });
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}

describe('who may call what (D6)', () => {
  it('refuses guests (401), members and the foreign-domain admin (403) on every admin call; nothing changes', async () => {
    const id = await newIncident();
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/incidents'],
      ['POST', '/api/admin/incidents', { memberId: pat.id, description: 'x' }],
      ['POST', `/api/admin/incidents/${id}/decide`, { consequence: 'ban', note: 'x' }],
      ['POST', `/api/admin/incidents/${id}/appeal`, { outcome: 'overturned', response: 'x' }],
      ['GET', '/api/admin/members/search?q=pat'],
      ['GET', `/api/admin/members/${pat.id}/standing`],
      ['POST', `/api/admin/members/${pat.id}/suspend`, { days: 3, reason: 'x' }],
      ['POST', `/api/admin/members/${pat.id}/ban`, { reason: 'x' }],
      ['POST', `/api/admin/members/${pat.id}/lift`, { reason: 'x' }],
    ];
    const send = (agent: TestAgent | null, [method, path, body]: (typeof calls)[number]) => {
      const init = {
        method,
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      };
      return agent ? agent.request(path, init) : t.request(path, init);
    };
    for (const call of calls) {
      expect((await send(null, call)).status, `guest ${call[1]}`).toBe(401);
      expect((await send(sam.agent, call)).status, `member ${call[1]}`).toBe(403);
      expect((await send(foreignAdmin, call)).status, `foreign admin ${call[1]}`).toBe(403);
    }
    // The member calls need a session.
    expect((await t.request('/api/incidents/mine')).status).toBe(401);
    expect((await t.request('/api/incidents/report', { method: 'POST', body: '{}' })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reports', () => {
  it('lets a member report another (about a message between them) and the admins list it as open', async () => {
    const [message] = await t.db
      .insert(messages)
      .values({ senderId: sam.id, recipientId: pat.id, body: 'Hostile words', createdAt: NOW })
      .returning();
    const res = await pat.agent.post('/api/incidents/report', {
      memberId: sam.id,
      description: 'He sent me threats.',
      messageId: message!.id,
    });
    expect(res.status).toBe(201);
    const { id } = await json<{ id: number }>(res);
    const page = await json<AdminIncidentPage>(await boss.get('/api/admin/incidents?filter=open'));
    expect(page.incidents.find((i) => i.id === id)).toMatchObject({
      member: { id: sam.id },
      reporter: { id: pat.id },
      source: 'member',
      description: 'He sent me threats.',
      messageId: message!.id,
      // D27: the admin reads the reported message itself.
      reportedMessage: { body: 'Hostile words', fromMember: true, sentAt: NOW.toISOString() },
      status: 'open',
      consequence: null,
      appeal: null,
    });
  });

  it.each([
    ['no member', {}, M.memberRequired],
    ['no description', { memberId: 'x' }, M.descriptionRequired],
    ['a blank description', { memberId: 'x', description: '   ' }, M.descriptionRequired],
    ['2001 characters', { memberId: 'x', description: 'x'.repeat(2001) }, M.descriptionTooLong],
    ['a fractional message id', { memberId: 'x', description: 'ok', messageId: 1.5 }, M.messageIdInvalid],
  ])('refuses %s with 400 and a message, writing nothing', async (_label, body, message) => {
    const before = await snapshot();
    const res = await pat.agent.post('/api/incidents/report', body);
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses reporting yourself, an unknown member, or a message not between the two', async () => {
    const [other] = await t.db
      .insert(messages)
      .values({ senderId: sam.id, recipientId: bossId, body: 'Not for Pat', createdAt: NOW })
      .returning();
    const before = await snapshot();
    const cases: [unknown, number, string][] = [
      [{ memberId: pat.id, description: 'Me' }, 400, M.notYourself],
      [{ memberId: 'nobody', description: 'Ghost' }, 404, M.memberNotFound],
      [{ memberId: sam.id, description: 'Not mine', messageId: other!.id }, 400, M.messageNotBetween],
      [{ memberId: sam.id, description: 'Gone', messageId: 999_999 }, 404, M.messageNotFound],
    ];
    for (const [body, status, message] of cases) {
      const res = await pat.agent.post('/api/incidents/report', body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`limits a member to ${REPORTS_PER_DAY} reports a day`, async () => {
    const reporter = await signedIn('player');
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) {
      expect(
        (await reporter.agent.post('/api/incidents/report', { memberId: sam.id, description: `#${i}` })).status,
      ).toBe(201);
    }
    const res = await reporter.agent.post('/api/incidents/report', { memberId: sam.id, description: 'One more' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: M.tooManyReports });
  });

  it('writes the audit log when an admin writes one', async () => {
    const id = await newIncident(sam.id, 'Left the court shouting.');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(entry).toMatchObject({ actorId: bossId, action: 'incident.create', targetType: 'incident', before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ memberId: sam.id, description: 'Left the court shouting.' });
  });
});

describe('decisions', () => {
  it('decides once under concurrency: one 200, the rest 409, one notification and one audit row', async () => {
    const id = await newIncident();
    const answers = await Promise.all(
      ['warning', 'suspension', 'ban', 'warning'].map((consequence) =>
        boss.post(`/api/admin/incidents/${id}/decide`, {
          consequence,
          ...(consequence === 'suspension' ? { days: 2 } : {}),
          note: 'Shoving is not allowed.',
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await answers.find((r) => r.status === 409)!.json()).toEqual({ message: M.alreadyDecided });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['incident.create', 'incident.decide']);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, pat.id));
    expect(notices.filter((n) => n.kind === 'conduct_decision' && n.body.includes('Shoving'))).toHaveLength(1);
  });

  it.each([
    [{ consequence: 'suspension', note: 'x' }, M.daysRequired],
    [{ consequence: 'suspension', days: 0, note: 'x' }, M.daysRequired],
    [{ consequence: 'suspension', days: 366, note: 'x' }, M.daysRequired],
    [{ consequence: 'warning', days: 3, note: 'x' }, M.daysOnlyForSuspension],
    [{ consequence: 'expel', note: 'x' }, M.consequenceRequired],
    [{ consequence: 'warning', note: ' ' }, M.noteRequired],
  ])('refuses %j with 400 and a message, deciding nothing', async (body, message) => {
    const id = await newIncident();
    const before = await snapshot();
    const res = await boss.post(`/api/admin/incidents/${id}/decide`, body);
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('records before and after in the audit log, and the member sees the decision with its appeal window', async () => {
    const member = await signedIn('player');
    const id = await newIncident(member.id);
    expect(
      (await boss.post(`/api/admin/incidents/${id}/decide`, { consequence: 'warning', note: 'Language.' })).status,
    ).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'incident.decide'))
      .orderBy(asc(auditLog.id));
    expect(entry).toBeDefined();
    const decided = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
    ).find((a) => a.action === 'incident.decide')!;
    expect(JSON.parse(decided.before!)).toEqual({ status: 'open', standing: { banned: false, suspendedUntil: null } });
    expect(JSON.parse(decided.after!)).toEqual({
      status: 'decided',
      consequence: 'warning',
      days: null,
      endsAt: null,
      note: 'Language.',
      standing: { banned: false, suspendedUntil: null },
    });
    const mine = await json<MyDecision[]>(await member.agent.get('/api/incidents/mine'));
    expect(mine).toEqual([
      {
        id,
        consequence: 'warning',
        suspensionDays: null,
        endsAt: null,
        note: 'Language.',
        decidedAt: NOW.toISOString(),
        liftedAt: null,
        appealDeadline: new Date(NOW.getTime() + 7 * DAY).toISOString(),
        canAppeal: true,
        appeal: null,
      },
    ]);
    // Nobody else sees it.
    expect(await json<MyDecision[]>(await sam.agent.get('/api/incidents/mine'))).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  it('refuses an admin deciding about themselves, and an admin suspending another admin (super admins may)', async () => {
    const other = await signedIn('admin', 'wta.local');
    const selfId = await newIncident(bossId, 'About me');
    const res = await boss.post(`/api/admin/incidents/${selfId}/decide`, { consequence: 'warning', note: 'x' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: M.notOnYourself });
    const refused = await boss.post(`/api/admin/members/${other.id}/suspend`, { days: 1, reason: 'x' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: M.superAdminOnly });
    const chief = await signedIn('super_admin', 'wta.local');
    expect((await chief.agent.post(`/api/admin/members/${other.id}/suspend`, { days: 1, reason: 'x' })).status).toBe(
      200,
    );
  });
});

describe('appeals', () => {
  async function decidedWarning() {
    const member = await signedIn('player');
    const id = await newIncident(member.id);
    await boss.post(`/api/admin/incidents/${id}/decide`, { consequence: 'warning', note: 'Late and rude.' });
    return { member, id };
  }

  it('takes one appeal within 7 days, under concurrency too; a second is refused with a message', async () => {
    const { member, id } = await decidedWarning();
    const answers = await Promise.all(
      [1, 2, 3].map((n) => member.agent.post(`/api/incidents/${id}/appeal`, { text: `I was not there (${n}).` })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await answers.find((r) => r.status === 409)!.json()).toEqual({ message: M.alreadyAppealed });
    const [mine] = await json<MyDecision[]>(await member.agent.get('/api/incidents/mine'));
    expect(mine).toMatchObject({ canAppeal: false, appeal: { status: 'pending', response: null } });
    const list = await json<AdminIncidentPage>(await boss.get('/api/admin/incidents?filter=appeals'));
    expect(list.incidents.map((i) => i.id)).toContain(id);
  });

  it('closes the window after 7 days', async () => {
    const { member, id } = await decidedWarning();
    t.advance(7 * DAY + 1);
    try {
      const res = await member.agent.post(`/api/incidents/${id}/appeal`, { text: 'Too late, I know.' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: M.appealWindowClosed });
      const [row] = await t.db.select().from(incidents).where(eq(incidents.id, id));
      expect(row!.appealedAt).toBeNull();
    } finally {
      t.setNow(NOW);
    }
  });

  it("refuses another member's incident (404), an open one, and a text out of bounds", async () => {
    const { id } = await decidedWarning();
    expect((await sam.agent.post(`/api/incidents/${id}/appeal`, { text: 'Not my incident.' })).status).toBe(404);
    const open = await newIncident(sam.id);
    expect((await sam.agent.post(`/api/incidents/${open}/appeal`, { text: 'Not decided yet.' })).status).toBe(404);
    const short = await sam.agent.post(`/api/incidents/${id}/appeal`, { text: 'short' });
    expect(short.status).toBe(400);
    expect((await json<{ message: string }>(short)).message).toBe(M.appealTooShort);
    expect((await sam.agent.post(`/api/incidents/${id}/appeal`, { text: 'x'.repeat(1001) })).status).toBe(400);
  });

  it('overturning a suspension lifts it, once; the member is told and the audit log has before and after', async () => {
    const member = await signedIn('player');
    const res = await boss.post(`/api/admin/members/${member.id}/suspend`, { days: 5, reason: 'Heated argument.' });
    const { incidentId } = await json<{ incidentId: number }>(res);
    // Suspended members cannot sign in; the appeal is recorded here as the member would send it after the suspension.
    await t.db
      .update(incidents)
      .set({ appealText: 'It was a misunderstanding.', appealedAt: NOW, appealStatus: 'pending' })
      .where(eq(incidents.id, incidentId));
    const answers = await Promise.all([
      boss.post(`/api/admin/incidents/${incidentId}/appeal`, {
        outcome: 'overturned',
        response: 'Video shows no foul.',
      }),
      boss.post(`/api/admin/incidents/${incidentId}/appeal`, { outcome: 'upheld', response: 'Stands.' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers.findIndex((r) => r.status === 200);
    const [standing] = await t.db.select().from(memberStandings).where(eq(memberStandings.userId, member.id));
    if (won === 0) {
      expect(standing!.suspendedUntil).toBeNull();
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'incident.appeal.resolve'));
      expect(JSON.parse(entry!.before!).standing.suspendedUntil).toBe(new Date(NOW.getTime() + 5 * DAY).toISOString());
      expect(JSON.parse(entry!.after!)).toMatchObject({
        appealStatus: 'overturned',
        standing: { suspendedUntil: null },
      });
    } else {
      expect(standing!.suspendedUntil).toEqual(new Date(NOW.getTime() + 5 * DAY));
    }
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(notices.map((n) => n.kind).sort()).toEqual(['appeal_resolved', 'conduct_decision']);
  });

  it('a banned member cannot sign in, yet with the right password reads the decision and appeals it (the appeal pass)', async () => {
    const agent = t.agent();
    const email = uniqueEmail('banned');
    const { id } = await json<{ id: string }>(await agent.register({ email }));
    const ban = await boss.post(`/api/admin/members/${id}/ban`, { reason: 'Threatened a referee.' });
    const { incidentId } = await json<{ incidentId: number }>(ban);
    expect((await agent.get('/api/auth/user')).status).toBe(401); // the ban ended the session

    // A wrong password earns nothing: no pass, the decisions stay closed.
    const stranger = t.agent();
    expect((await stranger.login(email, 'not-the-password')).status).toBe(401);
    expect(stranger.cookies.has(APPEAL_PASS_COOKIE)).toBe(false);
    expect((await stranger.get('/api/incidents/mine')).status).toBe(401);

    const refused = await agent.login(email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: BANNED_MESSAGE });
    expect((await agent.get('/api/auth/user')).status).toBe(401); // still no session
    expect(agent.cookies.has(APPEAL_PASS_COOKIE)).toBe(true);
    const [decision] = await json<MyDecision[]>(await agent.get('/api/incidents/mine'));
    expect(decision).toMatchObject({
      id: incidentId,
      consequence: 'ban',
      note: 'Threatened a referee.',
      canAppeal: true,
    });
    // The pass opens the appeal and nothing else.
    expect((await agent.post('/api/incidents/report', { memberId: sam.id, description: 'Not allowed.' })).status).toBe(
      401,
    );
    const appeal = await agent.post(`/api/incidents/${incidentId}/appeal`, {
      text: 'I only raised my voice, please review.',
    });
    expect(appeal.status).toBe(201);
    const [row] = await t.db.select().from(incidents).where(eq(incidents.id, incidentId));
    expect(row).toMatchObject({ appealStatus: 'pending', appealText: 'I only raised my voice, please review.' });

    // A forged pass (another member's id under this signature) and an expired one are refused.
    const pass = agent.cookies.get(APPEAL_PASS_COOKIE)!;
    const forged = t.agent();
    forged.cookies.set(APPEAL_PASS_COOKIE, pass.replace(id, sam.id));
    expect((await forged.get('/api/incidents/mine')).status).toBe(401);
    t.advance(APPEAL_PASS_LIFETIME_MS + 1);
    try {
      expect((await agent.get('/api/incidents/mine')).status).toBe(401);
    } finally {
      t.setNow(NOW);
    }
  });
});

describe('the Incidents list', () => {
  it('pages newest first by cursor, with no repeats', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: AdminIncidentPage = await json(await boss.get(`/api/admin/incidents?limit=3${query}`));
      seen.push(...page.incidents.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = (await t.db.select({ id: incidents.id }).from(incidents)).map((r) => r.id).sort((a, b) => b - a);
    expect(seen).toEqual(all);
    expect((await boss.get('/api/admin/incidents?limit=0')).status).toBe(400);
    expect((await boss.get('/api/admin/incidents?filter=closed')).status).toBe(400);
  });

  it('reads each filter from its index', async () => {
    for (const filter of ['open', 'decided', 'appeals'] as const) {
      const query = incidentListQuery(t.db, { filter, cursor: 100, limit: 20 }).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never });
      const plan = rows.map((r) => String(r.detail)).join('\n');
      expect(plan).toMatch(filter === 'appeals' ? /incidents_appeal_idx/ : /incidents_status_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('the member picker and the Users tab rows', () => {
  it('finds members by a prefix of the name, last name or e-mail, with their standing, from index ranges', async () => {
    const agent = t.agent();
    const email = uniqueEmail('quincy');
    const { id } = await json<{ id: string }>(await agent.register({ email, firstName: 'Quincy', lastName: 'Zamora' }));
    await boss.post(`/api/admin/members/${id}/suspend`, { days: 2, reason: 'Late twice.' });
    const until = new Date(NOW.getTime() + 2 * DAY).toISOString();
    for (const q of ['quin', 'QUINCY Z', 'zamo', email.slice(0, 8)]) {
      const found = await json<{ id: string; standing: unknown }[]>(
        await boss.get(`/api/admin/members/search?q=${encodeURIComponent(q)}`),
      );
      expect(
        found.find((m) => m.id === id),
        q,
      ).toMatchObject({ standing: { banned: false, suspendedUntil: until } });
    }
    expect(await json<unknown[]>(await boss.get('/api/admin/members/search?q=amora'))).toEqual([]); // prefixes only
    // The Users tab's rows carry the same standing, so its Suspend, Ban and Lift actions need no request per row.
    const [row] = await json<{ id: string; standing: unknown }[]>(await boss.get('/api/admin/users?q=quincy'));
    expect(row).toMatchObject({ id, standing: { banned: false, suspendedUntil: until } });

    const query = searchMembersStatement(t.db, 'quin').toSQL();
    const { rows } = await t.client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never });
    const plan = rows.map((r) => String(r.detail)).join('\n');
    expect(plan).toContain('MULTI-INDEX OR');
    expect(plan).not.toMatch(/SCAN users/);
  });
});
