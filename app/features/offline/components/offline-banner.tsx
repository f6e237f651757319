import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { formatSavedAt, newestSaveTime } from '../saved-at.ts';
import { useOffline } from '../use-offline.ts';

const bannerClass = css({
  alignItems: 'flex-start',
  background: 'verified.subtle',
  borderBottomWidth: '1px',
  borderColor: 'verified.border',
  color: 'verified.text',
  display: 'flex',
  gap: '3',
  px: { base: '4', md: '6' },
  py: '3',
  '& svg': { flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
const titleClass = css({ fontWeight: 'bold' });
const noteClass = css({ textStyle: 'sm' });

/**
 * D16: while offline (or while requests fail for want of a network) the app says it is showing saved data, and
 * when it was saved. A polite live region that is always present, so the change is announced; empty when online.
 */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const offline = useOffline();
  const [savedAt, setSavedAt] = useState<number | null>(null);

  // The save time follows what is cached while offline: each newly read answer may change it.
  useEffect(() => {
    if (!offline) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void newestSaveTime(queryClient).then((at) => {
          if (live) setSavedAt(at);
        });
      }, 100);
    };
    update();
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' || event.type === 'removed') update();
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [offline, queryClient]);

  return (
    <div role="status" aria-live="polite">
      {offline ? (
        <div className={bannerClass}>
          <WifiOff aria-hidden="true" />
          <div>
            <p>
              <span className={titleClass}>Offline - showing saved data</span>
              {savedAt !== null ? ` (${formatSavedAt(savedAt)})` : null}
            </p>
            <p className={noteClass}>Signing in, registering, buying tickets, paying and donating need a connection.</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
