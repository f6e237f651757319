import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import { dateOfBirthEditProblem, PROFILE_EDIT_MESSAGES as M } from './constants.ts';
import type { EditableProfile, ProfileUpdateInput } from './schema.ts';

/** Whether the member has signed any waiver (D36): served by waivers_user_type_version_uq (user_id first). */
function hasSignedWaiver(userId: string): SQL<number> {
  return sql<number>`exists (select 1 from ${waivers} where ${waivers.userId} = ${userId})`;
}

/** GET /api/profile: the signed-in member's editable fields, or null when the member is gone. */
export async function editableProfile(db: Db, userId: string): Promise<EditableProfile | null> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      tagline: users.tagline,
      city: users.city,
      state: users.state,
      sport: users.sport,
      bio: users.bio,
      height: users.height,
      weight: users.weight,
      divisions: users.divisions,
      bestDivision: users.bestDivision,
      highlightUrls: users.highlightUrls,
      dateOfBirth: users.dateOfBirth,
      dateOfBirthLocked: hasSignedWaiver(userId),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    ...row,
    divisions: row.divisions ?? [],
    highlightUrls: row.highlightUrls ?? [],
    dateOfBirthLocked: Boolean(row.dateOfBirthLocked),
  };
}

/** A refused update: the status, the message and the field it belongs to (the form shows it there). */
export interface ProfileRefusal {
  ok: false;
  status: 400 | 401 | 403;
  message: string;
  field?: 'dateOfBirth' | 'bestDivision';
}

export type ProfileUpdateResult = { ok: true; user: User } | ProfileRefusal;

// The UPDATE names the row's own columns by table: inside the subqueries below an unqualified name could mean the
// subquery's table (json_each has an `id` column).
const STORED_DIVISIONS = sql.raw('"users"."divisions"');
const STORED_BEST = sql.raw('"users"."best_division"');
const STORED_DOB = sql.raw('"users"."date_of_birth"');

/**
 * PATCH /api/profile (001 s5, s7): writes the given fields in one conditional UPDATE, so the rules that depend on
 * what is stored hold at the moment of the write without a transaction:
 * - D36: a new date of birth only while the member has signed no waiver (sending the stored one again is no change);
 * - a best division sent without the divisions must be one of the stored divisions;
 * - divisions sent without a best division keep the stored best one only if it is still among them.
 * When the UPDATE matches no row, a read says which rule refused it. Nothing is written on a refusal.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileUpdateInput,
  now: Date,
): Promise<ProfileUpdateResult> {
  if (input.dateOfBirth) {
    const problem = dateOfBirthEditProblem(input.dateOfBirth, now);
    if (problem) return { ok: false, status: 400, message: problem, field: 'dateOfBirth' };
  }

  const { divisions, bestDivision, dateOfBirth, ...plain } = input;
  const values: Partial<Record<keyof User, unknown>> = { ...plain };
  const conditions: SQL[] = [eq(users.id, userId)];

  if (divisions !== undefined) values.divisions = divisions;
  if (bestDivision !== undefined) {
    values.bestDivision = bestDivision;
    if (bestDivision !== null && divisions === undefined) {
      conditions.push(sql`exists (select 1 from json_each(${STORED_DIVISIONS}) where value = ${bestDivision})`);
    }
  } else if (divisions !== undefined) {
    values.bestDivision = divisions.length
      ? sql`case when ${STORED_BEST} in (select value from json_each(${JSON.stringify(divisions)})) then ${STORED_BEST} end`
      : null;
  }
  if (dateOfBirth !== undefined) {
    values.dateOfBirth = dateOfBirth;
    conditions.push(sql`(${STORED_DOB} is ${dateOfBirth} or not ${hasSignedWaiver(userId)})`);
  }

  if (Object.keys(values).length === 0) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    return user ? { ok: true, user } : { ok: false, status: 401, message: 'Unauthorized' };
  }

  const [updated] = await db
    .update(users)
    .set(values as Partial<typeof users.$inferInsert>)
    .where(and(...conditions))
    .returning();
  if (updated) return { ok: true, user: updated };
  return explainRefusal(db, userId, input);
}

/** Why the conditional UPDATE matched no row, read afterwards (a race here can only change which reason is named). */
async function explainRefusal(db: Db, userId: string, input: ProfileUpdateInput): Promise<ProfileRefusal> {
  const [row] = await db
    .select({ dateOfBirth: users.dateOfBirth, locked: hasSignedWaiver(userId) })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { ok: false, status: 401, message: 'Unauthorized' };
  if (input.dateOfBirth !== undefined && input.dateOfBirth !== row.dateOfBirth && row.locked) {
    return { ok: false, status: 403, message: M.dateOfBirthLocked, field: 'dateOfBirth' };
  }
  return { ok: false, status: 400, message: M.bestDivisionNotChosen, field: 'bestDivision' };
}
