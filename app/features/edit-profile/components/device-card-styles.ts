import { css } from '../../../../styled-system/css';

// The look of Edit Profile's two device lists (signed-in devices, devices with notifications on).
export const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '4', md: '6' } });
export const headingClass = css({ fontWeight: 'extrabold', textStyle: 'xl' });
export const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
export const itemClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  p: '3',
});
export const deviceClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minWidth: '0' });
export const deviceNameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
export const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
