import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';

/** The ID-token claims Google sign-in relies on (OpenID Connect standard claims). */
export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

export type GoogleSignInResult =
  | { ok: true; user: User; created: boolean }
  | { ok: false; message: string };

/**
 * Finds the member a Google account belongs to: by Google id, else by verified e-mail (linking the two),
 * else creates a player whose profile still needs completing (Choose Your Path).
 */
export async function findOrCreateGoogleUser(db: Db, claims: GoogleClaims, now: Date): Promise<GoogleSignInResult> {
  if (!claims.sub) return { ok: false, message: 'Google did not return an account id' };
  const [byGoogle] = await db.select().from(users).where(eq(users.googleId, claims.sub)).limit(1);
  if (byGoogle) return { ok: true, user: byGoogle, created: false };

  const email = claims.email?.trim().toLowerCase();
  if (!email || claims.email_verified !== true) {
    return { ok: false, message: 'Your Google account has no verified e-mail address' };
  }
  const [byEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) {
    const [linked] = await db.update(users).set({ googleId: claims.sub }).where(eq(users.id, byEmail.id)).returning();
    return { ok: true, user: linked ?? byEmail, created: false };
  }
  const [firstName = 'WTA', ...rest] = (claims.name ?? '').split(' ');
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email,
      googleId: claims.sub,
      firstName: claims.given_name?.trim() || firstName || 'WTA',
      lastName: claims.family_name?.trim() || rest.join(' ') || 'Member',
      profileImageUrl: claims.picture ?? null,
      role: 'player',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return { ok: false, message: 'This account is being created already. Please try again.' };
  return { ok: true, user: created, created: true };
}
