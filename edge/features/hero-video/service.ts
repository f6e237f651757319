import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { settings } from '../../../db/schema/settings.ts';
import type { HeroVideo } from '../tournaments/schema.ts';

/** The settings key holding the admin's choice of hero video (JSON `HeroVideo`). */
export const HERO_VIDEO_KEY = 'hero_video';

/** The league's own video, shipped in public/media/, shown until an admin chooses another. */
export const defaultHeroVideo: HeroVideo = {
  videoUrl: '/media/hero.mp4',
  videoThumbnail: '/media/hero-poster.jpg',
  videoName: 'WTA League',
};

const storedHeroVideo = z.object({
  videoUrl: z.string().min(1),
  videoThumbnail: z.string().min(1).nullable().optional(),
  videoName: z.string().min(1),
});

/** The admin-chosen hero video, or the default when none is stored or the stored value is unreadable. */
export async function heroVideo(db: Pick<Db, 'select'>): Promise<HeroVideo> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, HERO_VIDEO_KEY));
  const parsed = storedHeroVideo.safeParse(row?.value);
  if (!parsed.success) return defaultHeroVideo;
  const { videoUrl, videoThumbnail, videoName } = parsed.data;
  return { videoUrl, videoThumbnail: videoThumbnail ?? null, videoName };
}
