import type { HeroVideo } from '../../../edge/features/tournaments/schema.ts';

/** The league's own hero video (the API's default), shown until GET /api/hero-video answers (000 s3). */
export const DEFAULT_HERO_VIDEO: HeroVideo = {
  videoUrl: '/media/hero.mp4',
  videoThumbnail: '/media/hero-poster.jpg',
  videoName: 'WTA League',
};

/**
 * Starts fetching the hero's poster before the landing page's code has loaded: the poster is the page's largest
 * paint, and would otherwise be discovered only once the hero renders. Small (tens of KB) and used at once.
 */
export function preloadHeroPoster(video: HeroVideo | undefined): void {
  const href = video ? video.videoThumbnail : DEFAULT_HERO_VIDEO.videoThumbnail;
  if (!href || typeof document === 'undefined') return;
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
