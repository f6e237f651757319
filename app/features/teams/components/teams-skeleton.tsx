import { css, cx } from '../../../../styled-system/css';

// Its own module: the route's pendingComponent is not code-split.
const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '5xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });

/** What /teams shows while the owner's teams load. */
export function TeamsSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Loading your teams
      </span>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '10', width: '48' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '72', width: 'full' }))} />
    </div>
  );
}
