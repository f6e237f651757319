// Members talking to each other over HTTP on both hosts: messages (D27), with the inbox poll's 304, blocking and the
// recipient picker; and conduct (D24): a report, the admin's decision, the member's appeal, and a suspension lifted.
import { describe, expect, it } from 'vitest';
import type { AdminIncidentPage, MyDecision } from '../features/incidents/schema.ts';
import { json, member } from '../features/payments/test-helpers.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { eachHost } from './host.ts';

eachHost((host) => {
  describe('edge/features/messages/routes.ts', () => {
    it('sends a message once per key, counts it unread, answers an unchanged inbox 304, and blocks', async () => {
      const alex = await member(host);
      const blair = await member(host);
      const key = { headers: { 'Idempotency-Key': crypto.randomUUID() } };
      const body = { recipientId: blair.id, content: 'Good game on Saturday!', type: 'general' };
      const sent = await json<{ id: number }>(await alex.agent.post('/api/messages/send', body, key), 201);
      expect(await json(await alex.agent.post('/api/messages/send', body, key), 201)).toEqual(sent);
      expect(await json(await blair.agent.get('/api/messages/unread-count'))).toEqual({ count: 1 });

      const inbox = await blair.agent.get('/api/messages/conversations');
      expect(JSON.stringify(await json(inbox))).toContain(alex.id);
      expect((await blair.agent.get('/api/messages/conversations', { headers: { 'if-none-match': inbox.headers.get('etag')! } })).status).toBe(304);
      const thread = await json<{ body?: string; content?: string }[]>(await blair.agent.get(`/api/messages/conversation/${alex.id}`));
      expect(JSON.stringify(thread)).toContain('Good game on Saturday!');
      expect(await json(await blair.agent.get('/api/messages/unread-count'))).toEqual({ count: 0 });
      expect((await blair.agent.get(`/api/messages/member/${alex.id}`)).status).toBe(200);

      expect((await blair.agent.post(`/api/messages/block/${alex.id}`)).status).toBe(200);
      expect((await alex.agent.post('/api/messages/send', { ...body, content: 'Hello?' })).status).toBe(403);
      expect((await blair.agent.delete(`/api/messages/block/${alex.id}`)).status).toBe(200);
      expect(JSON.stringify(await json(await alex.agent.get(`/api/users/all?search=${encodeURIComponent('Member')}`)))).toContain('Pat');
    });
  });

  describe('edge/features/incidents/routes.ts', () => {
    it("takes a member's report; the admin decides, the member appeals, the admin answers; a suspension is lifted", async () => {
      const reporter = await member(host);
      const reported = await member(host);
      const report = await json<{ id: number }>(
        await reporter.agent.post('/api/incidents/report', { memberId: reported.id, description: 'Shoved an opponent after the final.' }),
        201,
      );
      const admin = await leagueAdmin(host);
      const listed = await json<AdminIncidentPage>(await admin.agent.get('/api/admin/incidents'));
      expect(listed.incidents.find((i) => i.id === report.id)).toMatchObject({ member: { id: reported.id }, source: 'member' });
      const decided = await admin.agent.post(`/api/admin/incidents/${report.id}/decide`, { consequence: 'warning', note: 'A warning for the shove.' });
      expect(decided.status).toBe(200);

      const [decision] = await json<MyDecision[]>(await reported.agent.get('/api/incidents/mine'));
      expect(decision).toMatchObject({ consequence: 'warning', note: 'A warning for the shove.' });
      expect((await reported.agent.post(`/api/incidents/${decision!.id}/appeal`, { text: 'It was an accident, I slipped.' })).status).toBe(201);
      const answered = await admin.agent.post(`/api/admin/incidents/${decision!.id}/appeal`, { outcome: 'upheld', response: 'The video is clear.' });
      expect(answered.status).toBe(200);

      const [found] = await json<{ id: string }[]>(await admin.agent.get(`/api/admin/members/search?q=${encodeURIComponent(reported.email)}`));
      expect(found!.id).toBe(reported.id);
      expect((await admin.agent.post(`/api/admin/members/${reported.id}/suspend`, { days: 7, reason: 'Second incident.' })).status).toBe(200);
      // D24: a suspension signs the member out everywhere.
      expect((await reported.agent.get('/api/auth/user')).status).toBe(401);
      expect(await json(await admin.agent.get(`/api/admin/members/${reported.id}/standing`))).toMatchObject({ standing: { banned: false, suspendedUntil: expect.any(String) } });
      expect((await admin.agent.post(`/api/admin/members/${reported.id}/lift`, { reason: 'Served enough.' })).status).toBe(200);
      expect(await json(await admin.agent.get(`/api/admin/members/${reported.id}/standing`))).toMatchObject({ standing: { banned: false, suspendedUntil: null } });
    });
  });
});
