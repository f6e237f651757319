import { css, cx } from '../../../../styled-system/css';

// Its own small module: the router keeps pending components in the main bundle, so this must not pull in the page.
const headerClass = css({ background: 'inverse.bg', borderBottomWidth: '3px', borderColor: 'inverse.accent' });
const innerClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '10', md: '14' },
});
const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const block = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l2' });
const darkBlock = css({ animation: 'skeleton-pulse', background: 'inverse.plate', borderRadius: 'l2' });
const cardClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
});

/** The division page's shape while it loads (no made-up data). */
export function DivisionPageSkeleton() {
  return (
    <div aria-busy="true">
      <div className={headerClass}>
        <div className={innerClass}>
          <div className={cx(darkBlock, css({ height: '5', width: '20' }))} />
          <div className={cx(darkBlock, css({ height: '12', width: '60' }))} />
          <div className={cx(darkBlock, css({ height: '5', width: '4/5', maxWidth: 'lg' }))} />
        </div>
      </div>
      <div className={gridClass}>
        {[0, 1, 2].map((key) => (
          <div key={key} className={cardClass}>
            <div className={cx(block, css({ height: '5', width: '20' }))} />
            <div className={cx(block, css({ height: '6', width: '4/5' }))} />
            <div className={cx(block, css({ height: '4', width: '3/5' }))} />
            <div className={cx(block, css({ height: '10', width: 'full' }))} />
          </div>
        ))}
      </div>
    </div>
  );
}
