import { useEffect, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { HeroVideo } from '../../../../edge/features/tournaments/schema.ts';
import { DEFAULT_HERO_VIDEO } from '../hero-media.ts';
import { prefersReducedMotion, prefersSavingData } from '../motion.ts';

const layerClass = css({ inset: '0', overflow: 'hidden', position: 'absolute' });
const videoClass = css({ height: 'full', objectFit: 'cover', width: 'full' });
// The scrim keeps the hero's text readable on any frame: darker at the bottom, where the buttons are.
const scrimClass = css({
  background: 'inverse.scrim',
  inset: '0',
  position: 'absolute',
  _after: {
    content: '""',
    inset: '0',
    position: 'absolute',
    bgGradient: 'to-t',
    gradientFrom: 'inverse.bg',
    gradientTo: 'transparent',
    gradientVia: 'transparent',
  },
});

/** Resolves once the page has loaded and the browser is idle: decorative video never competes with first paint. */
function useAfterLoadIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idleId: number | undefined;
    let timer: number | undefined;
    const whenIdle = () => {
      const done = () => {
        if (!cancelled) setReady(true);
      };
      // Safari has no requestIdleCallback: a second after load is a fair stand-in.
      if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(done, { timeout: 3000 });
      else timer = window.setTimeout(done, 1000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}

export interface HeroBackgroundProps {
  /** The admin's choice, undefined until the call answers. */
  video: HeroVideo | undefined;
  /** True once GET /api/hero-video has answered or failed (then the default plays). */
  settled: boolean;
  /** False while something covers the hero (the intro overlay): the background waits. */
  enabled: boolean;
}

/**
 * The hero's muted, looping background video (000 s2). Decorative, so hidden from assistive technology. The poster
 * paints first; the video's source is set only after the page has loaded and the browser is idle, never with
 * prefers-reduced-motion or Save-Data (the poster stays), and never before the hero-video call has settled (so the
 * default is not fetched only to be replaced).
 */
export function HeroBackground({ video, settled, enabled }: HeroBackgroundProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const idle = useAfterLoadIdle();
  const chosen = video ?? DEFAULT_HERO_VIDEO;
  const poster = video ? (video.videoThumbnail ?? undefined) : DEFAULT_HERO_VIDEO.videoThumbnail!;
  const [motionOk] = useState(() => !prefersReducedMotion() && !prefersSavingData());
  const play = idle && settled && enabled && motionOk;

  useEffect(() => {
    const element = ref.current;
    if (!element || !play) return;
    element.muted = true;
    // A refused play() (power saving, a background tab) leaves the poster showing, which is fine for decoration.
    element.play().catch(() => undefined);
    return () => element.pause();
  }, [play, chosen.videoUrl]);

  return (
    <div className={layerClass} aria-hidden="true">
      <video
        ref={ref}
        className={videoClass}
        poster={poster}
        src={play ? chosen.videoUrl : undefined}
        muted
        loop
        playsInline
        preload="none"
        tabIndex={-1}
        disablePictureInPicture
        disableRemotePlayback
      />
      <div className={scrimClass} />
    </div>
  );
}
