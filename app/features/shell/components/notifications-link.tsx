import { Bell } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { badge, button } from '../../../../styled-system/recipes';
import { AppLink } from '../../../ui/app-link.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { useUnreadCount } from '../queries.ts';
import { labelledIconLayout, responsiveLabel } from './responsive-label.ts';

/** How the badge shows a count; the accessible text always carries the exact number. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

const linkClass = cx(button({ variant: 'inverse', size: 'sm' }), labelledIconLayout);
const iconWrapClass = css({ display: 'inline-flex', position: 'relative' });
const countClass = cx(badge({ tone: 'verified', count: true }), css({ top: '-2.5', right: '-3' }));

/**
 * Notifications (/messages) with the unread-count badge, polled every 30 s while signed in. The badge is hidden at 0;
 * otherwise the link reads "Notifications, 3 unread messages".
 */
export function NotificationsLink({ current }: { current?: boolean }) {
  const count = useUnreadCount(true);
  return (
    <AppLink href="/messages" className={linkClass} aria-current={current ? 'page' : undefined}>
      <span className={iconWrapClass}>
        <Bell aria-hidden="true" />
        {count > 0 ? (
          <span className={countClass} aria-hidden="true" data-testid="unread-count">
            {badgeText(count)}
          </span>
        ) : null}
      </span>
      <span className={responsiveLabel}>Notifications</span>
      {count > 0 ? <VisuallyHidden>{`, ${unreadLabel(count)}`}</VisuallyHidden> : null}
    </AppLink>
  );
}
