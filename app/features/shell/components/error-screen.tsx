import { AlertTriangle, RotateCw } from 'lucide-react';
import { css } from '../../../../styled-system/css';
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

/** What any uncaught page error shows (000 s2): the message, and a way out that reloads. */
export function ErrorScreen({ error }: { error: unknown }) {
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
