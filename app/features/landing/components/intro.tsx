import { lazy, Suspense } from 'react';

// The overlay (video, dialog, welcome panel) is its own chunk, fetched only when the intro is due: the landing page
// paints without it, and returning visitors in the same session never download it.
const IntroOverlay = lazy(() => import('./intro-overlay.tsx'));

/** The intro video overlay of 000 s2, rendered while `open`; see intro-overlay.tsx. */
export function Intro({ open, onDone }: { open: boolean; onDone: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <IntroOverlay onDone={onDone} />
    </Suspense>
  );
}
