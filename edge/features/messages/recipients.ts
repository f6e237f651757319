import { and, asc, eq, gt, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { memberBlocks } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { lastNameKey, memberNameKey, TOP } from '../../lib/member-search.ts';
import { memberColumns } from './conversations.ts';
import type { MessagingMember } from './schema.ts';

// The expressions of users_name_search_idx and users_last_name_search_idx, so each prefix is an index range.
const nameKey = memberNameKey;

/**
 * GET /api/users/all: the New Message dialog's picker (001 s7, s5). Members whose full name or last name starts with
 * `q` (any case), in name order, at most `limit`; never the caller, nobody blocked either way (D27), nobody suspended
 * or banned. Each prefix is a range of a name index, so the picker stays fast with 100k members; no e-mail search
 * (members do not look each other up by address).
 */
export async function searchRecipients(
  db: Db,
  me: string,
  query: { q?: string; limit: number },
  now: Date,
): Promise<MessagingMember[]> {
  const prefix = query.q?.toLowerCase();
  // One query per name index, each read in that index's order and stopped at `limit` (an OR of the two ranges
  // would be read whole and sorted); the two short lists are merged here.
  const ranges = prefix
    ? [
        { key: nameKey, where: sql`(${nameKey} >= ${prefix} and ${nameKey} < ${prefix + TOP})` },
        { key: lastNameKey, where: sql`(${lastNameKey} >= ${prefix} and ${lastNameKey} < ${prefix + TOP})` },
      ]
    : [{ key: nameKey, where: undefined }];
  const lists = await Promise.all(
    ranges.map((range) =>
      db
        .select({ ...memberColumns, sortKey: nameKey })
        .from(users)
        .where(and(range.where, ne(users.id, me), notBlocked(db, me), notSuspended(db, now)))
        .orderBy(asc(range.key), asc(users.id))
        .limit(query.limit),
    ),
  );
  const seen = new Set<string>();
  return lists
    .flat()
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, query.limit)
    .map(({ sortKey: _sortKey, ...member }) => member);
}

/** Nobody blocked either way (D27). */
const notBlocked = (db: Db, me: string) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(memberBlocks)
      .where(
        or(
          and(eq(memberBlocks.blockerId, me), eq(memberBlocks.blockedId, users.id)),
          and(eq(memberBlocks.blockerId, users.id), eq(memberBlocks.blockedId, me)),
        ),
      ),
  );

/** Nobody suspended or banned now (D24). */
const notSuspended = (db: Db, now: Date) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(memberStandings)
      .where(
        and(
          eq(memberStandings.userId, users.id),
          or(isNotNull(memberStandings.bannedAt), gt(memberStandings.suspendedUntil, now)),
        ),
      ),
  );
