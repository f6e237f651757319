import type { ComponentProps } from 'react';
import { css, cx } from '../../styled-system/css';

const srOnly = css({ srOnly: true });

/** Text for screen readers only: names for icon-only controls and counts. */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cx(srOnly, className)} {...props} />;
}
