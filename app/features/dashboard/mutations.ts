import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MarkNotificationsReadResult } from '../../../edge/features/notifications/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { notificationsQueryOptions, type Notification, type NotificationPage, type TeamInvite } from './queries.ts';

// What only the dashboard's own (lazily loaded) screens call: kept apart from queries.ts, whose query options the
// route's loader brings into the first load.

/** Every loaded notification, newest first. */
export const loadedNotifications = (data: InfiniteData<NotificationPage> | undefined): Notification[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

/** PATCH /api/notifications/read; on success the cached list shows everything read, then reloads from the server. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest('PATCH', '/api/notifications/read');
      return (await res.json()) as MarkNotificationsReadResult;
    },
    onSuccess: async () => {
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((n) => (n.read ? n : { ...n, read: true })),
              })),
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
    },
  });
}

/** PATCH /api/team-invites/{id}: accept (join the team) or decline. */
export async function answerInvite(id: number, status: 'accepted' | 'declined'): Promise<TeamInvite> {
  return (await (await apiRequest('PATCH', `/api/team-invites/${id}`, { status })).json()) as TeamInvite;
}
