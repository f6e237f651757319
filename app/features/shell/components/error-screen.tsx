import { useRouter } from '@tanstack/react-router';
import { AlertTriangle, RotateCw, WifiOff } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { isNetworkError } from '../../../lib/query-client.ts';
import { Button } from '../../../ui/button.tsx';

const wrapClass = css({
  alignItems: 'center',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '4',
  justifyContent: 'center',
  mx: 'auto',
  maxWidth: '2xl',
  px: '4',
  py: '20',
  textAlign: 'center',
});
const iconClass = css({ color: 'danger.text', width: '12', height: '12' });
const offlineIconClass = css({ color: 'fg.muted', width: '12', height: '12' });
const titleClass = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' });
const textClass = css({ color: 'fg.muted', textStyle: 'lg' });
const messageClass = css({
  background: 'bg.subtle',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  fontFamily: 'mono',
  maxWidth: 'full',
  overflowWrap: 'anywhere',
  px: '4',
  py: '3',
  textStyle: 'sm',
});

/**
 * What any uncaught page error shows (000 s2): the message, and a way out that reloads. Offline (the browser says
 * so, or the page's data got no answer) it is no error but a page that was never saved for offline use (D16): the
 * screen says so in the app's offline words and offers Try Again, which loads the page's data again in place.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const online = useOnlineStatus();
  if (!online || isNetworkError(error)) return <NotSavedOffline />;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className={wrapClass} role="alert" aria-labelledby="error-title">
      <AlertTriangle className={iconClass} aria-hidden="true" />
      <h1 id="error-title" className={titleClass}>
        Something went wrong
      </h1>
      <p className={textClass}>An unexpected error occurred while loading this page.</p>
      {message ? <p className={messageClass}>{message}</p> : null}
      <Button size="lg" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Reload Page
      </Button>
    </section>
  );
}

function NotSavedOffline() {
  const router = useRouter();
  return (
    <section className={wrapClass} role="alert" aria-labelledby="offline-title">
      <WifiOff className={offlineIconClass} aria-hidden="true" />
      <h1 id="offline-title" className={titleClass}>
        You are offline
      </h1>
      <p className={textClass}>
        This page was not saved for offline use and needs a connection. Try again when you are back online.
      </p>
      {/* invalidate() re-runs the failed loads and resets this error boundary (TanStack Router's documented retry). */}
      <Button size="lg" onClick={() => void router.invalidate()}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </section>
  );
}
