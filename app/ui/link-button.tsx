import { cx } from '../../styled-system/css';
import { button, type ButtonVariantProps } from '../../styled-system/recipes';
import { AppLink, type AppLinkProps } from './app-link.tsx';

export type LinkButtonProps = AppLinkProps & ButtonVariantProps;

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function LinkButton(props: LinkButtonProps) {
  const [variantProps, { className, ...rest }] = button.splitVariantProps(props);
  return <AppLink className={cx(button(variantProps), className)} {...rest} />;
}
