import { createHash } from 'node:crypto';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { apiKeys, type ApiKey } from '../../../db/schema/api-keys.ts';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { standingBlock } from '../../lib/standing.ts';
import { API_KEY_SCOPES, API_KEYS_MAX, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from './schema.ts';

/** Every key starts so, which tells a leaked one apart in logs and secret scanners. */
const KEY_PREFIX = 'wta_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;
/** `lastUsedAt` is written at most this often per key: a scoreboard polling every second writes once a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** SHA-256 in hex: keys are 256 random bits, so a slow password hash would add nothing but time on every call. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function scopesOf(text: string): ApiKeyScope[] {
  return text.split(' ').filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));
}

function summaryOf(row: ApiKey): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** D44: verified members and admins hold keys, and a key works only while its owner still is one and is not blocked. */
export function mayUseApiKeys(user: Pick<User, 'role' | 'email' | 'isVerified'>, leagueEmailDomain: string): boolean {
  return user.isVerified || adminFlags(user, leagueEmailDomain).isAdmin;
}

/** The member's keys, newest first (revoked ones too, marked), from their index. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id)).limit(100);
  return rows.map(summaryOf);
}

/** Creates a key; 'too-many' when the member already holds API_KEYS_MAX active ones. */
export async function createApiKey(
  db: Db,
  userId: string,
  input: { name: string; scopes: readonly ApiKeyScope[] },
  now: Date,
): Promise<CreatedApiKey | 'too-many'> {
  const key = KEY_PREFIX + encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= API_KEYS_MAX) return 'too-many' as const;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        tokenHash: hashApiKey(key),
        scopes: [...new Set(input.scopes)].join(' '),
        createdAt: now,
      })
      .returning();
    return { ...summaryOf(row!), key };
  });
}

/** Revokes one of the member's keys (again is a no-op); false when they hold no such key. */
export async function revokeApiKey(db: Db, userId: string, id: number, now: Date): Promise<ApiKeySummary | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return summaryOf(row);
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return existing ? summaryOf(existing) : null;
}

export type KeyAuthentication =
  | { ok: true; key: { id: number; scopes: ApiKeyScope[] }; owner: User }
  | { ok: false; reason: 'invalid' | 'owner-blocked' };

/**
 * The key behind a bearer token, with its owner, in one indexed read (the hash's unique index, then the owner's and
 * their standing's primary keys); `lastUsedAt` is written at most once a minute.
 */
export async function authenticateApiKey(
  db: Db,
  token: string,
  now: Date,
  leagueEmailDomain: string,
): Promise<KeyAuthentication> {
  if (!token.startsWith(KEY_PREFIX) || token.length > 100) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({ key: apiKeys, owner: users, standing: memberStandings })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(memberStandings, eq(memberStandings.userId, apiKeys.userId))
    .where(and(eq(apiKeys.tokenHash, hashApiKey(token)), isNull(apiKeys.revokedAt)));
  if (!row) return { ok: false, reason: 'invalid' };
  if (!mayUseApiKeys(row.owner, leagueEmailDomain) || standingBlock(row.standing, now)) {
    return { ok: false, reason: 'owner-blocked' };
  }
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  return { ok: true, key: { id: row.key.id, scopes: scopesOf(row.key.scopes) }, owner: row.owner };
}
