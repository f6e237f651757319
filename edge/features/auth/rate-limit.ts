import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/**
 * D35's counters, kept as rows of `sign_in_failures` (kind, key, time):
 * - 'ip': failed sign-ins from an address without the account's device cookie. 10 in 10 minutes, then that
 *   address's untrusted attempts are refused for 10 minutes (`lockMs`).
 * - 'account': failed untrusted sign-ins on an account (keyed by e-mail, known or not). 100 in an hour, then
 *   untrusted attempts are refused until the hour has passed (a sliding window).
 * - 'device': failed sign-ins from one device cookie (keyed by its nonce). 10 an hour.
 * - 'registration': accounts created from an address. 30 an hour.
 * The numbers are the specification's; nothing configures them.
 */
export type LimitKind = 'ip' | 'account' | 'device' | 'registration';

export interface Limit {
  max: number;
  windowMs: number;
  /** Once `max` attempts fell within one window, refuse for this long after the attempt that filled it. */
  lockMs?: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const LIMITS: Record<LimitKind, Limit> = {
  ip: { max: 10, windowMs: 10 * MINUTE, lockMs: 10 * MINUTE },
  account: { max: 100, windowMs: HOUR },
  device: { max: 10, windowMs: HOUR },
  registration: { max: 30, windowMs: HOUR },
};

/** Rows older than every window (and lock) are forgotten. */
const KEEP_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs + (l.lockMs ?? 0)));

export interface Counter {
  kind: LimitKind;
  key: string;
}

/**
 * The rule, as plain data (the SQL below says the same; a property test holds them together): a counter is full
 * while its window holds `max` attempts, and, with `lockMs`, for `lockMs` after any attempt that filled a window.
 */
export function isFull(limit: Limit, times: readonly number[], now: number): boolean {
  const endingAt = (end: number) => times.filter((t) => t > end - limit.windowMs && t <= end).length;
  if (times.filter((t) => t > now - limit.windowMs).length >= limit.max) return true;
  const lockMs = limit.lockMs;
  if (!lockMs) return false;
  return times.some((t) => t > now - lockMs && endingAt(t) >= limit.max);
}

function fullSql({ kind, key }: Counter, now: number): SQL {
  const limit = LIMITS[kind];
  const sliding = sql`(SELECT count(*) FROM sign_in_failures
    WHERE kind = ${kind} AND key = ${key} AND created_at > ${now - limit.windowMs}) >= ${limit.max}`;
  if (!limit.lockMs) return sliding;
  return sql`(${sliding} OR EXISTS (SELECT 1 FROM sign_in_failures f
    WHERE f.kind = ${kind} AND f.key = ${key} AND f.created_at > ${now - limit.lockMs}
      AND (SELECT count(*) FROM sign_in_failures g
        WHERE g.kind = f.kind AND g.key = f.key
          AND g.created_at > f.created_at - ${limit.windowMs} AND g.created_at <= f.created_at) >= ${limit.max}))`;
}

/**
 * Reserves one attempt on every counter at once, in ONE statement: the rows are inserted only if none of the
 * counters is full, so concurrent attempts can never record more than a limit (SQLite runs a statement as one
 * write). Its rows are the reserved ids (`reservedIds`). A reservation is a failure until `releaseAttempt` removes it
 * (the attempt succeeded, or an unexpected error ended it); an attempt turned away because hashing was busy keeps
 * it (ADR 051). A query, so sign-in can send it in one batch with its other reads (ADR 059).
 */
export function reserveAttemptQuery(db: Db, counters: readonly Counter[], now: Date) {
  const at = now.getTime();
  const values = sql.join(
    counters.map((c) => sql`(${c.kind}, ${c.key})`),
    sql`, `,
  );
  const refused = sql.join(
    counters.map((c) => fullSql(c, at)),
    sql` OR `,
  );
  return db.all<{ id: number }>(sql`INSERT INTO sign_in_failures (kind, key, created_at)
    SELECT column1, column2, ${at} FROM (VALUES ${values}) WHERE NOT (${refused})
    RETURNING id`);
}

/** The ids `reserveAttemptQuery` reserved for `counters`, or null when a counter was full (nothing recorded). */
export function reservedIds(rows: readonly { id: number }[], counters: readonly Counter[]): number[] | null {
  return rows.length === counters.length ? rows.map((r) => r.id) : null;
}

/** `reserveAttemptQuery` on its own. */
export async function reserveAttempt(db: Db, counters: readonly Counter[], now: Date): Promise<number[] | null> {
  if (counters.length === 0) return [];
  return reservedIds(await reserveAttemptQuery(db, counters, now), counters);
}

/** Removes reserved attempts (a successful sign-in is not a failure); a query, to batch with the new session. */
export function releaseAttemptQuery(db: Db, ids: readonly number[]) {
  return db.run(sql`DELETE FROM sign_in_failures WHERE id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`);
}

/** `releaseAttemptQuery` on its own. */
export async function releaseAttempt(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await releaseAttemptQuery(db, ids);
}

/** Which of the counters is full now (for the refusal's message); null if none is any more. */
export async function fullCounter(db: Db, counters: readonly Counter[], now: Date): Promise<Counter | null> {
  for (const c of counters) {
    const [row] = await db.all<{ full: number }>(sql`SELECT ${fullSql(c, now.getTime())} AS full`);
    if (row?.full) return c;
  }
  return null;
}

/** Forgets attempts older than every window. */
export async function pruneAttempts(db: Db, now: Date) {
  await db.run(sql`DELETE FROM sign_in_failures WHERE created_at < ${now.getTime() - KEEP_MS}`);
}

export const TOO_MANY_FROM_ADDRESS =
  'Too many failed sign-in attempts from this network. Please wait 10 minutes, or sign in from a device you have signed in on before.';
export const TOO_MANY_ON_ACCOUNT =
  'Too many failed sign-in attempts on this account. Please try again within the hour, or sign in from a device you have signed in on before.';
export const TOO_MANY_REGISTRATIONS =
  'Too many accounts have been created from this network in the last hour. Please try again later.';
