import { useEffect, useRef } from 'react';
import { css } from '../../styled-system/css';
import { toastShown, type ToastInput } from './toast.tsx';

/** 000 s9: the pause between a toast and leaving the page, so the toast can be read. */
export const SIGN_IN_REDIRECT_DELAY_MS = 500;

/** The login endpoint that sends the browser to /auth and, once signed in, back to `returnTo`, a path of the app. */
export function signInUrl(returnTo: `/${string}`): string {
  return `/api/login?returnTo=${returnTo}`;
}

/** Set when the page is leaving on purpose (Logout): no signed-in-only page then sends the browser to sign in. */
let leavingSignedOut = false;

/**
 * Logout leaves for / once the account's data is gone; while that data is cleared, a signed-in-only page sees no
 * user and would send the browser to /auth?returnTo=... A page whose notice waits 500 ms (Edit Profile, the
 * dashboard) started that navigation after Logout's, so the member ended on the login page. Call first.
 */
export function holdSignInRedirects(): void {
  leavingSignedOut = true;
}

/**
 * Sends a signed-out visitor to sign in: at once, or after `notice` has been on screen for 500 ms. Never resolves,
 * so a route's beforeLoad can await it and render nothing while the browser leaves.
 */
export async function leaveForSignIn(returnTo: `/${string}`, notice?: ToastInput): Promise<never> {
  if (notice && !leavingSignedOut) {
    await toastShown(notice);
    await new Promise((resolve) => setTimeout(resolve, SIGN_IN_REDIRECT_DELAY_MS));
  }
  if (!leavingSignedOut) window.location.assign(signInUrl(returnTo));
  return new Promise<never>(() => {});
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

export interface SignInRedirectProps {
  /** The page's name, shown as its heading while the browser leaves. */
  heading: string;
  returnTo: `/${string}`;
  /** Why, in the page's status line. */
  reason?: string;
  /** A toast to show first (the dashboard's 'Unauthorized'); without it the page leaves at once. */
  notice?: ToastInput;
}

/** What a signed-in-only page shows to a signed-out visitor while it sends them to sign in (and back). */
export function SignInRedirect({ heading, returnTo, reason, notice }: SignInRedirectProps) {
  const started = useRef(false);
  useEffect(() => {
    // Once per mount, also under StrictMode's double effects: a second toast would replace the first.
    if (started.current) return;
    started.current = true;
    void leaveForSignIn(returnTo, notice);
  }, [returnTo, notice]);
  return (
    <div className={pageClass}>
      <h1 className={titleClass}>{heading}</h1>
      <p role="status" className={css({ color: 'fg.muted' })}>
        {reason ? `${reason} ` : ''}Taking you to the login page...
      </p>
    </div>
  );
}
