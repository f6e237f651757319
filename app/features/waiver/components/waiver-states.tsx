import { css, cx } from '../../../../styled-system/css';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });

/** While the waiver status loads. */
export function WaiverLoading() {
  return (
    <div className={pageClass} aria-busy="true">
      <h1 className={css({ srOnly: true })}>Liability Waiver</h1>
      <span role="status" className={css({ srOnly: true })}>
        Loading the waiver
      </span>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '10', width: '3/4' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '96', width: 'full' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '48', width: 'full' }))} />
    </div>
  );
}

/** 000 s8: the status check failed. */
export function WaiverStatusError({ message, onRetry }: { message?: string | undefined; onRetry: () => void }) {
  return (
    <div className={pageClass}>
      <h1 className={css({ fontFamily: 'display', fontSize: '3xl', fontWeight: 'black', textTransform: 'uppercase' })}>
        Liability Waiver
      </h1>
      <Alert tone="danger" role="alert" title="Failed to check waiver status">
        {message ?? 'Please check your connection and try again.'}
      </Alert>
      <div>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </div>
  );
}

