import { css } from '../../../styled-system/css';

export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '4xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
export const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});
export const leadClass = css({ color: 'fg.muted', textStyle: { base: 'md', md: 'lg' } });
export const cardPadClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '6' } });
export const sectionTitleClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'extrabold' });
export const mutedClass = css({ color: 'fg.muted' });
export const emptyClass = css({ color: 'fg.muted', py: '6', textAlign: 'center' });
export const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });
