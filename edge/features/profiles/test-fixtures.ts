// What the profile API tests share: the reads of both profiles and the rows they are built from.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import type { TestApp } from '../../test/app.ts';
import type { Member } from '../payments/test-helpers.ts';
import type { PlayerProfile, TeamProfile } from './schema.ts';

export const NOW = new Date('2026-11-21T12:00:00Z');

/** GET /api/players/{id}/profile as a guest, or as `who`; expects 200. */
export async function profileOf(t: TestApp, id: string, who?: Member): Promise<PlayerProfile> {
  const res = who ? await who.agent.get(`/api/players/${id}/profile`) : await t.request(`/api/players/${id}/profile`);
  expect(res.status).toBe(200);
  return (await res.json()) as PlayerProfile;
}

/** GET /api/teams/{id}/profile as a guest, or as `who`; expects 200. */
export async function teamOf(t: TestApp, id: number, who?: Member): Promise<TeamProfile> {
  const res = who ? await who.agent.get(`/api/teams/${id}/profile`) : await t.request(`/api/teams/${id}/profile`);
  expect(res.status).toBe(200);
  return (await res.json()) as TeamProfile;
}

export async function setUser(t: TestApp, id: string, fields: Partial<typeof users.$inferInsert>) {
  await t.db.update(users).set(fields).where(eq(users.id, id));
}

export async function addTeam(t: TestApp, ownerId: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(teams)
    .values({ name: 'Atlanta Heat Check', ownerId, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}
