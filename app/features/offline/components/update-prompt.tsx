import { RefreshCw, X } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { css } from '../../../../styled-system/css';
import { subscribeWaitingUpdate, waitingUpdate } from '../../../lib/service-worker.ts';
import { Button } from '../../../ui/button.tsx';

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
const bannerClass = css({
  alignItems: 'center',
  background: 'inverse.bg',
  borderColor: 'inverse.accent',
  borderRadius: 'l3',
  borderWidth: '2px',
  boxShadow: 'xl',
  color: 'inverse.fg',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  pl: '4',
  pr: '2',
  py: '2',
  '& > svg': { flexShrink: '0', height: '5', width: '5' },
});
const textClass = css({ display: 'flex', flex: '1', flexDirection: 'column', minWidth: '40' });
const titleClass = css({ fontWeight: 'bold' });
const noteClass = css({ textStyle: 'sm' });
const actionsClass = css({ alignItems: 'center', display: 'flex', gap: '1' });

/**
 * "Update available - Reload" (registerType 'prompt', ADR 015). Unlike a toast it stays until the user reloads or
 * dismisses it: a toast's 5 seconds, or the next toast replacing it, would leave the new version waiting unseen. The
 * live region is always in the page so a screen reader announces the prompt when it appears; the prompt is a labelled
 * region (reachable by landmark navigation) whose buttons are ordinary, keyboard-operable buttons. Focus is never
 * moved to it: it must not interrupt what the user is doing.
 */
export function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeWaitingUpdate, waitingUpdate, () => null);
  const [dismissedId, setDismissedId] = useState<number | null>(null);
  const titleId = useId();
  const shown = update !== null && update.id !== dismissedId;

  return (
    <div aria-live="polite" className={shown ? floatClass : undefined}>
      {shown ? (
        <section role="region" aria-labelledby={titleId} className={bannerClass}>
          <RefreshCw aria-hidden="true" />
          <p className={textClass}>
            <span id={titleId} className={titleClass}>
              Update available
            </span>
            <span className={noteClass}>A new version of WTA League is ready.</span>
          </p>
          <div className={actionsClass}>
            <Button size="sm" variant="gold" onClick={update.apply}>
              Reload
            </Button>
            <Button
              size="icon"
              variant="inverse"
              aria-label="Dismiss update notice"
              onClick={() => setDismissedId(update.id)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
