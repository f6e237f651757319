import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { card } from '../../styled-system/recipes';

const styles = card();

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(styles.root, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(styles.header, className)} {...props} />;
}

/** The card's heading; pick the level that fits the page outline. */
export function CardTitle({ className, as: Heading = 'h3', ...props }: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={cx(styles.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx(styles.description, className)} {...props} />;
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(styles.body, className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(styles.footer, className)} {...props} />;
}

/** A whole card that is one button: for choices such as Solo Player / Team Owner. */
export function CardButton({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} className={cx(card({ interactive: true }).root, className)} {...props} />;
}
