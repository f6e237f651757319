// GET /api/admin/audit (D24, D6): the audit log admins read, filtered by target and action, paged on its indexes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../lib/audit.ts';
import { expectRefused, leagueAdmin } from '../../test/admin-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { json, type Member } from '../payments/test-helpers.ts';
import { NEXT_CURSOR_HEADER, type AuditLogItem } from './schema.ts';
import { auditStatement } from './service.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

async function write(
  action: 'payment.refund' | 'blog.publish' | 'sponsor.hide',
  targetType: 'payment' | 'blog_post' | 'sponsor',
  targetId: number,
  actorId: string | null = null,
) {
  t.advance(1000);
  await recordAudit(t.db, {
    actorId,
    action,
    targetType,
    targetId,
    before: { n: targetId },
    after: { n: targetId + 1 },
    at: t.now(),
  });
}

describe('GET /api/admin/audit', () => {
  it('reads newest first with the actor, and filters by target type, target id and actions', async () => {
    await write('payment.refund', 'payment', 1, admin.id);
    await write('blog.publish', 'blog_post', 1);
    await write('payment.refund', 'payment', 2, admin.id);
    await write('sponsor.hide', 'sponsor', 7, 'gone-user');
    const all = await json<AuditLogItem[]>(await admin.agent.get('/api/admin/audit'));
    expect(all.map((e) => e.action)).toEqual(['sponsor.hide', 'payment.refund', 'blog.publish', 'payment.refund']);
    expect(all[1]).toMatchObject({
      targetType: 'payment',
      targetId: '2',
      before: { n: 2 },
      after: { n: 3 },
      actor: { id: admin.id, email: admin.email },
    });
    expect(all[0]).toMatchObject({ actor: null, actorId: 'gone-user' });

    const ids = async (q: string) =>
      (await json<AuditLogItem[]>(await admin.agent.get(`/api/admin/audit?${q}`))).map(
        (e) => `${e.targetType}:${e.targetId}`,
      );
    expect(await ids('targetType=payment')).toEqual(['payment:2', 'payment:1']);
    expect(await ids('targetType=payment&targetId=1')).toEqual(['payment:1']);
    expect(await ids('action=blog.publish,sponsor.hide')).toEqual(['sponsor:7', 'blog_post:1']);
    expect(await ids('action=payment.refund&targetType=payment&targetId=2')).toEqual(['payment:2']);

    expect(await json(await admin.agent.get('/api/admin/audit?targetType=planet'), 400)).toMatchObject({
      message: expect.stringContaining('targetType must be one of'),
    });
    expect(await json(await admin.agent.get('/api/admin/audit?targetId=3'), 400)).toMatchObject({
      message: 'targetId needs a targetType',
    });
    expect(await json(await admin.agent.get('/api/admin/audit?action=drop%20table'), 400)).toMatchObject({
      message: expect.stringContaining('action must be'),
    });
  });

  it('pages by the X-Next-Cursor without repeating or skipping entries written meanwhile', async () => {
    for (let i = 1; i <= 5; i++) await write('payment.refund', 'payment', i);
    const first = await admin.agent.get('/api/admin/audit?limit=2');
    expect((await json<AuditLogItem[]>(first)).map((e) => e.targetId)).toEqual(['5', '4']);
    await write('payment.refund', 'payment', 6);
    const second = await admin.agent.get(`/api/admin/audit?limit=2&cursor=${first.headers.get(NEXT_CURSOR_HEADER)!}`);
    expect((await json<AuditLogItem[]>(second)).map((e) => e.targetId)).toEqual(['3', '2']);
    const third = await admin.agent.get(`/api/admin/audit?limit=2&cursor=${second.headers.get(NEXT_CURSOR_HEADER)!}`);
    expect((await json<AuditLogItem[]>(third)).map((e) => e.targetId)).toEqual(['1']);
    expect(third.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    expect((await admin.agent.get('/api/admin/audit?cursor=x!')).status).toBe(400);
  });

  it('reads a target along audit_log_target_idx and everything else along audit_log_created_idx, never sorting', async () => {
    const plan = async (q: Parameters<typeof auditStatement>[1]) => {
      const { sql: text, params } = auditStatement(t.db, q).toSQL();
      return (await t.client.execute({ sql: `explain query plan ${text}`, args: params as never })).rows
        .map((r) => String(r.detail))
        .join('\n');
    };
    const all = await plan({ limit: 25 });
    const paged = await plan({ limit: 25, cursor: { at: 5, id: 3 } });
    const target = await plan({ limit: 25, targetType: 'payment', targetId: '4', cursor: { at: 5, id: 3 } });
    expect(all).toContain('SCAN audit_log USING INDEX audit_log_created_idx');
    expect(paged).toMatch(/audit_log USING INDEX audit_log_created_idx/);
    expect(target).toContain('SEARCH audit_log USING INDEX audit_log_target_idx (target_type=? AND target_id=?');
    for (const p of [all, paged, target]) expect(p).not.toContain('TEMP B-TREE');
  });

  it('refuses guests (401), players and the foreign-domain admin (403)', async () => {
    await expectRefused(t, (a) => a.get('/api/admin/audit'));
  });
});
