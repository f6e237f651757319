import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, desc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client.ts';
import { sessions, type Session } from '../../db/schema/auth.ts';
import { memberStandings } from '../../db/schema/incidents.ts';
import { users, type User } from '../../db/schema/users.ts';
import { MemberBlockedError, readStanding, standingBlock } from './standing.ts';

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

/** SHA-256 of the token in hex. node:crypto (native, also on Workers with nodejs_compat): it runs on every request. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A member keeps at most this many sessions: signing in once more ends the oldest (issue 10). */
export const MAX_SESSIONS_PER_USER = 20;
/** `lastUsedAt` moves at most this often: the sessions list needs minutes, not a database write per request. */
export const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;
/** Enough for any real browser's User-Agent; a longer header is cut, never refused. */
const USER_AGENT_MAX = 512;

export interface NewSessionOptions {
  /** The browser's User-Agent at sign-in, shown in the member's list of sessions. */
  userAgent?: string | null;
  /** The session this browser presented, ended with the new one's creation (no fixation, ADR 006). */
  replaces?: string | null;
  /**
   * Statements committed in the same batch as the session, whether or not the member may have one (sign-in's
   * release of its reserved attempt): one round trip for both (ADR 059).
   */
  alongside?: readonly BatchItem<'sqlite'>[];
}

/**
 * Stores a new session for `userId`. In one batch (one transaction, one round trip over HTTP, ADR 059) it also ends
 * the session it replaces, the member's expired sessions and, beyond MAX_SESSIONS_PER_USER, the oldest ones, so no
 * member ever holds more than 20. A suspended or banned member (D24) gets none: MemberBlockedError, and nothing of
 * the session is written (the batch's `alongside` statements are). The standing is checked by the INSERT itself, as
 * `standingBlock` reads it, so a suspension decided at the same moment either comes first (and refuses this) or after
 * (and ends the session it finds).
 */
export async function createSession(
  db: Db,
  token: string,
  userId: string,
  now: Date,
  options: NewSessionOptions = {},
): Promise<Session> {
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    createdAt: now,
    userAgent: options.userAgent?.trim().slice(0, USER_AGENT_MAX) || null,
    lastUsedAt: now,
  };
  // Every other statement changes something only once the new session exists: a refused sign-in ends nothing.
  const created = sql`exists (select 1 from sessions where id = ${session.id})`;
  const [inserted] = await db.batch([
    db.all<{ id: string }>(sql`insert into sessions (id, user_id, expires_at, created_at, user_agent, last_used_at)
      select ${session.id}, ${userId}, ${session.expiresAt.getTime()}, ${now.getTime()}, ${session.userAgent},
        ${now.getTime()}
      where not exists (select 1 from member_standings
        where user_id = ${userId} and (banned_at is not null or suspended_until > ${now.getTime()}))
      returning id`),
    ...(options.replaces ? [db.delete(sessions).where(and(eq(sessions.id, options.replaces), created))] : []),
    db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now), created)),
    db.delete(sessions).where(
      and(
        eq(sessions.userId, userId),
        notInArray(
          sessions.id,
          // Newest first; rowid breaks ties between sessions created in the same millisecond by insertion order.
          db
            .select({ id: sessions.id })
            .from(sessions)
            .where(eq(sessions.userId, userId))
            .orderBy(desc(sessions.createdAt), desc(sql`rowid`))
            .limit(MAX_SESSIONS_PER_USER),
        ),
      ),
    ),
    ...(options.alongside ?? []),
  ]);
  if (inserted.length > 0) return session;
  // Refused by the member's standing: read it for the message (the refusal's own round trip). A block lifted since
  // the INSERT (a moment ago) is no reason to refuse: then the session is created after all.
  const block = standingBlock(await readStanding(db, userId), now);
  if (block) throw new MemberBlockedError(block);
  return createSession(db, token, userId, now, { ...options, alongside: [] });
}

export interface SessionValidation {
  session: Session;
  user: User;
  /** True when expiresAt moved, so the cookie must be re-sent with the new expiry. */
  renewed: boolean;
}

function prepareLookup(db: Db) {
  return (
    db
      .select({
        session: sessions,
        user: users,
        standing: { suspendedUntil: memberStandings.suspendedUntil, bannedAt: memberStandings.bannedAt },
      })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      // D24: the member's standing rides along (one primary-key row), so a ban or suspension ends every session at once.
      .leftJoin(memberStandings, eq(memberStandings.userId, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare()
  );
}

// Every API request looks its session up: build that SQL once per database instead of on each request.
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/**
 * Looks up the session a token names; deletes it when expired, extends it when used late in life and records its
 * use at most every LAST_USED_RESOLUTION_MS.
 */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidation | null> {
  const id = sessionIdFromToken(token);
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.all({ id });
  if (!row) return null;
  const { session, user, standing } = row;
  if (now.getTime() >= session.expiresAt.getTime() || standingBlock(standing, now)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const renewed = session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS;
  const seen = !session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
  if (renewed || seen) {
    if (renewed) session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    if (seen) session.lastUsedAt = now;
    await db
      .update(sessions)
      .set({ expiresAt: session.expiresAt, lastUsedAt: session.lastUsedAt })
      .where(eq(sessions.id, id));
  }
  return { session, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
