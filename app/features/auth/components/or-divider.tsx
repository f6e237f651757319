import { css } from '../../../../styled-system/css';

const dividerClass = css({
  alignItems: 'center',
  color: 'fg.muted',
  display: 'flex',
  gap: '3',
  textStyle: 'sm',
  _before: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px', borderColor: 'border.default' },
});

export function OrDivider() {
  return <p className={dividerClass}>or</p>;
}
