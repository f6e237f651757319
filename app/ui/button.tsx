import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { button, type ButtonVariantProps } from '../../styled-system/recipes';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

/** A native button styled by the button recipe. `type` defaults to "button" so nothing submits a form by accident. */
export function Button(props: ButtonProps) {
  const [variantProps, { className, type = 'button', ...rest }] = button.splitVariantProps(props);
  return <button type={type} className={cx(button(variantProps), className)} {...rest} />;
}
