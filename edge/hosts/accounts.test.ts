// Accounts over HTTP on both hosts: sign-up and sign-in, sessions, Google's refusal when it is not configured, profile
// completion and Edit Profile, the picture stored and served back, the waiver, push devices, notifications, support.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/messages.ts';
import { waivers } from '../../db/schema/waivers.ts';
import { users } from '../../db/schema/users.ts';
import type { CurrentUser } from '../lib/current-user.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../lib/sessions.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { uniqueEmail } from '../test/agent.ts';
import { gradient, pngFile } from '../test/images.ts';
import { pngDataUrl } from '../test/png.ts';
import { member } from '../features/payments/test-helpers.ts';
import { eachHost, type Host } from './host.ts';

/** Every file under `dir` (the host's uploads folder or R2's emulated storage). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

eachHost((host: Host) => {
  describe('edge/features/auth/routes.ts', () => {
    it('signs up, knows the member, revalidates with a 304, signs out and in again, and refuses a wrong password', async () => {
      const agent = host.agent();
      const email = uniqueEmail('hosts');
      const registered = await agent.register({ email, firstName: 'Avery', lastName: 'Hosts' });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ email, firstName: 'Avery', role: 'player', profileComplete: false });
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(true);

      const me = await agent.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(((await me.json()) as CurrentUser).email).toBe(email);
      const etag = me.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(me.headers.get('cache-control')).toMatch(/private/);
      const again = await agent.get('/api/auth/user', { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);

      expect((await agent.logout()).status).toBe(200);
      expect(agent.cookies.has(SESSION_COOKIE)).toBe(false);
      expect((await agent.get('/api/auth/user')).status).toBe(401);

      const wrong = await agent.login(email, 'not-the-password');
      expect([wrong.status, await wrong.json()]).toEqual([401, { message: 'Invalid email or password' }]);
      expect((await agent.login(email)).status).toBe(200);
      expect((await agent.get('/api/auth/user')).status).toBe(200);
    });

    it('sends GET /api/login to the sign-in page, keeping a safe return path', async () => {
      const res = await host.request('/api/login?returnTo=%2Ftournaments');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth?returnTo=%2Ftournaments');
    });
  });

  describe('edge/features/auth/session-routes.ts', () => {
    it("lists a member's sessions, ends another one, then all but this one", async () => {
      const { id, agent } = await member(host);
      for (let i = 0; i < 2; i++) await createSession(host.db, generateSessionToken(), id, host.now());
      const listed = await agent.get('/api/sessions');
      expect(listed.status).toBe(200);
      const sessions = (await listed.json()) as { id: string; current: boolean }[];
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);

      const other = sessions.find((s) => !s.current)!;
      const ended = await agent.delete(`/api/sessions/${other.id}`);
      expect(await ended.json()).toEqual({ success: true, current: false });
      expect(await (await agent.post('/api/logout-everywhere')).json()).toEqual({ ended: 1 });
      expect(await (await agent.get('/api/sessions')).json()).toHaveLength(1);
    });
  });

  describe('edge/features/auth/google-routes.ts', () => {
    it('says Google sign-in is not configured: JSON to a caller, a page to a browser', async () => {
      const api = await host.request('/api/auth/google');
      expect([api.status, await api.json()]).toEqual([503, { message: 'Google sign-in is not configured on this server' }]);
      const page = await host.request('/api/auth/google/callback?code=x&state=y', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('Google sign-in is not configured on this server');
    });
  });

  describe('edge/features/users/routes.ts', () => {
    it('completes the profile (Choose Your Path): the role, the tagline, the city and the sport', async () => {
      const { agent } = await member(host);
      const res = await agent.patch('/api/users/profile', { role: 'owner', tagline: 'Run it back', city: 'Atlanta', sport: 'basketball' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ role: 'owner', tagline: 'Run it back', city: 'Atlanta', profileComplete: true });
      const refused = await agent.patch('/api/users/profile', { tagline: '', city: 'Atlanta', sport: 'basketball' });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, 'Tagline is required']);
    });
  });

  describe('edge/features/profile-edit/routes.ts', () => {
    it('reads the editable profile and saves a change', async () => {
      const { agent } = await member(host);
      const read = await agent.get('/api/profile');
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({ firstName: 'Pat' });
      const saved = await agent.patch('/api/profile', { city: '  Decatur  ', state: 'GA' });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ city: 'Decatur', state: 'GA' });
    });
  });

  describe('edge/features/images/routes.ts', () => {
    it('stores an uploaded picture (a folder on Node, R2 on the Worker) and serves it back as it was stored', async () => {
      const { agent, id } = await member(host);
      const form = new FormData();
      form.append('image', new File([(await pngFile(gradient(320, 240))) as Uint8Array<ArrayBuffer>], 'me.png', { type: 'image/png' }));
      const res = await agent.post('/api/profile/upload-image', form);
      expect(res.status).toBe(200);
      const url = ((await res.json()) as CurrentUser).profileImageUrl!;
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
      const [row] = await host.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, id));
      expect(row!.url).toBe(url);

      const served = await host.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // Named by the SHA-256 of the stored bytes: what came back is what was stored.
      expect(`/uploads/${createHash('sha256').update(bytes).digest('hex')}.jpg`).toBe(url);
      // And it lies where the host keeps files: the bytes themselves, in its folder or in R2's storage.
      expect(filesUnder(host.blobsDir).some((file) => readFileSync(file).equals(bytes))).toBe(true);

      const revalidated = await host.request(url, { headers: { 'if-none-match': served.headers.get('etag')! } });
      expect(revalidated.status).toBe(304);
      const missing = await host.request(`/uploads/${'0'.repeat(64)}.jpg`);
      expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not found' }]);
    });
  });

  describe('edge/features/waivers/routes.ts', () => {
    it("signs the waiver from the caller's address, shows it signed, and lists it in the admin's waiver log", async () => {
      const { agent, id } = await member(host, { waiver: false });
      expect(await (await agent.get('/api/waivers/status')).json()).toMatchObject({ hasSigned: false });
      const signed = await agent.post('/api/waivers', {
        type: 'liability',
        agreed: true,
        signerName: 'Pat Member',
        dateOfBirth: '1990-05-01',
        signatureData: pngDataUrl(),
        emergencyContactName: 'Sam Member',
        emergencyContactPhone: '(404) 555-0199',
      });
      expect(signed.status).toBe(201);
      expect(await (await agent.get('/api/waivers/status')).json()).toMatchObject({ hasSigned: true, dateOfBirth: '1990-05-01' });
      // The address each host takes for the caller: the Worker the CF-Connecting-IP that wrangler dev passed on, the
      // Node host its socket's (X-Forwarded-For and the like are never trusted there).
      const [row] = await host.db.select({ ip: waivers.ipAddress }).from(waivers).where(eq(waivers.userId, id));
      expect(row!.ip).toMatch(host.name === 'worker' ? agent.ip : /^(::ffff:)?127\.0\.0\.1$/);

      const admin = await leagueAdmin(host);
      const log = await admin.agent.get(`/api/waivers/admin/all?search=${encodeURIComponent('Pat Member')}`);
      expect(log.status).toBe(200);
      expect(JSON.stringify(await log.json())).toContain(id);
    });
  });

  describe('edge/features/push/routes.ts', () => {
    it("gives the VAPID key, saves a member's device, lists it and removes it", async () => {
      const key = await host.request('/api/push/public-key');
      expect(key.status).toBe(200);
      expect(((await key.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const { agent } = await member(host);
      const endpoint = `https://fcm.googleapis.com/fcm/send/hosts-${crypto.randomUUID()}`;
      const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
      const saved = await agent.post('/api/push/subscriptions', { endpoint, keys });
      expect(saved.status).toBe(201);
      expect(await (await agent.get('/api/push/subscriptions')).json()).toHaveLength(1);
      const removed = await agent.delete(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`);
      expect(await removed.json()).toEqual({ success: true });
      expect(await (await agent.get('/api/push/subscriptions')).json()).toEqual([]);
    });
  });

  describe('edge/features/notifications/routes.ts', () => {
    it("lists a member's notifications and marks them read", async () => {
      const { agent, id } = await member(host);
      await host.db
        .insert(notifications)
        .values({ userId: id, kind: 'system', title: 'Welcome', body: 'Glad you are here', createdAt: host.now() });
      const listed = await agent.get('/api/notifications');
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual([expect.objectContaining({ title: 'Welcome', read: false })]);
      expect(await (await agent.patch('/api/notifications/read')).json()).toEqual({ updated: 1 });
      expect(await (await agent.get('/api/notifications')).json()).toEqual([expect.objectContaining({ read: true })]);
    });
  });

  describe('edge/features/support/routes.ts', () => {
    it("sends a member's request to the league admins as a message", async () => {
      await leagueAdmin(host);
      const { agent } = await member(host);
      const res = await agent.post('/api/support', { topic: 'payment', content: 'My payment went through twice, please help.' });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { sentTo: number }).sentTo).toBeGreaterThanOrEqual(1);
    });
  });

  describe('edge/features/players/routes.ts', () => {
    it("answers a player's current team (none yet)", async () => {
      const { agent } = await member(host);
      const res = await agent.get('/api/player/current-team');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ hasTeam: false });
      expect((await host.request('/api/player/current-team')).status).toBe(401);
    });
  });

  describe('edge/features/verified-dashboard/routes.ts', () => {
    it('is for verified members only', async () => {
      const plain = await member(host);
      expect((await plain.agent.get('/api/verified-dashboard')).status).toBe(403);
      const verified = await member(host, { verified: true });
      const res = await verified.agent.get('/api/verified-dashboard');
      expect(res.status).toBe(200);
      expect(await res.json()).toBeTypeOf('object');
    });
  });
});
