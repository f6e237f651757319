import { Download, Share, X } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { IOS_HINT_DISMISSED_KEY, promptInstall } from '../install-state.ts';

const floatClass = css({
  position: 'fixed',
  left: '3',
  bottom: '[calc(token(spacing.3) + env(safe-area-inset-bottom, 0px))]',
  zIndex: 'sticky',
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  maxWidth: '[calc(100vw - token(spacing.6))]',
  background: 'inverse.bg',
  color: 'inverse.fg',
  borderWidth: '1px',
  borderColor: 'inverse.accent',
  borderRadius: 'l3',
  boxShadow: 'lg',
  p: '1',
});
const hintTextClass = css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', fontSize: 'sm' });

/** The floating install offer: Chromium's install dialog behind a button, or the iOS Share hint. */
export default function InstallPrompt({ mode }: { mode: 'prompt' | 'ios' }) {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;

  if (mode === 'prompt') {
    return (
      <div className={floatClass}>
        <button
          type="button"
          className={button({ variant: 'inverse', size: 'sm' })}
          onClick={() => {
            void promptInstall();
          }}
        >
          <Download aria-hidden="true" />
          Install app
        </button>
      </div>
    );
  }

  return (
    <aside aria-label="Install the app" className={floatClass}>
      <p className={hintTextClass}>
        <Share aria-hidden="true" className={css({ flexShrink: '0', width: '4', height: '4' })} />
        Install: tap Share, then Add to Home Screen
      </p>
      <button
        type="button"
        aria-label="Dismiss install hint"
        className={cx(button({ variant: 'inverse', size: 'icon' }), css({ flexShrink: '0' }))}
        onClick={() => {
          try {
            localStorage.setItem(IOS_HINT_DISMISSED_KEY, '1');
          } catch {
            // private mode without storage: hidden for this visit only
          }
          setHidden(true);
        }}
      >
        <X aria-hidden="true" />
      </button>
    </aside>
  );
}
