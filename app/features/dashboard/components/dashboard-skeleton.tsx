import { css, cx } from '../../../../styled-system/css';

// Its own module: the route's pendingComponent is not code-split, so whatever this file imports lands in the
// app's main chunk.
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
const rowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });

/** What /dashboard shows while the profile, team and match history load. */
export function DashboardSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Loading your dashboard
      </span>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '10', width: '48' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '64', width: 'full' }))} />
      <div aria-hidden="true" className={rowClass}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={cx(skeletonClass, css({ height: '11', width: '36' }))} />
        ))}
      </div>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '12', width: 'full' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '40', width: 'full' }))} />
    </div>
  );
}
