import { randomUUID } from 'node:crypto';
import { users, type Role } from '../../db/schema/users.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../lib/sessions.ts';
import type { TestAgent, TestFixtures } from './app.ts';

export interface FastMemberOptions {
  role?: Role;
  isVerified?: boolean;
  /** Default: a unique address at example.test; pass one at wta.local (the test league domain) for an admin. */
  email?: string;
  firstName?: string;
  lastName?: string;
  wtaPoints?: number;
  wins?: number;
  losses?: number;
  gamesPlayed?: number;
}

/**
 * A member written straight into the database with a signed-in agent: no sign-up request, so no password hash (scrypt
 * costs about a second here) for tests that are about something else than signing in. Sessions are created by the
 * same function the sign-in route uses.
 */
export async function fastMember(
  t: TestFixtures,
  options: FastMemberOptions = {},
): Promise<{ agent: TestAgent; id: string }> {
  const id = randomUUID();
  await t.db.insert(users).values({
    id,
    email: (options.email ?? `${id}@example.test`).toLowerCase(),
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'Member',
    role: options.role ?? 'player',
    isVerified: options.isVerified ?? false,
    wtaPoints: options.wtaPoints ?? 0,
    wins: options.wins ?? 0,
    losses: options.losses ?? 0,
    gamesPlayed: options.gamesPlayed ?? 0,
  });
  const token = generateSessionToken();
  await createSession(t.db, token, id, t.now());
  const agent = t.agent();
  agent.cookies.set(SESSION_COOKIE, token);
  return { agent, id };
}

/** A unique address at the test league's domain (LEAGUE_EMAIL_DOMAIN=wta.local), for admins. */
export function leagueEmail(): string {
  return `${randomUUID()}@wta.local`;
}
