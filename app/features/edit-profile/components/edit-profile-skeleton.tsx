import { css, cx } from '../../../../styled-system/css';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '4' });
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });

/** What /edit-profile shows while the member's profile loads. */
export function EditProfileSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <span className={css({ srOnly: true })} role="status">
        Loading your profile
      </span>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '10', width: '56' }))} />
      <div aria-hidden="true" className={rowClass}>
        <div className={cx(skeletonClass, css({ height: '24', width: '24', borderRadius: 'full' }))} />
        <div className={cx(skeletonClass, css({ height: '11', width: '40' }))} />
      </div>
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '12', width: 'full' }))} />
      <div aria-hidden="true" className={cx(skeletonClass, css({ height: '96', width: 'full' }))} />
    </div>
  );
}
