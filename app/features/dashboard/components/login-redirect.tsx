import { useEffect, useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { toast } from '../../../ui/toast.tsx';

/** 000 s9: the pause before a signed-out visitor is sent to sign in, so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const DASHBOARD_LOGIN_URL = '/api/login?returnTo=/dashboard';

const TOAST_TITLE = 'Unauthorized';
/** Longest wait for the toast to appear before leaving anyway. */
const TOAST_WAIT_MS = 3000;

/** Calls `then` once a toast titled `title` is in the page, or after `timeoutMs`; returns a cancel function. */
function whenShown(title: string, timeoutMs: number, then: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(fallback);
    then();
  };
  const present = () =>
    Array.from(document.querySelectorAll('[data-scope="toast"][data-part="root"]')).some((el) =>
      el.textContent?.includes(title),
    );
  const observer = new MutationObserver(() => {
    if (present()) finish();
  });
  const fallback = window.setTimeout(finish, timeoutMs);
  observer.observe(document.body, { childList: true, subtree: true });
  if (present()) finish();
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(fallback);
  };
}

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const titleClass = css({ fontFamily: 'display', fontSize: '3xl', fontWeight: 'black', textTransform: 'uppercase' });

/**
 * 000 s2: a signed-out visitor gets the 'Unauthorized' toast, then a full-page trip to the login endpoint, which
 * sends them back here after signing in.
 */
export function LoginRedirect() {
  const announced = useRef(false);
  useEffect(() => {
    if (!announced.current) {
      announced.current = true;
      toast({ title: TOAST_TITLE, description: 'Please log in to view your dashboard.', variant: 'destructive' });
    }
    // The toast region loads after the first paint, so the 500 ms count from when the toast is on screen (or from
    // a short wait, should it never show), or the page could leave before anyone saw why.
    let timer: number | undefined;
    const stopWaiting = whenShown(TOAST_TITLE, TOAST_WAIT_MS, () => {
      timer = window.setTimeout(() => window.location.assign(DASHBOARD_LOGIN_URL), LOGIN_REDIRECT_DELAY_MS);
    });
    return () => {
      stopWaiting();
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <div className={pageClass}>
      <h1 className={titleClass}>Dashboard</h1>
      <p role="status">Please log in to view your dashboard. Taking you to the login page...</p>
    </div>
  );
}
