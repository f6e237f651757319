import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type Session } from '../../db/schema/auth.ts';
import { users, type User } from '../../db/schema/users.ts';

/**
 * Sessions after the Lucia guide (ADR 006): a 160-bit random token lives only in the cookie; the database
 * keeps its SHA-256, so reading the table does not yield usable cookies.
 */
export const SESSION_COOKIE = 'wta_session';
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
/** Sessions used within the last half of their life are extended to a fresh 30 days. */
const RENEW_WITHIN_MS = 15 * DAY;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(db: Db, token: string, userId: string, now: Date): Promise<Session> {
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    createdAt: now,
    userAgent: null,
    lastUsedAt: now,
  };
  await db.insert(sessions).values(session);
  return session;
}

export interface SessionValidation {
  session: Session;
  user: User;
  /** True when expiresAt moved, so the cookie must be re-sent with the new expiry. */
  renewed: boolean;
}

function prepareLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare();
}

// Every API request looks its session up: build that SQL once per database instead of on each request.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** Looks up the session a token names; deletes it when expired and extends it when used late in life. */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidation | null> {
  const id = sessionIdFromToken(token);
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.all({ id });
  if (!row) return null;
  const { session, user } = row;
  if (now.getTime() >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  if (session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS) {
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { session, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
