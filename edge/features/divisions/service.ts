import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/users.ts';
import { divisionSlugs, type DivisionPlayer, type DivisionSlug } from '../tournaments/schema.ts';

/** How many players a division page ranks. */
export const TOP_PLAYERS = 10;

/** A division slug from the path, or null for an unknown one. */
export function parseDivisionSlug(raw: string): DivisionSlug | null {
  return (divisionSlugs as readonly string[]).includes(raw) ? (raw as DivisionSlug) : null;
}

/**
 * The `sport` word profiles use for a division: hoop players pick basketball and flag-football players football
 * (the sport list of 000 s1); every other division is its own sport.
 */
export function sportOfDivision(slug: DivisionSlug): string {
  if (slug === 'hoop') return 'basketball';
  if (slug === 'flag-football') return 'football';
  return slug;
}

/** Players of the division's sport by WTA points, best first (ties: more wins, then name). */
export async function topPlayersOf(db: Db, slug: DivisionSlug, limit = TOP_PLAYERS): Promise<DivisionPlayer[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      city: users.city,
      isVerified: users.isVerified,
      wtaPoints: users.wtaPoints,
      wins: users.wins,
      losses: users.losses,
    })
    .from(users)
    .where(and(eq(users.sport, sportOfDivision(slug)), eq(users.role, 'player')))
    .orderBy(desc(users.wtaPoints), desc(users.wins), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, isVerified: r.isVerified === true }));
}
