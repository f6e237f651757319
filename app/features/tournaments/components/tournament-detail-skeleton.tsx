import { css, cx } from '../../../../styled-system/css';

// Its own module: the route's pendingComponent is not code-split, so whatever this file imports lands in the
// app's main chunk (and the landing page's first-load JS).
const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '6', md: '8' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });

/** What the detail route shows while its tournament loads. */
export function TournamentDetailSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Loading tournament
      </span>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '6', width: '40' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '14', width: '3/4' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '20', width: 'full' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '64', width: 'full' }))} />
    </div>
  );
}
