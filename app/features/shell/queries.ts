import { queryOptions, useQuery } from '@tanstack/react-query';

/** 000 s9: the unread count is polled every 30 s while signed in. */
export const UNREAD_POLL_MS = 30_000;

export const unreadCountQueryOptions = queryOptions({
  queryKey: ['/api/messages/unread-count'],
  select: (data: unknown) => {
    const count = (data as { count?: unknown } | null)?.count;
    return typeof count === 'number' && count > 0 ? Math.floor(count) : 0;
  },
});

/** The number of unread messages, 0 while unknown or signed out. */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useQuery({
    ...unreadCountQueryOptions,
    enabled: signedIn,
    refetchInterval: signedIn ? UNREAD_POLL_MS : false,
  });
  return data ?? 0;
}
