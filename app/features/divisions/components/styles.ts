import { css } from '../../../../styled-system/css';

// As many cards a row as fit; a lone card takes the row instead of leaving the rest of it empty.
export const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
});
