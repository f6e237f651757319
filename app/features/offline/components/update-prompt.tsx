import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { css } from '../../../../styled-system/css';
import { subscribeWaitingUpdate, waitingUpdate } from '../../../lib/service-worker.ts';

// The notice's code (its icons, buttons and styles) loads when a new version is waiting, not with every first load.
const UpdateNotice = lazy(() => import('./update-notice.tsx'));

// Floats where nothing else does: the toasts sit bottom-right and the install button bottom-left, so on wide screens
// it is bottom-centre; on a phone, where those span the width, it sits under the top bar instead.
const floatClass = css({
  position: 'fixed',
  zIndex: 'banner',
  left: '0',
  right: '0',
  mx: 'auto',
  width: '[min(calc(100vw - token(spacing.6)), 32rem)]',
  top: { base: '[calc(4rem + 3px + token(spacing.2))]', md: '[auto]' },
  bottom: { base: '[auto]', md: '[calc(token(spacing.3) + env(safe-area-inset-bottom, 0px))]' },
});

/**
 * "Update available - Reload" (registerType 'prompt', ADR 015). Unlike a toast it stays until the user reloads or
 * dismisses it: a toast's 5 seconds, or the next toast replacing it, would leave the new version waiting unseen. The
 * live region is always in the page (it stays in the first load) so a screen reader announces the notice when it
 * appears in it; focus is never moved to it: it must not interrupt what the user is doing.
 */
export function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeWaitingUpdate, waitingUpdate, () => null);
  const [dismissedId, setDismissedId] = useState<number | null>(null);
  const shown = update !== null && update.id !== dismissedId;

  return (
    <div aria-live="polite" className={shown ? floatClass : undefined}>
      {shown ? (
        <Suspense fallback={null}>
          <UpdateNotice update={update} onDismiss={() => setDismissedId(update.id)} />
        </Suspense>
      ) : null}
    </div>
  );
}
