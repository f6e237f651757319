import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { alert, type AlertVariantProps } from '../../styled-system/recipes';

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> &
  AlertVariantProps & { title: ReactNode; icon?: ReactNode; children?: ReactNode };

/** A static message box. Pass role="alert" only for messages that appear in response to an action. */
export function Alert({ title, icon, children, className, tone, ...props }: AlertProps) {
  const styles = alert({ tone });
  return (
    <div className={cx(styles.root, className)} {...props}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className={styles.content}>
        <p className={styles.title}>{title}</p>
        {children ? <div className={styles.description}>{children}</div> : null}
      </div>
    </div>
  );
}
