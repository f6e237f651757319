// The admin control center over HTTP on both hosts (D6, D10, D11, D24): hosting a tournament and its approval, the
// tournament manager, verification, member management, and the audit log those actions write.
import { describe, expect, it } from 'vitest';
import type { AuditLogItem } from '../features/audit-log/schema.ts';
import { hostForm } from '../features/hosting/test-fixtures.ts';
import { json, member } from '../features/payments/test-helpers.ts';
import type { AdminMember } from '../features/users/constants.ts';
import { expectRefused, leagueAdmin } from '../test/admin-fixtures.ts';
import type { AuditLogPage } from '../lib/audit.ts';
import { eachHost } from './host.ts';

const application = {
  applicationReason: 'I have organised community pickleball for six years and want to host league events here.',
  achievements: 'Two regional titles and a city league run every summer.',
  socialMedia: '@pat_plays',
};

eachHost((host) => {
  describe('edge/features/hosting/routes.ts', () => {
    it('takes a verified member’s submission, which an admin approves; the manager creates and edits its own', async () => {
      const verified = await member(host, { verified: true });
      const submitted = await json<{ id: number; status: string }>(await verified.agent.post('/api/tournaments/host', hostForm(host)), 201);
      expect(submitted.status).toBe('pending');
      expect(await json(await verified.agent.get('/api/tournaments/hosted/mine'))).toEqual({
        tournaments: [expect.objectContaining({ id: submitted.id, status: 'pending' })],
        nextCursor: null,
      });
      expect((await (await member(host)).agent.post('/api/tournaments/host', hostForm(host))).status).toBe(403);

      const admin = await leagueAdmin(host);
      const pending = await json<{ id: number }[]>(await admin.agent.get('/api/admin/pending-tournaments'));
      expect(pending.map((t) => t.id)).toContain(submitted.id);
      expect(await json(await admin.agent.patch(`/api/admin/tournaments/${submitted.id}/approve`))).toMatchObject({ id: submitted.id, status: 'upcoming' });

      const other = await json<{ id: number }>(await verified.agent.post('/api/tournaments/host', hostForm(host, { title: 'Second Try' })), 201);
      expect(await json(await admin.agent.patch(`/api/admin/tournaments/${other.id}/reject`, { reason: 'Venue not confirmed' }))).toMatchObject({ status: 'rejected' });

      const created = await json<{ id: number }>(await admin.agent.post('/api/admin/tournaments', hostForm(host, { title: 'League Night' }, 20)), 201);
      const edited = await admin.agent.patch(`/api/admin/tournaments/${created.id}`, hostForm(host, { title: 'League Night II' }, 20));
      expect(await json(edited)).toMatchObject({ id: created.id, title: 'League Night II' });
      const manager = await json<{ tournaments: { id: number }[] }>(await admin.agent.get('/api/admin/tournaments?status=upcoming&limit=100'));
      expect(manager.tournaments.length).toBeGreaterThan(0);
    });
  });

  describe('edge/features/verification/routes.ts', () => {
    it('takes an application, queues it for admins, and verifies the member on approval', async () => {
      const applicant = await member(host);
      const applied = await json<{ id: number; status: string }>(await applicant.agent.post('/api/verification/apply', application), 201);
      expect(applied.status).toBe('pending');
      expect(await json(await applicant.agent.get('/api/verification/applications'))).toEqual([expect.objectContaining({ id: applied.id })]);
      const admin = await leagueAdmin(host);
      const queue = await json<{ id: number }[]>(await admin.agent.get('/api/verification/admin/applications?limit=100'));
      expect(queue.map((a) => a.id)).toContain(applied.id);
      expect(await json(await admin.agent.patch(`/api/verification/${applied.id}/approve`))).toMatchObject({ id: applied.id, status: 'approved' });
      expect(await json(await applicant.agent.get('/api/auth/user'))).toMatchObject({ isVerified: true });
    });
  });

  describe('edge/features/users/admin-routes.ts', () => {
    it('finds a member, sets their role and verification, ends their sessions; lists admins and coaches', async () => {
      const admin = await leagueAdmin(host);
      const someone = await member(host);
      const [found] = await json<AdminMember[]>(await admin.agent.get(`/api/admin/users?q=${encodeURIComponent(someone.email)}`));
      expect(found).toMatchObject({ id: someone.id, role: 'player', isVerified: false });
      expect(await json(await admin.agent.patch(`/api/admin/users/${someone.id}/role`, { role: 'owner' }))).toMatchObject({ role: 'owner' });
      expect(await json(await admin.agent.patch(`/api/admin/users/${someone.id}/verified`, { isVerified: true }))).toMatchObject({ isVerified: true });
      expect((await admin.agent.delete(`/api/admin/users/${someone.id}/sessions`)).status).toBe(200);
      expect((await someone.agent.get('/api/auth/user')).status).toBe(401);
      expect(JSON.stringify(await json(await admin.agent.get('/api/admin/permissions')))).toContain(admin.id);
      expect((await admin.agent.get('/api/admin/coaches')).status).toBe(200);
      await expectRefused(host, (agent) => agent.get('/api/admin/users'));
    });
  });

  describe('edge/features/admin/routes.ts', () => {
    it('reads the append-only audit log, newest first, a page at a time', async () => {
      const admin = await leagueAdmin(host);
      const someone = await member(host);
      await admin.agent.patch(`/api/admin/users/${someone.id}/role`, { role: 'fan' });
      const page = await json<AuditLogPage>(await admin.agent.get('/api/admin/audit-log?limit=5'));
      expect(page.entries.length).toBeGreaterThanOrEqual(1);
      expect(page.entries.find((e) => e.targetId === someone.id)).toMatchObject({ action: 'role.change', actorId: admin.id });
      await expectRefused(host, (agent) => agent.get('/api/admin/audit-log'));
    });
  });

  describe('edge/features/audit-log/routes.ts', () => {
    it("filters the audit log by target and action, naming the actor", async () => {
      const admin = await leagueAdmin(host);
      const someone = await member(host);
      await admin.agent.patch(`/api/admin/users/${someone.id}/verified`, { isVerified: true });
      const entries = await json<AuditLogItem[]>(
        await admin.agent.get(`/api/admin/audit?targetType=user&targetId=${someone.id}&action=verified.change`),
      );
      expect(entries).toEqual([expect.objectContaining({ action: 'verified.change', targetId: someone.id, actor: expect.objectContaining({ id: admin.id }) })]);
    });
  });
});
