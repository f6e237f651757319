import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { badge, type BadgeVariantProps } from '../../styled-system/recipes';

export type BadgeProps = ComponentProps<'span'> & BadgeVariantProps;

export function Badge(props: BadgeProps) {
  const [variantProps, { className, ...rest }] = badge.splitVariantProps(props);
  return <span className={cx(badge(variantProps), className)} {...rest} />;
}
