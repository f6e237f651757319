import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { freeText } from '../../lib/free-text.ts';

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
  | { ok: false; status: 400 | 409; message: string };

export const NO_VERIFIED_EMAIL = 'Your Google account has no verified e-mail address';
export const LINKED_TO_ANOTHER_GOOGLE_ACCOUNT =
  'This e-mail address is already linked to a different Google account. Sign in with that Google account or with your password.';

/** A name from Google's claims, cleaned and checked as a typed one is (issue 34); '' when nothing visible is left. */
const GOOGLE_NAME = freeText({ label: 'Name', name: true });

/**
 * Finds the member a Google account belongs to: by Google id, else by an e-mail Google says is verified (linking the
 * two, but never over a different Google id already linked), else creates a player whose profile still needs
 * completing (Choose Your Path).
 */
export async function findOrCreateGoogleUser(db: Db, claims: GoogleClaims, now: Date): Promise<GoogleSignInResult> {
  if (!claims.sub || typeof claims.sub !== 'string') {
    return { ok: false, status: 400, message: 'Google did not return an account id' };
  }
  const [byGoogle] = await db.select().from(users).where(eq(users.googleId, claims.sub)).limit(1);
  if (byGoogle) return { ok: true, user: byGoogle, created: false };

  const email = claims.email?.trim().toLowerCase();
  if (!email || claims.email_verified !== true) {
    return { ok: false, status: 400, message: NO_VERIFIED_EMAIL };
  }
  const [byEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) {
    // Only an account with no Google id yet is linked: replacing one would hand the account to whoever controls
    // the other Google account. The condition sits in the UPDATE so two callbacks at once cannot both link.
    const [linked] = await db
      .update(users)
      .set({ googleId: claims.sub })
      .where(and(eq(users.id, byEmail.id), isNull(users.googleId)))
      .returning();
    if (linked) return { ok: true, user: linked, created: false };
    // A second callback of the same Google account may have linked it a moment ago.
    const [current] = await db.select().from(users).where(eq(users.id, byEmail.id)).limit(1);
    if (current?.googleId === claims.sub) return { ok: true, user: current, created: false };
    return { ok: false, status: 409, message: LINKED_TO_ANOTHER_GOOGLE_ACCOUNT };
  }
  const [firstName = 'WTA', ...rest] = (claims.name ?? '').split(' ');
  // Google's names are held to the rules a typed name meets; one that fails them is replaced, as a missing one is.
  const asName = (text: string | undefined) => GOOGLE_NAME.safeParse(text ?? '').data || undefined;
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email,
      googleId: claims.sub,
      firstName: asName(claims.given_name) ?? asName(firstName) ?? 'WTA',
      lastName: asName(claims.family_name) ?? asName(rest.join(' ')) ?? 'Member',
      profileImageUrl: claims.picture ?? null,
      role: 'player',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return { ok: false, status: 409, message: 'This account is being created already. Please try again.' };
  return { ok: true, user: created, created: true };
}
