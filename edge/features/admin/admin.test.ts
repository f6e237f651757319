import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

async function signedIn(email: string, role: 'admin' | 'super_admin' | 'player') {
  const a = t.agent();
  await a.register({ email });
  await t.db.update(users).set({ role }).where(eq(users.email, email.toLowerCase()));
  return a;
}

describe('admin rights need the role AND the league e-mail domain (D6)', () => {
  it('derives the four flags of 000 s3 on the current user', async () => {
    const cases = [
      ['boss@wta.local', 'super_admin', { isAdmin: true, isSuperAdmin: true, hasAdminRole: true, hasValidDomain: true }],
      ['ref@WTA.LOCAL', 'admin', { isAdmin: true, isSuperAdmin: false, hasAdminRole: true, hasValidDomain: true }],
      ['admin@other-league.example', 'admin', { isAdmin: false, isSuperAdmin: false, hasAdminRole: true, hasValidDomain: false }],
      ['boss@other-league.example', 'super_admin', { isAdmin: false, isSuperAdmin: false, hasAdminRole: true, hasValidDomain: false }],
      ['player@wta.local', 'player', { isAdmin: false, isSuperAdmin: false, hasAdminRole: false, hasValidDomain: true }],
      // A look-alike domain is not the league's domain.
      ['x@evilwta.local', 'admin', { isAdmin: false, hasValidDomain: false }],
    ] as const;
    for (const [email, role, flags] of cases) {
      const a = await signedIn(email, role);
      expect(await (await a.get('/api/auth/user')).json()).toMatchObject(flags);
    }
  });

  it('lets a league admin list pending tournaments and refuses everyone else', async () => {
    const host = await signedIn('host@wta.local', 'player');
    const hostId = ((await (await host.get('/api/auth/user')).json()) as { id: string }).id;
    await t.db.insert(tournaments).values([
      { title: 'Pending Slam', startDate: new Date('2027-01-01'), status: 'pending', hostId },
      { title: 'Listed Cup', startDate: new Date('2027-01-02'), status: 'upcoming' },
    ]);

    expect((await t.agent().get('/api/admin/pending-tournaments')).status).toBe(401);
    expect((await host.get('/api/admin/pending-tournaments')).status).toBe(403);
    const foreign = await signedIn('admin@other-league.example', 'admin');
    const refused = await foreign.get('/api/admin/pending-tournaments');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/league domain/);

    const admin = await signedIn('admin@wta.local', 'admin');
    const ok = await admin.get('/api/admin/pending-tournaments');
    expect(ok.status).toBe(200);
    const list = (await ok.json()) as { title: string; host: { id: string } }[];
    expect(list.map((x) => x.title)).toEqual(['Pending Slam']);
    expect(list[0]!.host.id).toBe(hostId);
  });
});
