import { css } from '../../../../styled-system/css';

// The layout My Tickets shares between a ticket and an entry pass: a grid of cards, each its details beside its QR.

export const listClass = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
});
export const cardInnerClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '5',
  p: { base: '4', md: '6' },
  alignItems: { base: 'center', sm: 'flex-start' },
});
export const infoClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3', minWidth: '0', width: 'full' });
export const qrClass = css({ width: { base: 'full', sm: '56' }, maxWidth: '72', flexShrink: '0' });
