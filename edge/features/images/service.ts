import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teams } from '../../../db/schema/teams.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { isImageKey, type BlobStore } from '../../lib/blobs/blob-store.ts';

/** Where stored images are served (uploads-routes.ts); a stored reference is this path plus the key. */
export const UPLOADS_PATH = '/uploads/';

export function uploadUrl(key: string): string {
  return `${UPLOADS_PATH}${key}`;
}

/** The blob key a stored reference points at, or null for anything else (a Google picture URL, a seeded path). */
export function keyOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PATH)) return null;
  const key = url.slice(UPLOADS_PATH.length);
  return isImageKey(key) ? key : null;
}

/** A processed image ready to store: its bytes and their content-derived key (pipeline.ts). */
export interface StoredImage {
  key: string;
  bytes: Uint8Array;
}

/**
 * How many rows point at the file: every column that may hold an uploaded image's URL (D23: "a replaced file no
 * longer referenced is deleted"). Two members who upload the same picture share one file, so a file goes only when
 * the last of them lets go. A new column that stores upload URLs belongs here. Each lookup is one index seek
 * (users_profile_image_idx, teams_logo_idx, championship_photos_image_idx); sponsors are a handful of rows a
 * tournament.
 */
export async function referenceCount(db: Db, url: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    select (select count(*) from users where profile_image_url = ${url})
         + (select count(*) from teams where logo_url = ${url})
         + (select count(*) from sponsors where logo_url = ${url})
         + (select count(*) from championship_photos where image_url = ${url}) as n`);
  return Number(row?.n ?? 0);
}

/**
 * Deletes a file nobody references any more. Blob stores are not in the database's transaction, so a member who
 * sets the same picture at this very moment could lose it between the count and the delete: the bytes are read
 * first, and put back if a reference appeared meanwhile (the uploader's own check after its write, in `adopt`,
 * covers the other order). A failure here leaves an unreferenced file behind, never a broken picture, so it is
 * logged rather than failing the upload that replaced it.
 */
export async function releaseImage(db: Db, blobs: BlobStore, url: string | null): Promise<void> {
  const key = keyOfUrl(url);
  if (!key || !url) return;
  try {
    if ((await referenceCount(db, url)) > 0) return;
    const bytes = await blobs.get(key);
    if (!bytes) return;
    await blobs.delete(key);
    if ((await referenceCount(db, url)) > 0) await blobs.put(key, bytes);
  } catch (error) {
    console.error(`[uploads] could not release ${key}:`, error);
  }
}

/**
 * Stores the image (one file per content: an existing file of that key is the same bytes), runs `reference`, the
 * conditional write that points a row at it, and returns that write's answer; then lets the replaced file go.
 * When the write refuses (null), the new file is released again, so a refusal leaves nothing stored. Exported for
 * the other rows that hold an upload (a sponsor's logo): each is counted in `referenceCount`.
 */
export async function adopt<T>(
  db: Db,
  blobs: BlobStore,
  image: StoredImage,
  reference: (url: string) => Promise<{ result: T; previous: string | null } | null>,
): Promise<T | null> {
  const url = uploadUrl(image.key);
  if (!(await blobs.has(image.key))) await blobs.put(image.key, image.bytes);
  let written: { result: T; previous: string | null } | null;
  try {
    written = await reference(url);
  } catch (error) {
    await releaseImage(db, blobs, url);
    throw error;
  }
  if (!written) {
    await releaseImage(db, blobs, url);
    return null;
  }
  // A release of the same content may have deleted the file between our put and our write (see releaseImage).
  if (!(await blobs.has(image.key))) await blobs.put(image.key, image.bytes);
  if (written.previous !== url) await releaseImage(db, blobs, written.previous);
  return written.result;
}

/** Sets the member's profile picture (001 s7 POST /api/profile/upload-image); the updated user, or null if gone. */
export async function setProfileImage(db: Db, blobs: BlobStore, userId: string, image: StoredImage) {
  return adopt<User>(db, blobs, image, async (url) =>
    db.transaction(
      async (tx) => {
        const [before] = await tx
          .select({ profileImageUrl: users.profileImageUrl })
          .from(users)
          .where(eq(users.id, userId));
        if (!before) return null;
        const [user] = await tx.update(users).set({ profileImageUrl: url }).where(eq(users.id, userId)).returning();
        return user ? { result: user, previous: before.profileImageUrl } : null;
      },
      { behavior: 'immediate' },
    ),
  );
}

/**
 * Sets a team's logo (001 s7 POST /api/teams/{id}/upload-logo). The owner is checked again in the write itself, so
 * a team that changed hands since the route's check is refused (null) and keeps its logo.
 */
export async function setTeamLogo(db: Db, blobs: BlobStore, teamId: number, ownerId: string, image: StoredImage) {
  return adopt<true>(db, blobs, image, async (url) =>
    db.transaction(
      async (tx) => {
        const [before] = await tx
          .select({ logoUrl: teams.logoUrl })
          .from(teams)
          .where(and(eq(teams.id, teamId), eq(teams.ownerId, ownerId)));
        if (!before) return null;
        const updated = await tx
          .update(teams)
          .set({ logoUrl: url })
          .where(and(eq(teams.id, teamId), eq(teams.ownerId, ownerId)))
          .returning({ id: teams.id });
        return updated.length > 0 ? { result: true as const, previous: before.logoUrl } : null;
      },
      { behavior: 'immediate' },
    ),
  );
}
