import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { formatLongDate, formatLongDateTime } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { relativeTime, safeNotificationLink } from '../dashboard-display.ts';
import { loadedNotifications, useMarkNotificationsRead } from '../mutations.ts';
import { myInvitesQueryOptions, notificationsQueryOptions, type Notification, type TeamInvite } from '../queries.ts';
import { InviteActions } from './invite-actions.tsx';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  gap: '3',
  p: '4',
});
const unreadItemClass = css({ borderColor: 'verified.border', borderLeftWidth: '4px', background: 'verified.subtle' });
const iconClass = css({ color: 'fg.muted', flexShrink: '0', height: '5', width: '5', mt: '0.5' });
const bodyWrapClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', flex: '1' });
const headClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const titleClass = css({ fontWeight: 'bold', textStyle: 'md', overflowWrap: 'anywhere' });
const titleLinkClass = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch' });
const textClass = css({ textStyle: 'sm', overflowWrap: 'anywhere' });
const timeClass = css({ color: 'fg.muted', textStyle: 'xs', fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted', py: '8', textAlign: 'center' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '20',
});
const loadMoreClass = css({ alignSelf: 'center' });
const errorClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  py: '6',
  textAlign: 'center',
});

/**
 * The Notifications tab (000 s2, D15). Opening it marks everything read on the server; what was unread when it
 * opened stays marked "New" for this visit, so the user still sees what arrived since last time. A player's team
 * invites are answered here (D37): on the invite's own notification.
 */
export function NotificationsPanel({ invites: withInvites = false }: { invites?: boolean }) {
  const query = useInfiniteQuery(notificationsQueryOptions);
  // The list shows without them if they fail: the invites' buttons are an addition to the notifications.
  const invites = useQuery({ ...myInvitesQueryOptions, enabled: withInvites });
  const markRead = useMarkNotificationsRead();
  const [newIds, setNewIds] = useState<ReadonlySet<number> | null>(null);
  const marked = useRef(false);

  const list = query.data ? loadedNotifications(query.data) : undefined;
  useEffect(() => {
    if (!list || marked.current) return;
    marked.current = true;
    const unread = list.filter((n) => !n.read).map((n) => n.id);
    setNewIds(new Set(unread));
    if (unread.length > 0) markRead.mutate();
  }, [list, markRead]);

  if (query.isPending) {
    return (
      <div aria-busy="true" className={listClass}>
        <VisuallyHidden role="status">Loading notifications</VisuallyHidden>
        <div aria-hidden="true" className={skeletonClass} />
        <div aria-hidden="true" className={skeletonClass} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className={errorClass}>
        <p>Failed to load notifications</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className={listClass}>
      <NotificationList
        notifications={list ?? []}
        invites={withInvites ? invites.data ?? [] : []}
        newIds={newIds ?? new Set()}
        now={new Date()}
      />
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className={loadMoreClass}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load older notifications'}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className={textClass}>
          Failed to load notifications
        </p>
      ) : null}
    </div>
  );
}

export interface NotificationListProps {
  notifications: readonly Notification[];
  /** The player's team invites: Accept and Decline show on each one's notification. */
  invites?: readonly TeamInvite[];
  /** Ids shown as new (unread when the tab was opened); unread ones are always shown as new too. */
  newIds: ReadonlySet<number>;
  now: Date;
}

export function NotificationList({ notifications, invites = [], newIds, now }: NotificationListProps) {
  const inviteOf = new Map(invites.filter((i) => i.notificationId !== null).map((i) => [i.notificationId!, i]));
  // An open invite whose notification is older than the newest 50 still needs its buttons: it leads the list.
  const shown = new Set(notifications.map((n) => n.id));
  const unlisted = invites.filter(
    (i) => i.status === 'pending' && (i.notificationId === null || !shown.has(i.notificationId)),
  );
  if (notifications.length === 0 && unlisted.length === 0) return <p className={mutedClass}>No notifications</p>;
  return (
    <ul className={listClass} aria-label="Notifications">
      {unlisted.map((invite) => (
        <li key={`invite-${invite.id}`} className={cx(itemClass, unreadItemClass)}>
          <Bell aria-hidden="true" className={iconClass} />
          <div className={bodyWrapClass}>
            <h3 className={titleClass}>Team invite</h3>
            <p className={textClass}>{invite.team.name} invited you to join the team.</p>
            <InviteActions invite={invite} />
          </div>
        </li>
      ))}
      {notifications.map((n) => {
        const invite = inviteOf.get(n.id);
        const isNew = !n.read || newIds.has(n.id);
        const link = safeNotificationLink(n.link);
        const when = relativeTime(n.createdAt, now) ?? formatLongDate(n.createdAt);
        return (
          <li key={n.id} className={cx(itemClass, isNew && unreadItemClass)} data-unread={isNew ? 'true' : undefined}>
            <Bell aria-hidden="true" className={iconClass} />
            <div className={bodyWrapClass}>
              <div className={headClass}>
                <h3 className={titleClass}>
                  {link ? (
                    <TextLink href={link} className={titleLinkClass}>
                      {n.title}
                    </TextLink>
                  ) : (
                    n.title
                  )}
                </h3>
                {isNew ? (
                  <Badge tone="verified">
                    New<VisuallyHidden>, unread</VisuallyHidden>
                  </Badge>
                ) : null}
              </div>
              <p className={textClass}>{n.body}</p>
              <time className={timeClass} dateTime={n.createdAt} title={formatLongDateTime(n.createdAt)}>
                {when}
              </time>
              {invite ? <InviteActions invite={invite} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
