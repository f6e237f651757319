import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { videos } from '../../../db/schema/media.ts';
import { settings } from '../../../db/schema/settings.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { isVideoKey, VIDEO_KEY_PREFIX, type BlobStore } from '../../lib/blobs/blob-store.ts';
import type { HeroVideo } from '../tournaments/schema.ts';
import { defaultHeroVideo, HERO_VIDEO_KEY, heroVideo } from './service.ts';
import type { VideoFormat } from './constants.ts';

/** Where the stored videos are served (file-routes.ts), as the images are under /uploads/. */
export const VIDEO_PATH = '/uploads/';

/** One video of the admin Media tab's list (GET /api/admin/drive-videos). */
export interface DriveVideo {
  /** The blob key, or 'default' for the league's own video shipped with the app. */
  id: string;
  videoUrl: string;
  videoThumbnail: string | null;
  videoName: string;
  contentType: string;
  /** Bytes; null for the shipped default. */
  size: number | null;
  uploadedAt: string | null;
  isDefault: boolean;
  /** The video the landing page shows now. */
  isCurrent: boolean;
}

const defaultEntry = (current: HeroVideo): DriveVideo => ({
  id: 'default',
  ...defaultHeroVideo,
  contentType: 'video/mp4',
  size: null,
  uploadedAt: null,
  isDefault: true,
  isCurrent: current.videoUrl === defaultHeroVideo.videoUrl,
});

/**
 * D24 Media: the videos in the blob store, newest first, named by the row written when each was uploaded (a file
 * with no row, put there by hand, shows its key), then the league's default. The store is the truth: a row whose
 * file is gone is not listed.
 */
export async function listDriveVideos(db: Db, blobs: BlobStore): Promise<DriveVideo[]> {
  const [stored, current] = await Promise.all([blobs.list(VIDEO_KEY_PREFIX), heroVideo(db)]);
  const files = stored.filter((file) => isVideoKey(file.key));
  const rows = files.length
    ? await db
        .select()
        .from(videos)
        .where(
          inArray(
            videos.key,
            files.map((f) => f.key),
          ),
        )
    : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const listed = files
    .map((file): DriveVideo => {
      const row = byKey.get(file.key);
      const videoUrl = `${VIDEO_PATH}${file.key}`;
      return {
        id: file.key,
        videoUrl,
        videoThumbnail: null,
        videoName: row?.name ?? file.key,
        contentType: row?.contentType ?? (file.key.endsWith('.webm') ? 'video/webm' : 'video/mp4'),
        size: file.size,
        uploadedAt: (row?.createdAt ?? file.uploadedAt).toISOString(),
        isDefault: false,
        isCurrent: current.videoUrl === videoUrl,
      };
    })
    .sort((a, b) => (b.uploadedAt ?? '').localeCompare(a.uploadedAt ?? '') || a.id.localeCompare(b.id));
  return [...listed, defaultEntry(current)];
}

export interface NewVideo {
  format: VideoFormat;
  contentType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
  name: string;
}

/**
 * Streams an uploaded video into the blob store under a new key, then names it and writes the audit entry in one
 * transaction. When that transaction fails the file is removed again, so no unnamed upload is left behind.
 */
export async function storeVideo(
  deps: { db: Db; blobs: BlobStore },
  actorId: string,
  video: NewVideo,
  at: Date,
): Promise<DriveVideo> {
  const key = `${VIDEO_KEY_PREFIX}${randomBytes(16).toString('hex')}.${video.format}`;
  await deps.blobs.putStream(key, video.body, video.size, video.contentType);
  const row = {
    key,
    name: video.name,
    contentType: video.contentType,
    size: video.size,
    uploadedBy: actorId,
    createdAt: at,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(videos).values(row);
      await recordAudit(tx, {
        actorId,
        action: auditActions.videoUpload,
        targetType: 'video',
        targetId: key,
        after: { key, name: row.name, contentType: row.contentType, size: row.size },
        at,
      });
    });
  } catch (error) {
    await deps.blobs.delete(key);
    throw error;
  }
  const current = await heroVideo(deps.db);
  const videoUrl = `${VIDEO_PATH}${key}`;
  return {
    id: key,
    videoUrl,
    videoThumbnail: null,
    videoName: row.name,
    contentType: row.contentType,
    size: row.size,
    uploadedAt: at.toISOString(),
    isDefault: false,
    isCurrent: current.videoUrl === videoUrl,
  };
}

export type SetHeroResult = { ok: true; video: HeroVideo } | { ok: false; message: string };

/**
 * Set as Hero Video (001 s2, s7 POST /api/admin/hero-video): only a listed video, the league's default or a stored
 * file, can become the landing page's video. Writes the setting and its audit entry (before and after) together.
 */
export async function setHeroVideo(
  deps: { db: Db; blobs: BlobStore },
  actorId: string,
  choice: HeroVideo,
  at: Date,
): Promise<SetHeroResult> {
  const isDefault = choice.videoUrl === defaultHeroVideo.videoUrl;
  const key = choice.videoUrl.startsWith(VIDEO_PATH) ? choice.videoUrl.slice(VIDEO_PATH.length) : '';
  if (!isDefault && !(isVideoKey(key) && (await deps.blobs.has(key)))) return { ok: false, message: 'notAVideo' };
  const value = isDefault ? defaultHeroVideo : choice;
  await deps.db.transaction(async (tx) => {
    const before = await heroVideo(tx);
    await tx
      .insert(settings)
      .values({ key: HERO_VIDEO_KEY, value, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
    await recordAudit(tx, {
      actorId,
      action: auditActions.heroVideoSet,
      targetType: 'setting',
      targetId: HERO_VIDEO_KEY,
      before,
      after: value,
      at,
    });
  });
  return { ok: true, video: value };
}

/** The stored name of an uploaded video, for tests and the audit reader. */
export async function videoRow(db: Db, key: string) {
  const [row] = await db.select().from(videos).where(eq(videos.key, key));
  return row ?? null;
}
