import { css, cx } from '../../../../styled-system/css';

// Its own small module: the router keeps pending components in the main bundle, so this must not pull in the page.
const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '8', md: '10' },
  maxWidth: '6xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const headerClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '6' });
const block = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l2' });
const statsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
});

/** A profile's shape while it loads (no made-up data). */
export function ProfileSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <div className={headerClass}>
        <div className={cx(block, css({ borderRadius: 'full', height: '24', width: '24' }))} />
        <div className={css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3', minWidth: '48' })}>
          <div className={cx(block, css({ height: '10', width: '3/5' }))} />
          <div className={cx(block, css({ height: '5', width: '2/5' }))} />
          <div className={cx(block, css({ height: '11', width: '40' }))} />
        </div>
      </div>
      <div className={statsClass}>
        {[0, 1, 2, 3, 4].map((key) => (
          <div key={key} className={cx(block, css({ height: '20' }))} />
        ))}
      </div>
      <div className={cx(block, css({ height: '40' }))} />
    </div>
  );
}
