import { css } from '../../../../styled-system/css';

export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  mx: 'auto',
  maxW: '6xl',
  px: '4',
  py: '8',
  w: 'full',
});
export const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});
export const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const metaClass = css({
  color: 'fg.muted',
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  textStyle: 'sm',
});
export const metaItemClass = css({
  alignItems: 'center',
  display: 'flex',
  gap: '2',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
export const rowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
export const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
export const headingClass = css({ fontSize: 'md', fontWeight: 'bold' });
