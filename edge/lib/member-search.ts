import { or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';

/**
 * How admins find a member (the Users tab's finder, the new incident's picker): a prefix of the full name, the last
 * name or the e-mail. Each is one range of an index (users_name_search_idx, users_last_name_search_idx, the e-mail's
 * unique index), so a search never scans the members, however many there are.
 */

/** The sort and search key: the same expression as users_name_search_idx, so SQLite reads the index. */
export const memberNameKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;
export const lastNameKey = sql<string>`lower(${users.lastName})`;
// The highest code point: every string that starts with a prefix sorts below prefix || it (BINARY collation).
export const TOP = String.fromCodePoint(0x10ffff);

/** Members whose full name, last name or e-mail starts with `q` (any case). */
export function memberPrefixMatch(q: string): SQL {
  const email = q.toLowerCase();
  return or(
    sql`(${memberNameKey} >= lower(${q}) and ${memberNameKey} < lower(${q}) || ${TOP})`,
    sql`(${lastNameKey} >= lower(${q}) and ${lastNameKey} < lower(${q}) || ${TOP})`,
    sql`(${users.email} >= ${email} and ${users.email} < ${email + TOP})`,
  )!;
}
