import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';
import type { LoginInput, RegisterInput } from './schema.ts';
import { HashingBusyError, type HashingSlots } from './hashing-slots.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './password.ts';
import {
  fullCounter,
  pruneAttempts,
  releaseAttempt,
  reserveAttempt,
  reserveAttemptQuery,
  reservedIds,
  type Counter,
} from './rate-limit.ts';

/** What the limits of D35 need to know about an attempt, besides its input. */
export interface Attempt {
  /** The caller's address as the host sees it; undefined when the host cannot tell (no address limits then). */
  ip: string | undefined;
  now: Date;
  hashing: HashingSlots;
}

export type RegisterResult = { ok: true; user: User } | { ok: false; reason: 'email_taken' | 'limited' };

/**
 * Gives reserved attempts back after an error the caller did not cause. A request turned away because hashing was
 * busy (503) keeps its reservation: it counts as an attempt, so a flood that keeps the queue full spends its own
 * allowance instead of retrying for ever (ADR 051).
 */
async function releaseUnlessBusy(db: Db, reserved: readonly number[], error: unknown) {
  if (!(error instanceof HashingBusyError)) await releaseAttempt(db, reserved);
}

/**
 * Creates an account: at most 30 per address per hour (D35), counted before the hash, then a hash in the
 * registration lane. A registration answered 503 counts toward the 30.
 */
export async function registerUser(
  db: Db,
  input: Required<RegisterInput>,
  { ip, now, hashing }: Attempt,
): Promise<RegisterResult> {
  const reserved = ip ? await reserveAttempt(db, [{ kind: 'registration', key: ip }], now) : [];
  if (!reserved) return { ok: false, reason: 'limited' };
  let passwordHash: string;
  try {
    passwordHash = await hashing.run('registration', () => hashPassword(input.password));
  } catch (error) {
    await releaseUnlessBusy(db, reserved, error);
    throw error;
  }
  await pruneAttempts(db, now);
  const [user] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      createdAt: now,
    })
    // The unique e-mail index decides races between two simultaneous sign-ups.
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ? { ok: true, user } : { ok: false, reason: 'email_taken' };
}

export type SignInResult =
  | {
      ok: true;
      user: User;
      /** The attempt's reservation: released in the new session's batch (`releaseAttemptQuery`), one round trip. */
      reserved: number[];
    }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'limited'; by: 'ip' | 'account' };

/** The counters of an attempt from a device without the account's device cookie. */
function untrustedCounters(ip: string | undefined, email: string): Counter[] {
  const counters: Counter[] = [{ kind: 'account', key: email }];
  if (ip) counters.unshift({ kind: 'ip', key: ip });
  return counters;
}

/**
 * D35 after OWASP's device cookies. A device holding the account's valid device cookie (its nonce given here)
 * spends its own allowance and is never held back by failures made elsewhere: its hash waits in the trusted lane,
 * which untrusted attempts cannot fill (hashing-slots.ts). Once that allowance is spent, or without a cookie, the
 * attempt counts against the address and the account and waits in the sign-in lane. The attempt is reserved
 * before the password is checked and the reservation removed only when it succeeds (with the new session, by the
 * caller), so concurrent wrong passwords cannot pass a limit, nor can attempts turned away with 503. Unknown e-mails
 * cost the same hashing work, so response time does not tell which accounts exist. The first reservation and the
 * account are read in one batch: a sign-in costs two database round trips, this and the session's (ADR 059).
 */
export async function signIn(
  db: Db,
  input: LoginInput,
  { ip, now, hashing, deviceNonce }: Attempt & { deviceNonce: string | null },
): Promise<SignInResult> {
  const untrusted = untrustedCounters(ip, input.email);
  const first: Counter[] = deviceNonce ? [{ kind: 'device', key: deviceNonce }] : untrusted;
  const [rows, [user]] = await db.batch([
    reserveAttemptQuery(db, first, now),
    db.select().from(users).where(eq(users.email, input.email)).limit(1),
  ]);
  let reserved = reservedIds(rows, first);
  const trusted = deviceNonce !== null && reserved !== null;
  // The device's own allowance is spent: the attempt counts as any other device's.
  if (!reserved && deviceNonce) reserved = await reserveAttempt(db, untrusted, now);
  if (!reserved) {
    const full = await fullCounter(db, untrusted, now);
    return { ok: false, reason: 'limited', by: full?.kind === 'ip' ? 'ip' : 'account' };
  }
  let valid: boolean;
  try {
    const passwordHash = user?.passwordHash;
    valid = await hashing.run(
      trusted ? 'trusted' : 'sign-in',
      async () =>
        passwordHash
          ? verifyPassword(input.password, passwordHash)
          : (await verifyPassword(input.password, await timingDummyHash()), false),
      input.email,
    );
  } catch (error) {
    await releaseUnlessBusy(db, reserved, error);
    throw error;
  }
  if (!user || !valid) {
    await pruneAttempts(db, now);
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, user, reserved };
}
