import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';
import type { LoginInput, RegisterInput } from './schema.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './password.ts';
import { isSignInLimited, recordSignInFailure } from './rate-limit.ts';

export type RegisterResult = { ok: true; user: User } | { ok: false; reason: 'email_taken' };

export async function registerUser(db: Db, input: Required<RegisterInput>, now: Date): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
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

export type SignInResult = { ok: true; user: User } | { ok: false; reason: 'limited' | 'invalid' };

/** Checks the limits first, then the password; every failure counts towards both limits. */
export async function signIn(db: Db, input: LoginInput, ip: string | undefined, now: Date): Promise<SignInResult> {
  if (await isSignInLimited(db, ip, input.email, now)) return { ok: false, reason: 'limited' };
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : // Same work for unknown e-mails, so response time does not tell which accounts exist.
      (await verifyPassword(input.password, await timingDummyHash()), false);
  if (!user || !valid) {
    await recordSignInFailure(db, ip, input.email, now);
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, user };
}
