import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users, type Role } from '../../../db/schema/users.ts';
import { verificationApplications } from '../../../db/schema/verification.ts';
import { createTestApp, uniqueEmail, type TestApp, type TestMember } from '../../test/app.ts';
import { coachesStatement, decodeMemberCursor, encodeMemberCursor, memberSearchStatement } from './members.ts';
import { MEMBER_MESSAGES as M, type AdminHolder, type AdminMember, type TeamCoach } from './constants.ts';
import { ADMIN_ROLE_MESSAGES as R, decideAdminRoleChange } from './roles.ts';

// The Users and Permissions tabs' member management (D24, D6, D34): find any member, set player/owner/fan, grant and
// revoke admin roles (super admins, league domain only), verify, end sessions; every change audited.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function adminOf(role: 'admin' | 'super_admin' = 'admin', domain = 'wta.local'): Promise<TestMember> {
  const member = await t.member({ email: uniqueEmail('admin').replace('example.test', domain) });
  await t.db.update(users).set({ role }).where(eq(users.id, member.id));
  return member;
}

/** A member nobody signs in as: straight into the table (no password hashing), for speed. */
async function person(fields: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await t.db.insert(users).values({ id, email: uniqueEmail('p'), firstName: 'Pat', lastName: 'Doe', ...fields });
  return id;
}

async function snapshot() {
  return {
    users: await t.db.select().from(users).orderBy(asc(users.id)),
    sessions: await t.db.select().from(sessions).orderBy(asc(sessions.id)),
    audit: await t.db.select().from(auditLog),
    notifications: await t.db.select().from(notifications),
  };
}

describe('every member call refuses all but league admins (D6), and changes nothing', () => {
  it('401 for guests, 403 for members and for an admin off the league domain', async () => {
    const target = await person();
    const player = await t.member();
    const owner = await t.member({ role: 'owner' });
    const foreign = await adminOf('super_admin', 'other-league.example');
    const before = await snapshot();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/users?q=pat', undefined],
      ['PATCH', `/api/admin/users/${target}/role`, { role: 'fan' }],
      ['PATCH', `/api/admin/users/${target}/role`, { role: 'admin' }],
      ['PATCH', `/api/admin/users/${target}/verified`, { isVerified: true }],
      ['DELETE', `/api/admin/users/${target}/sessions`, undefined],
      ['GET', '/api/admin/permissions', undefined],
      ['GET', '/api/admin/coaches', undefined],
    ];
    for (const [method, path, body] of calls) {
      const init = {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      };
      expect((await t.request(path, init)).status, `guest ${method} ${path}`).toBe(401);
      for (const [who, m] of [
        ['player', player],
        ['owner', owner],
        ['foreign', foreign],
      ] as const) {
        expect((await m.agent.request(path, init)).status, `${who} ${method} ${path}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/admin/users: the member finder', () => {
  it('finds members by a prefix of the full name, the last name or the e-mail, in any case', async () => {
    const admin = await adminOf();
    const jordan = await person({ firstName: 'Jordan', lastName: 'Carter', email: 'jc@hoops.example' });
    const carla = await person({ firstName: 'Carla', lastName: 'Jones', email: 'carla@nets.example' });
    const nope = await person({ firstName: 'Zed', lastName: 'Quinn', email: 'zq@zed.example' });
    const ids = async (q: string) =>
      (await json<AdminMember[]>(await admin.agent.get(`/api/admin/users?q=${encodeURIComponent(q)}`))).map(
        (m) => m.id,
      );
    expect(await ids('JOR')).toEqual([jordan]);
    expect(await ids('jordan c')).toEqual([jordan]);
    expect(await ids('car')).toEqual([carla, jordan]); // Carla by first name, Jordan Carter by last
    expect(await ids('CARLA@')).toEqual([carla]);
    expect(await ids('zq@zed')).toEqual([nope]);
    expect(await ids('ordan')).toEqual([]); // prefixes only: an index range, not a scan
    const [found] = await json<AdminMember[]>(await admin.agent.get('/api/admin/users?q=jordan'));
    expect(found).toEqual({
      id: jordan,
      firstName: 'Jordan',
      lastName: 'Carter',
      email: 'jc@hoops.example',
      role: 'player',
      isVerified: false,
      profileImageUrl: null,
      hasValidDomain: false,
      createdAt: expect.any(String),
      standing: { banned: false, suspendedUntil: null },
    });
  });

  it('pages every member once, in name order, by cursor; with and without a search', async () => {
    const admin = await adminOf();
    for (let i = 0; i < 7; i += 1) await person({ firstName: i % 2 ? 'Sam' : 'sam', lastName: `Lee${i % 3}` });
    for (const q of ['', 'sam', 'lee']) {
      const seen: AdminMember[] = [];
      let url: string | null = `/api/admin/users?limit=3&q=${q}`;
      while (url) {
        const res: Response = await admin.agent.get(url);
        seen.push(...(await json<AdminMember[]>(res)));
        const next = res.headers.get('X-Next-Cursor');
        url = next ? `/api/admin/users?limit=3&q=${q}&cursor=${next}` : null;
      }
      const expected = await t.db.select().from(users);
      const wanted = expected.filter(
        (u) =>
          !q || `${u.firstName} ${u.lastName}`.toLowerCase().startsWith(q) || u.lastName.toLowerCase().startsWith(q),
      );
      expect(seen.map((m) => m.id).sort(), q).toEqual(wanted.map((u) => u.id).sort());
      const keys = seen.map((m) => `${m.firstName} ${m.lastName}`.toLowerCase());
      expect(keys, q).toEqual([...keys].sort());
      expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    }
  });

  it('refuses a cursor, limit or search it cannot take', async () => {
    const admin = await adminOf();
    for (const [query, message] of [
      ['?cursor=!!', M.cursor],
      [`?cursor=${btoa('no-colon')}`, M.cursor],
      ['?limit=0', M.limit],
      ['?limit=51', M.limit],
      [`?q=${'a'.repeat(101)}`, M.search],
    ]) {
      expect(await json(await admin.agent.get(`/api/admin/users${query}`), 400), query).toMatchObject({ message });
    }
    const cursor = { key: 'ünïcode name', id: 'abc-123' };
    expect(decodeMemberCursor(encodeMemberCursor(cursor))).toEqual(cursor);
  });

  it('reads index ranges only: no scan of users, and no sort without a search', async () => {
    const plan = async (page: Parameters<typeof memberSearchStatement>[1]) => {
      const { sql, params } = memberSearchStatement(t.db, page).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
      return rows.map((r) => String(r.detail)).join('\n');
    };
    const cursor = { key: 'pat doe', id: 'x' };
    for (const page of [{ limit: 20 }, { limit: 20, cursor }]) {
      const lines = await plan(page);
      expect(lines).toMatch(/users USING INDEX users_name_search_idx/);
      expect(lines).not.toMatch(/SCAN users$|SCAN users\n|TEMP B-TREE/m);
    }
    for (const page of [
      { limit: 20, search: 'pat' },
      { limit: 20, search: 'pat', cursor },
    ]) {
      const lines = await plan(page);
      // Three index ranges, then a sort of the matching rows only (an OR of ranges cannot come out in one order).
      expect(lines).toContain('MULTI-INDEX OR');
      expect(lines).toMatch(/SEARCH users USING INDEX users_name_search_idx \(<expr>>\? AND <expr><\?\)/);
      expect(lines).toMatch(/SEARCH users USING INDEX users_last_name_search_idx \(<expr>>\? AND <expr><\?\)/);
      expect(lines).toMatch(/SEARCH users USING INDEX users_email_unique \(email>\? AND email<\?\)/);
      expect(lines).not.toMatch(/SCAN users/);
    }
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  const setRole = (m: TestMember, id: string, role: unknown) => m.agent.patch(`/api/admin/users/${id}/role`, { role });

  it('an admin sets player, owner and fan, audited with before and after', async () => {
    const admin = await adminOf();
    const target = await person({ role: 'player' });
    expect((await json<AdminMember>(await setRole(admin, target, 'owner'))).role).toBe('owner');
    expect((await json<AdminMember>(await setRole(admin, target, 'fan'))).role).toBe('fan');
    expect((await json<AdminMember>(await setRole(admin, target, 'fan'))).role).toBe('fan'); // unchanged: no entry
    const log = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(log.map((e) => [e.actorId, e.action, e.targetType, e.targetId, e.before, e.after])).toEqual([
      [admin.id, 'role.change', 'user', target, '{"role":"player"}', '{"role":"owner"}'],
      [admin.id, 'role.change', 'user', target, '{"role":"owner"}', '{"role":"fan"}'],
    ]);
  });

  it('keeps D34: an owner of a team stays an owner, a rostered member cannot become owner or fan', async () => {
    const admin = await adminOf('super_admin');
    const owner = await person({ role: 'owner', email: uniqueEmail('o').replace('example.test', 'wta.local') });
    const [team] = await t.db.insert(teams).values({ name: 'Heat', ownerId: owner }).returning({ id: teams.id });
    const rostered = await person({ role: 'player' });
    await t.db.insert(teamMembers).values({ teamId: team!.id, userId: rostered, joinedAt: NOW });
    const before = await snapshot();
    for (const role of ['player', 'fan', 'admin']) {
      expect(await json(await setRole(admin, owner, role), 409), role).toEqual({ message: R.ownsTeam });
    }
    for (const role of ['owner', 'fan']) {
      expect(await json(await setRole(admin, rostered, role), 409), role).toEqual({ message: R.onTeam });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('only a super admin grants or revokes admin roles, and only to league-domain addresses', async () => {
    const admin = await adminOf();
    const superAdmin = await adminOf('super_admin');
    const leagueMember = await person({ email: uniqueEmail('l').replace('example.test', 'WTA.local') });
    const outsider = await person({ email: 'someone@other-league.example' });
    const otherAdmin = await person({ role: 'admin', email: uniqueEmail('a').replace('example.test', 'wta.local') });
    const before = await snapshot();
    expect(await json(await setRole(admin, leagueMember, 'admin'), 403)).toEqual({ message: R.superAdminOnly });
    expect(await json(await setRole(admin, leagueMember, 'super_admin'), 403)).toEqual({ message: R.superAdminOnly });
    expect(await json(await setRole(admin, otherAdmin, 'player'), 403)).toEqual({ message: R.superAdminOnly });
    expect(await json(await setRole(superAdmin, outsider, 'admin'), 409)).toEqual({
      message: R.leagueDomainOnly('wta.local'),
    });
    expect(await json(await setRole(superAdmin, superAdmin.id, 'admin'), 403)).toEqual({ message: R.ownRole });
    expect(await json(await setRole(admin, admin.id, 'player'), 403)).toEqual({ message: R.ownRole });
    expect(await snapshot()).toEqual(before);

    expect((await json<AdminMember>(await setRole(superAdmin, leagueMember, 'admin'))).role).toBe('admin');
    expect((await json<AdminMember>(await setRole(superAdmin, otherAdmin, 'super_admin'))).role).toBe('super_admin');
    expect((await json<AdminMember>(await setRole(superAdmin, otherAdmin, 'player'))).role).toBe('player');
    const log = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(log.map((e) => [e.actorId, e.targetId, e.before, e.after])).toEqual([
      [superAdmin.id, leagueMember, '{"role":"player"}', '{"role":"admin"}'],
      [superAdmin.id, otherAdmin, '{"role":"admin"}', '{"role":"super_admin"}'],
      [superAdmin.id, otherAdmin, '{"role":"super_admin"}', '{"role":"player"}'],
    ]);
  });

  it('refuses an unknown role or member', async () => {
    const admin = await adminOf();
    const target = await person();
    for (const role of ['coach', '', null, 3]) {
      expect(await json(await setRole(admin, target, role), 400)).toMatchObject({ message: M.role });
    }
    expect(await json(await setRole(admin, 'nobody', 'fan'), 404)).toEqual({ message: M.notFound });
  });
});

describe('decideAdminRoleChange (D24 with D34), every combination', () => {
  const role = fc.constantFrom<Role>('player', 'owner', 'fan', 'admin', 'super_admin');
  const isAdminRole = (r: Role) => r === 'admin' || r === 'super_admin';
  it('never lets anyone change their own role, a plain admin touch admin roles, or an admin role leave the domain', () => {
    fc.assert(
      fc.property(
        fc.record({
          self: fc.boolean(),
          actorIsSuperAdmin: fc.boolean(),
          current: role,
          requested: role,
          targetOnLeagueDomain: fc.boolean(),
          onTeam: fc.boolean(),
          ownsTeam: fc.boolean(),
        }),
        (f) => {
          const d = decideAdminRoleChange({
            ...f,
            actorId: 'a',
            targetId: f.self ? 'a' : 'b',
            leagueEmailDomain: 'wta.local',
          });
          if (f.self) {
            expect(d).toEqual({ ok: false, status: 403, message: R.ownRole });
            return;
          }
          if (!d.ok) {
            expect([403, 409]).toContain(d.status);
            return;
          }
          expect(d.role).toBe(f.requested);
          if (f.requested === f.current) return;
          if (isAdminRole(f.current) || isAdminRole(f.requested)) expect(f.actorIsSuperAdmin).toBe(true);
          if (isAdminRole(f.requested)) expect(f.targetOnLeagueDomain).toBe(true);
          if (f.ownsTeam) expect(f.requested).toBe('owner');
          if (f.onTeam) expect(['owner', 'fan']).not.toContain(f.requested);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('allows every change the rules do not forbid', () => {
    // The other direction: a player, owner or fan with no team moves freely between the three for any admin.
    for (const current of ['player', 'owner', 'fan'] as const) {
      for (const requested of ['player', 'owner', 'fan'] as const) {
        const d = decideAdminRoleChange({
          actorId: 'a',
          targetId: 'b',
          actorIsSuperAdmin: false,
          current,
          requested,
          targetOnLeagueDomain: false,
          leagueEmailDomain: 'wta.local',
          onTeam: false,
          ownsTeam: false,
        });
        expect(d).toEqual({ ok: true, role: requested });
      }
    }
  });
});

describe('PATCH /api/admin/users/{id}/verified', () => {
  it('verifies (closing a pending application) and unverifies, notifying and auditing each change', async () => {
    const admin = await adminOf();
    const target = await person();
    await t.db.insert(verificationApplications).values({
      userId: target,
      type: 'player',
      applicationReason: 'x'.repeat(50),
      achievements: 'y'.repeat(30),
      createdAt: NOW,
    });
    const set = (isVerified: unknown) => admin.agent.patch(`/api/admin/users/${target}/verified`, { isVerified });
    expect((await json<AdminMember>(await set(true))).isVerified).toBe(true);
    expect((await json<AdminMember>(await set(true))).isVerified).toBe(true); // no change, no entry
    const [application] = await t.db.select().from(verificationApplications);
    expect(application).toMatchObject({ status: 'approved', decidedBy: admin.id });
    expect((await json<AdminMember>(await set(false))).isVerified).toBe(false);
    expect(await json(await set('yes'), 400)).toMatchObject({ message: M.verified });
    const log = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(log.map((e) => [e.action, e.targetId, e.before, e.after])).toEqual([
      ['verified.change', target, '{"isVerified":false}', '{"isVerified":true}'],
      ['verified.change', target, '{"isVerified":true}', '{"isVerified":false}'],
    ]);
    const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, target));
    expect(inbox.map((n) => n.title)).toEqual(['You are verified', 'Verified status removed']);
  });
});

describe('DELETE /api/admin/users/{id}/sessions', () => {
  it('signs the member out everywhere and audits how many sessions ended', async () => {
    const admin = await adminOf();
    const member = await t.member();
    const second = t.agent();
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    expect((await second.login(row!.email)).status).toBe(200);
    expect((await member.agent.get('/api/auth/user')).status).toBe(200);
    expect(await json(await admin.agent.delete(`/api/admin/users/${member.id}/sessions`))).toEqual({ ended: 2 });
    expect((await member.agent.get('/api/verification/applications')).status).toBe(401);
    expect((await second.get('/api/verification/applications')).status).toBe(401);
    // The admin's own session is untouched.
    expect((await admin.agent.get('/api/admin/permissions')).status).toBe(200);
    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'sessions.end',
      targetId: member.id,
      before: '{"sessions":2}',
      after: '{"sessions":0}',
    });
    expect(await json(await admin.agent.delete('/api/admin/users/nobody/sessions'), 404)).toEqual({
      message: M.notFound,
    });
  });
});

describe('the Permissions tab', () => {
  it('lists admin-role holders (super admins first, with the domain flag) and the teams coaches by cursor', async () => {
    const admin = await adminOf();
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.id));
    const boss = await person({ role: 'super_admin', firstName: 'Ada', email: 'ada@wta.local' });
    const foreign = await person({ role: 'admin', firstName: 'Bo', email: 'bo@other.example' });
    await person({ role: 'player' });
    const holders = await json<AdminHolder[]>(await admin.agent.get('/api/admin/permissions'));
    expect(holders.map((h) => [h.id, h.role, h.hasValidDomain])).toEqual([
      [boss, 'super_admin', true],
      [foreign, 'admin', false],
      [me!.id, 'admin', true],
    ]);

    expect(await json(await admin.agent.get('/api/admin/coaches'))).toEqual([]);
    const teamIds: number[] = [];
    for (const name of ['Heat', 'Blitz', 'Storm']) {
      const owner = await person({ role: 'owner' });
      const [team] = await t.db.insert(teams).values({ name, ownerId: owner }).returning({ id: teams.id });
      teamIds.push(team!.id);
      const coach = await person({ firstName: `Coach ${name}` });
      const player = await person();
      await t.db.insert(teamMembers).values([
        { teamId: team!.id, userId: coach, position: 'coach', joinedAt: NOW },
        { teamId: team!.id, userId: player, position: 'player', joinedAt: NOW },
      ]);
    }
    const first = await admin.agent.get('/api/admin/coaches?limit=2');
    const page1 = await json<TeamCoach[]>(first);
    const page2 = await json<TeamCoach[]>(
      await admin.agent.get(`/api/admin/coaches?limit=2&cursor=${first.headers.get('X-Next-Cursor')}`),
    );
    expect([...page1, ...page2].map((c) => [c.teamId, c.teamName, c.coach.firstName])).toEqual([
      [teamIds[0], 'Heat', 'Coach Heat'],
      [teamIds[1], 'Blitz', 'Coach Blitz'],
      [teamIds[2], 'Storm', 'Coach Storm'],
    ]);

    const { sql, params } = coachesStatement(t.db, { limit: 50, cursor: { teamId: 1, userId: 'x' } }).toSQL();
    const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
    const plan = rows.map((r) => String(r.detail)).join('\n');
    expect(plan).toMatch(/team_members USING (COVERING )?INDEX team_members_coach_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN team_members$/m);
  });
});
