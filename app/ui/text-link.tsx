import { cx } from '../../styled-system/css';
import { link, type LinkVariantProps } from '../../styled-system/recipes';
import { AppLink, type AppLinkProps } from './app-link.tsx';

export type TextLinkProps = AppLinkProps & LinkVariantProps;

/** An underlined in-app text link. */
export function TextLink(props: TextLinkProps) {
  const [variantProps, { className, ...rest }] = link.splitVariantProps(props);
  return <AppLink className={cx(link(variantProps), className)} {...rest} />;
}
