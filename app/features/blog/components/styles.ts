import { css } from '../../../../styled-system/css';

export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '4xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
export const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
export const leadClass = css({ color: 'fg.muted', mt: '2', textStyle: 'lg' });
export const metaClass = css({
  alignItems: 'center',
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  textStyle: 'sm',
});
export const emptyClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '2px',
  color: 'fg.muted',
  fontWeight: 'semibold',
  px: '4',
  py: '16',
  textAlign: 'center',
  textStyle: 'lg',
});

/** The post's text: the server's HTML (D29) in readable type, long words and links wrapped on a 360 px screen. */
export const proseClass = css({
  lineHeight: 'relaxed',
  overflowWrap: 'anywhere',
  textStyle: 'lg',
  '& h1, & h2, & h3, & h4': { fontWeight: 'extrabold', lineHeight: 'tight', mt: '8' },
  '& h1': { textStyle: '3xl' },
  '& h2': { textStyle: '2xl' },
  '& h3': { textStyle: 'xl' },
  '& p, & ul, & ol, & pre, & blockquote, & table': { mt: '4' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& li + li': { mt: '1' },
  '& a': { color: 'accent.text', textDecoration: 'underline' },
  '& blockquote': { borderColor: 'border.default', borderLeftWidth: '4px', color: 'fg.muted', pl: '4' },
  '& code': { bg: 'bg.subtle', borderRadius: 'l1', fontFamily: 'mono', px: '1', textStyle: 'md' },
  '& pre': { bg: 'bg.subtle', borderRadius: 'l2', overflowX: 'auto', p: '4' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& img': { borderRadius: 'l2', maxWidth: 'full' },
  '& hr': { borderColor: 'border.default', my: '8' },
});
