import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestAgent, type TestApp } from '../test/app.ts';
import { auditActions, recordAudit, type AuditLogPage } from './audit.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function signedIn(email: string, role: 'admin' | 'super_admin' | 'player'): Promise<TestAgent> {
  const agent = t.agent();
  expect((await agent.register({ email })).status).toBe(201);
  await t.db.update(users).set({ role }).where(eq(users.email, email));
  return agent;
}

describe('recordAudit', () => {
  it('commits with the caller’s transaction, and rolls back with it', async () => {
    const entry = { actorId: 'u1', action: auditActions.roleChange, targetType: 'user' as const, targetId: 'u1', at: NOW };
    await t.db.transaction(async (tx) => recordAudit(tx, { ...entry, before: { role: 'fan' }, after: { role: 'player' } }));
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { ...entry, before: { role: 'player' }, after: { role: 'owner' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await t.db.select().from(auditLog)).map((e) => e.after)).toEqual(['{"role":"player"}']);
  });
});

describe('GET /api/admin/audit-log (D24)', () => {
  it('pages newest first by cursor, for league admins only', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await recordAudit(t.db, {
        actorId: `u${i}`,
        action: auditActions.roleChange,
        targetType: 'user',
        targetId: `u${i}`,
        before: { role: 'fan' },
        after: { role: 'player' },
        at: new Date(NOW.getTime() + i * 1000),
      });
    }
    const admin = await signedIn('auditor@wta.local', 'admin');
    const first = (await (await admin.get('/api/admin/audit-log?limit=2')).json()) as AuditLogPage;
    expect(first.entries.map((e) => e.actorId)).toEqual(['u5', 'u4']);
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      actorId: 'u5',
      action: 'role.change',
      targetType: 'user',
      targetId: 'u5',
      before: { role: 'fan' },
      after: { role: 'player' },
      createdAt: new Date(NOW.getTime() + 5000).toISOString(),
    });
    // An entry written between two pages shifts nothing: the cursor is an id, not an offset.
    await recordAudit(t.db, { actorId: 'u6', action: auditActions.roleChange, targetType: 'user', targetId: 'u6', at: NOW });
    const second = (await (await admin.get(`/api/admin/audit-log?limit=2&cursor=${first.nextCursor}`)).json()) as AuditLogPage;
    expect(second.entries.map((e) => e.actorId)).toEqual(['u3', 'u2']);
    const last = (await (await admin.get(`/api/admin/audit-log?limit=2&cursor=${second.nextCursor}`)).json()) as AuditLogPage;
    expect(last).toMatchObject({ entries: [{ actorId: 'u1' }], nextCursor: null });

    expect((await admin.get('/api/admin/audit-log?limit=0')).status).toBe(400);
    expect((await t.agent().get('/api/admin/audit-log')).status).toBe(401);
    expect((await (await signedIn('p@wta.local', 'player')).get('/api/admin/audit-log')).status).toBe(403);
    // D6: an admin role outside the league's domain is no admin.
    expect((await (await signedIn('admin@other-league.example', 'admin')).get('/api/admin/audit-log')).status).toBe(403);
  });
});
