import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions, type Session } from '../../../db/schema/auth.ts';
import { describeDevice } from '../../lib/device-name.ts';

/** One of a member's active sessions as the member sees it (GET /api/sessions). */
export interface SessionSummary {
  /** Opaque handle for DELETE /api/sessions/{id}: neither the cookie's token nor the stored id. */
  id: string;
  /** "Chrome on Android"; the raw User-Agent (trimmed) when it is not a browser we know. */
  device: string;
  userAgent: string | null;
  createdAt: string;
  /** Within LAST_USED_RESOLUTION_MS; null for a session that predates the column. */
  lastUsedAt: string | null;
  /** The session this request came with. */
  current: boolean;
}

/**
 * The handle a member names a session by. The stored id is the SHA-256 of the cookie's token, and anything that
 * reaches a page could leak; a prefix of a further, domain-separated hash names the session without helping anyone
 * look it up or forge a cookie. 64 bits: no collision among a member's 20 sessions.
 */
export function sessionHandle(sessionId: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`wta-session-handle:${sessionId}`))).slice(0, 16);
}

async function activeSessions(db: Db, userId: string, now: Date): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
}

/** The member's active sessions: the current one first, then the most recently used. */
export async function listSessions(db: Db, userId: string, currentId: string, now: Date): Promise<SessionSummary[]> {
  const rows = await activeSessions(db, userId, now);
  const lastUse = (s: Session) => (s.lastUsedAt ?? s.createdAt).getTime();
  rows.sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId) || lastUse(b) - lastUse(a));
  return rows.map((s) => ({
    id: sessionHandle(s.id),
    device: describeDevice(s.userAgent),
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
    current: s.id === currentId,
  }));
}

/** Ends every session of the member except `currentId`; answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends the member's session named by `handle`; null when the member has no such session. */
export async function endSessionByHandle(
  db: Db,
  userId: string,
  handle: string,
  currentId: string,
  now: Date,
): Promise<{ current: boolean } | null> {
  const target = (await activeSessions(db, userId, now)).find((s) => sessionHandle(s.id) === handle);
  if (!target) return null;
  // userId again in the WHERE: a handle never reaches another member's session.
  await db.delete(sessions).where(and(eq(sessions.id, target.id), eq(sessions.userId, userId)));
  return { current: target.id === currentId };
}
