import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { signInFailures } from '../../../db/schema/auth.ts';

/** D5 limits: failed sign-ins counted per IP and per account over sliding windows. */
export const SIGN_IN_LIMITS = {
  ip: { max: 10, windowMs: 10 * 60 * 1000 },
  account: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

async function failuresSince(db: Db, kind: 'ip' | 'account', key: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.kind, kind), eq(signInFailures.key, key), gte(signInFailures.createdAt, since)));
  return row?.n ?? 0;
}

/** True when either the IP or the account has used up its failures for the window. */
export async function isSignInLimited(db: Db, ip: string | undefined, email: string, now: Date) {
  const byAccount = await failuresSince(
    db,
    'account',
    email,
    new Date(now.getTime() - SIGN_IN_LIMITS.account.windowMs),
  );
  if (byAccount >= SIGN_IN_LIMITS.account.max) return true;
  if (!ip) return false;
  const byIp = await failuresSince(db, 'ip', ip, new Date(now.getTime() - SIGN_IN_LIMITS.ip.windowMs));
  return byIp >= SIGN_IN_LIMITS.ip.max;
}

/** Records one failed attempt for the account and the IP, and forgets attempts older than the longest window. */
export async function recordSignInFailure(db: Db, ip: string | undefined, email: string, now: Date) {
  const rows = [{ kind: 'account' as const, key: email, createdAt: now }];
  if (ip) rows.push({ kind: 'ip' as const, key: ip, createdAt: now } as never);
  await db.insert(signInFailures).values(rows);
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.createdAt, new Date(now.getTime() - SIGN_IN_LIMITS.account.windowMs)));
}
