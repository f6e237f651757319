import { ArrowRight, RotateCcw, SkipForward, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { markIntroSeen } from '../intro-seen.ts';
import { prefersReducedMotion } from '../motion.ts';

export const INTRO_VIDEO = '/media/intro.mp4';
export const INTRO_POSTER = '/media/intro-poster.jpg';

// A native modal <dialog>: the top layer covers the whole page (the sticky bar included), the rest of the page is
// inert while it is open, and Escape arrives as a `cancel` event. No dialog library needed for one screen.
const dialogClass = css({
  background: 'inverse.stage',
  border: 'none',
  color: 'inverse.fg',
  height: 'dvh',
  inset: '0',
  margin: '0',
  maxHeight: '[none]',
  maxWidth: '[none]',
  overflow: 'hidden',
  padding: '0',
  position: 'fixed',
  width: 'screen',
  _backdrop: { background: 'inverse.stage' },
});
const videoClass = css({ height: 'full', inset: '0', objectFit: 'contain', position: 'absolute', width: 'full' });
const topBarClass = css({ display: 'flex', gap: '2', position: 'absolute', right: '3', top: '3', zIndex: 'docked' });
// Controls sit on the video: a dark plate keeps them readable whatever frame is behind.
const controlClass = css({
  background: 'inverse.plate',
  borderColor: 'inverse.border',
  color: 'inverse.fg',
  _hover: { background: 'inverse.bg' },
});
const skipClass = css({ bottom: '6', position: 'absolute', right: '4', zIndex: 'docked' });
const panelClass = css({
  alignItems: 'center',
  background: 'inverse.plate',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  inset: '0',
  justifyContent: 'center',
  position: 'absolute',
  px: '6',
  textAlign: 'center',
});
const panelTitleClass = css({
  color: 'inverse.accent',
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const panelTextClass = css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'bold', maxWidth: '2xl' });
const panelActionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  pt: '2',
  width: { base: 'full', sm: 'auto' },
  maxWidth: 'sm',
});

type PlaybackResult = 'playing' | 'muted' | 'failed' | 'interrupted';

/** Plays with sound; when the browser refuses autoplay with sound (000 s8), tries again muted. */
async function startPlayback(video: HTMLVideoElement): Promise<PlaybackResult> {
  try {
    await video.play();
    return 'playing';
  } catch (error) {
    // A pause() or unmount interrupted the attempt: nothing to retry.
    if (error instanceof DOMException && error.name === 'AbortError') return 'interrupted';
    video.muted = true;
    try {
      await video.play();
      return 'muted';
    } catch {
      // Not even muted playback is allowed (or the file cannot play).
      return 'failed';
    }
  }
}

export interface IntroOverlayProps {
  /** Called once the visitor leaves the intro (Enter Site, Skip Video, Close or Escape); the flag is stored. */
  onDone: () => void;
}

/**
 * The first-visit intro of 000 s2/s4: a full-screen video with Skip Video, Close and Mute; when it ends, the welcome
 * panel with Enter Site and Replay. Autoplay with sound that the browser blocks is retried muted. With
 * prefers-reduced-motion nothing plays: the welcome panel shows at once.
 */
export default function IntroOverlay({ onDone }: IntroOverlayProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const enterRef = useRef<HTMLButtonElement>(null);
  const [ended, setEnded] = useState(prefersReducedMotion);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // The page stops scrolling before the dialog opens: opening it lays the page out at once (to move the focus),
    // and that one layout then covers both changes (issue 12, TBT: the other order cost a second one).
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  // Starts the video on open and on Replay; moves focus to the control that matters in each state.
  useEffect(() => {
    if (ended) {
      videoRef.current?.pause();
      enterRef.current?.focus();
      return;
    }
    skipRef.current?.focus();
    const video = videoRef.current;
    if (!video) return;
    let active = true;
    void startPlayback(video).then((result) => {
      if (!active) return;
      if (result === 'muted') setMuted(true);
      // Nothing can play: straight to the welcome panel.
      if (result === 'failed') setEnded(true);
    });
    return () => {
      active = false;
    };
  }, [ended]);

  const finish = () => {
    videoRef.current?.pause();
    markIntroSeen();
    window.scrollTo(0, 0);
    onDone();
  };

  const toggleMute = () => {
    const video = videoRef.current;
    const next = !muted;
    if (video) video.muted = next;
    setMuted(next);
  };

  const replay = () => {
    const video = videoRef.current;
    if (video) video.currentTime = 0;
    setEnded(false);
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape leaves the intro like Close does, through the same path that stores the flag.
    event.preventDefault();
    finish();
  };

  return (
    <dialog
      ref={dialogRef}
      className={dialogClass}
      aria-label="WTA League intro video"
      aria-describedby="intro-description"
      onCancel={onCancel}
    >
      <VisuallyHidden id="intro-description">
        WTA. One day. Cash prizes. WTA League: win cash, not trophies.
      </VisuallyHidden>
      <video
        ref={videoRef}
        className={videoClass}
        src={INTRO_VIDEO}
        poster={INTRO_POSTER}
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        onEnded={() => setEnded(true)}
        onError={() => setEnded(true)}
      />
      <div className={topBarClass}>
        <Button
          variant="inverse"
          size="icon"
          className={controlClass}
          onClick={toggleMute}
          aria-label={muted ? 'Unmute' : 'Mute'}
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </Button>
        <Button variant="inverse" size="icon" className={controlClass} onClick={finish} aria-label="Close">
          <X aria-hidden="true" />
        </Button>
      </div>
      {ended ? (
        <div className={panelClass}>
          <h2 className={panelTitleClass}>Welcome to the League</h2>
          <p className={panelTextClass}>Where You Win Cash, Not Trophies for Bragging Rights</p>
          <div className={panelActionsClass}>
            <Button ref={enterRef} variant="gold" size="lg" fullWidth onClick={finish}>
              Enter Site
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button variant="outline" size="lg" fullWidth className={controlClass} onClick={replay}>
              <RotateCcw aria-hidden="true" />
              Replay
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={skipRef} variant="outline" size="lg" className={cx(controlClass, skipClass)} onClick={finish}>
          Skip Video
          <SkipForward aria-hidden="true" />
        </Button>
      )}
    </dialog>
  );
}
