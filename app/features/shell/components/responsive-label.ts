import { css } from '../../../../styled-system/css';

/**
 * Text that names an icon control: read by screen readers at every width, shown next to the icon only from 2xl,
 * where the bar has room for it.
 */
export const responsiveLabel = css({
  srOnly: true,
  '2xl': {
    position: 'static',
    width: 'auto',
    height: 'auto',
    margin: '0',
    overflow: 'visible',
    clip: 'auto',
    whiteSpace: 'nowrap',
  },
});
