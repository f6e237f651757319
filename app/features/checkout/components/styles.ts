import { css } from '../../../../styled-system/css';

/** Shared layout of the checkout pages: one centred column, phone first. */
export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: 'xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '14' },
  width: 'full',
});
export const cardInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' } });
export const centeredClass = css({ alignItems: 'center', display: 'flex', flexDirection: 'column', gap: '4', textAlign: 'center' });
export const titleClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'black', lineHeight: 'tight' });
export const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });
export const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'center',
  width: 'full',
});
export const iconCircleClass = css({
  alignItems: 'center',
  borderRadius: 'full',
  display: 'flex',
  height: '16',
  justifyContent: 'center',
  width: '16',
  '& svg': { height: '8', width: '8' },
});
export const successIconClass = css({ background: 'verified.subtle', color: 'verified.text' });
export const dangerIconClass = css({ background: 'danger.subtle', color: 'danger.text' });
export const neutralIconClass = css({ background: 'bg.subtle', color: 'fg.muted' });
export const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });
