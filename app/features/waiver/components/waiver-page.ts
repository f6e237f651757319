import { css } from '../../../../styled-system/css';

/** The waiver page's frame and headings, shared by the form, its terms and the signed screen. */
export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
export const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});
export const leadClass = css({ color: 'fg.muted', textStyle: 'md' });
