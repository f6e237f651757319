import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const complete = { role: 'owner', tagline: 'Built different', city: 'Atlanta, GA', sport: 'basketball' };

describe('PATCH /api/users/profile', () => {
  it('is refused with 401 Unauthorized when signed out', async () => {
    const res = await t.agent().patch('/api/users/profile', complete);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each([
    [{ ...complete, tagline: '' }, 'tagline', 'Tagline is required'],
    [{ ...complete, city: undefined }, 'city', 'City is required'],
    [{ ...complete, sport: 'curling' }, 'sport', 'Please select a sport'],
    [{ ...complete, role: 'fan' }, 'role', 'Choose Solo Player or Team Owner'],
  ])('refuses %j with 400 and changes nothing', async (input, field, message) => {
    const a = t.agent();
    await a.register({ role: 'fan' });
    const res = await a.patch('/api/users/profile', input);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(json.message).toBe(message);
    expect(json.errors[field]).toContain(message);
    const me = (await (await a.get('/api/auth/user')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ role: 'fan', tagline: null, profileComplete: false });
  });

  it('completes the profile with the chosen path', async () => {
    const a = t.agent();
    await a.register({ role: 'fan' });
    const res = await a.patch('/api/users/profile', complete);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'owner', tagline: 'Built different', city: 'Atlanta, GA', sport: 'basketball', profileComplete: true });
  });

  it('never demotes an administrator: the request is refused with 403 and nothing is saved', async () => {
    const email = uniqueEmail();
    const a = t.agent();
    await a.register({ email });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    const res = await a.patch('/api/users/profile', { ...complete, role: 'player' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your admin role is changed by a super admin, not through your profile.' });
    const me = (await (await a.get('/api/auth/user')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ role: 'admin', tagline: null, profileComplete: false });
  });
});
