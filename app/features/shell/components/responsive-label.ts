import { css } from '../../../../styled-system/css';

/**
 * Text that names an icon control: read by screen readers at every width, and shown as a caption under the icon
 * wherever the full desktop bar is (xl), so Dashboard, Notifications, Admin and Logout are never icons alone there.
 */
export const responsiveLabel = css({
  srOnly: true,
  xl: {
    position: 'static',
    width: 'auto',
    height: 'auto',
    margin: '0',
    overflow: 'visible',
    clip: 'auto',
    whiteSpace: 'nowrap',
    textStyle: 'xs',
    lineHeight: 'tight',
  },
});

/**
 * The layout of an icon control with a responsiveLabel: icon only on a phone (the bar has room for nothing more),
 * icon above its caption on the desktop bar. Stacked, the five signed-in controls of an admin take ~400 px, where
 * side by side they needed ~500 and overflowed the bar.
 */
export const labelledIconLayout = css({
  px: { base: '0', xl: '2' },
  xl: { flexDirection: 'column', gap: '0.5', height: 'auto', minHeight: 'touch', py: '1' },
});
