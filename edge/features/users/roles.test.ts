// D34: role changes through the member's own profile, and their audit entries.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { roles, users, type Role } from '../../../db/schema/users.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { decideRoleChange, ROLE_CHANGE_MESSAGES } from './roles.ts';

const NOW = new Date('2026-11-23T10:00:00Z');
const form = { tagline: 'Cash, not trophies', city: 'Atlanta, GA', sport: 'basketball' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const member = (role: 'player' | 'owner' | 'fan') => t.member({ role });

/** A team owned by `ownerId` (a fresh owner when omitted), optionally with `rostered` on its roster. */
async function team(ownerId: string, rostered?: string): Promise<number> {
  const [row] = await t.db.insert(teams).values({ name: `Team of ${ownerId}`, ownerId }).returning({ id: teams.id });
  if (rostered) await t.db.insert(teamMembers).values({ teamId: row!.id, userId: rostered, joinedAt: NOW });
  return row!.id;
}

async function roleOf(id: string): Promise<Role> {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row!.role;
}

const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe('PATCH /api/users/profile applies D34', () => {
  it('refuses an owner who owns a team the switch to player with 409 and says why', async () => {
    const owner = await member('owner');
    await team(owner.id);
    const res = await owner.agent.patch('/api/users/profile', { ...form, role: 'player' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: ROLE_CHANGE_MESSAGES.ownsTeam });
    expect(await roleOf(owner.id)).toBe('owner');
    expect(await auditOf(owner.id)).toEqual([]);
    // The refusal is the whole answer: the profile fields were not stored either.
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.tagline).toBeNull();
  });

  it('refuses a player on a team the switch to owner with 409 and says why', async () => {
    const player = await member('player');
    const owner = await member('owner');
    await team(owner.id, player.id);
    const res = await player.agent.patch('/api/users/profile', { ...form, role: 'owner' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: ROLE_CHANGE_MESSAGES.onTeam });
    expect(await roleOf(player.id)).toBe('player');
    expect(await auditOf(player.id)).toEqual([]);
  });

  it('lets a fan become a player and writes the audit entry with before and after', async () => {
    const fan = await member('fan');
    const res = await fan.agent.patch('/api/users/profile', { ...form, role: 'player' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'player', profileComplete: true });
    expect(await auditOf(fan.id)).toEqual([
      {
        id: expect.any(Number),
        actorId: fan.id,
        action: 'role.change',
        targetType: 'user',
        targetId: fan.id,
        before: JSON.stringify({ role: 'fan' }),
        after: JSON.stringify({ role: 'player' }),
        createdAt: NOW,
      },
    ]);
  });

  it('lets a player on no team become an owner, and back, each change audited', async () => {
    const player = await member('player');
    expect((await player.agent.patch('/api/users/profile', { ...form, role: 'owner' })).status).toBe(200);
    expect((await player.agent.patch('/api/users/profile', { ...form, role: 'player' })).status).toBe(200);
    expect((await auditOf(player.id)).map((e) => [e.before, e.after])).toEqual([
      ['{"role":"player"}', '{"role":"owner"}'],
      ['{"role":"owner"}', '{"role":"player"}'],
    ]);
  });

  it('writes no audit entry when the role stays the same', async () => {
    const owner = await member('owner');
    await team(owner.id);
    const res = await owner.agent.patch('/api/users/profile', { ...form, role: 'owner' });
    expect(res.status).toBe(200);
    expect(await auditOf(owner.id)).toEqual([]);
  });

  it.each(['fan', 'admin', 'super_admin'])('refuses role %s in the body with 400 and changes nothing', async (role) => {
    const player = await member('player');
    const res = await player.agent.patch('/api/users/profile', { ...form, role });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Choose Solo Player or Team Owner');
    expect(await roleOf(player.id)).toBe('player');
    expect(await auditOf(player.id)).toEqual([]);
  });

  it('lets an admin complete the profile with no role and keep the admin role, with no audit entry', async () => {
    const email = uniqueEmail();
    const agent = t.agent();
    const { id } = (await (await agent.register({ email })).json()) as { id: string };
    await t.db.update(users).set({ role: 'super_admin' }).where(eq(users.id, id));
    const res = await agent.patch('/api/users/profile', form);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'super_admin', tagline: form.tagline, profileComplete: true });
    expect(await auditOf(id)).toEqual([]);
  });

  it.each(['player', 'owner'])('refuses an admin who asks for role %s with 403 and the reason, saving nothing', async (role) => {
    const email = uniqueEmail();
    const agent = t.agent();
    const { id } = (await (await agent.register({ email })).json()) as { id: string };
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    const res = await agent.patch('/api/users/profile', { ...form, role });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: ROLE_CHANGE_MESSAGES.adminRole });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'admin', tagline: null, city: null, sport: null, profileCompletedAt: null });
    expect(await auditOf(id)).toEqual([]);
  });

  it('keeps the current role when a member sends none', async () => {
    const owner = await member('owner');
    const res = await owner.agent.patch('/api/users/profile', form);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'owner', tagline: form.tagline });
    expect(await auditOf(owner.id)).toEqual([]);
  });

  // The rule over every (current role, on a team?, owns a team?, requested role), through the real endpoint. The
  // oracle is D34 in its own words, written apart from roles.ts.
  it('answers every combination as D34 says, and audits exactly the changes', async () => {
    const subject = await member('fan');
    const other = await member('owner');
    const combination = fc.record({
      current: fc.constantFrom(...roles),
      requested: fc.constantFrom(...roles),
      onTeam: fc.boolean(),
      ownsTeam: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(combination, async ({ current, requested, onTeam, ownsTeam }) => {
        await t.db.delete(teams);
        await t.db.update(users).set({ role: current }).where(eq(users.id, subject.id));
        if (ownsTeam) await team(subject.id);
        if (onTeam) await team(other.id, subject.id);
        const auditBefore = (await auditOf(subject.id)).length;

        const res = await subject.agent.patch('/api/users/profile', { ...form, role: requested });

        const admin = current === 'admin' || current === 'super_admin';
        let expected: { status: number; role: Role; message?: string };
        if (requested !== 'player' && requested !== 'owner') expected = { status: 400, role: current };
        else if (admin) expected = { status: 403, role: current, message: ROLE_CHANGE_MESSAGES.adminRole };
        else if (requested === current || current === 'fan') expected = { status: 200, role: requested };
        else if (ownsTeam) expected = { status: 409, role: current, message: ROLE_CHANGE_MESSAGES.ownsTeam };
        else if (onTeam) expected = { status: 409, role: current, message: ROLE_CHANGE_MESSAGES.onTeam };
        else expected = { status: 200, role: requested };

        expect(res.status).toBe(expected.status);
        const body = (await res.json()) as { message?: string };
        if (expected.message) expect(body.message).toBe(expected.message);
        expect(await roleOf(subject.id)).toBe(expected.role);
        const entries = await auditOf(subject.id);
        expect(entries.length - auditBefore).toBe(expected.role === current ? 0 : 1);
        if (expected.role !== current) {
          expect(entries.at(-1)).toMatchObject({ before: JSON.stringify({ role: current }), after: JSON.stringify({ role: expected.role }) });
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('decideRoleChange', () => {
  it('never lets a member make themself a fan, an admin or a super admin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...roles),
        fc.option(fc.constantFrom(...roles), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        (current, requested, onTeam, ownsTeam) => {
          const decision = decideRoleChange({ current, requested, onTeam, ownsTeam });
          if (decision.ok && decision.role !== current) expect(['player', 'owner']).toContain(decision.role);
          if (!decision.ok) expect(decision.status === 403 || decision.status === 409).toBe(true);
        },
      ),
    );
  });
});

describe('the audit log is append-only in the database itself', () => {
  it('refuses UPDATE, DELETE and REPLACE in SQL, whoever asks', async () => {
    const fan = await member('fan');
    expect((await fan.agent.patch('/api/users/profile', { ...form, role: 'owner' })).status).toBe(200);
    const [entry] = await auditOf(fan.id);
    await expect(t.client.execute(`update audit_log set after = '{"role":"super_admin"}' where id = ${entry!.id}`)).rejects.toThrow(
      'The audit log is append-only',
    );
    await expect(t.client.execute(`delete from audit_log where id = ${entry!.id}`)).rejects.toThrow('The audit log is append-only');
    await expect(
      t.client.execute(
        `insert or replace into audit_log (id, actor_id, action, target_type, target_id, created_at) values (${entry!.id}, null, 'x', 'user', 'x', 0)`,
      ),
    ).rejects.toThrow('The audit log is append-only');
    expect(await auditOf(fan.id)).toEqual([entry]);
  });
});
