import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerMatch, Winning } from '../../../edge/features/competition/schema.ts';
import type { MarkNotificationsReadResult, Notification } from '../../../edge/features/notifications/schema.ts';
import type { CurrentTeam } from '../../../edge/features/players/schema.ts';
import type { TeamInvite } from '../../../edge/features/team-invites/schema.ts';
import type { MyRegistration } from '../../../edge/features/tournaments/schema.ts';
import type { WaiverStatus } from '../../../edge/features/waivers/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';

export type { CurrentTeam, MyRegistration, Notification, PlayerMatch, TeamInvite, WaiverStatus, Winning };

/** GET /api/player/current-team (000 s7: players only). */
export const currentTeamQueryOptions = queryOptions<CurrentTeam>({ queryKey: ['/api/player/current-team'] });

/** GET /api/waivers/status; the same key as the waiver page, so signing there refreshes the alert here. */
export const waiverStatusQueryOptions = queryOptions<WaiverStatus>({ queryKey: ['/api/waivers/status'] });

/**
 * GET /api/tournament-registrations/my-registrations: the key the landing page and the tournament pages use, so
 * one cache serves them all. A 401 (the session just ended) reads as null, as it does there.
 */
export const myRegistrationsQueryOptions = queryOptions({
  queryKey: ['/api/tournament-registrations/my-registrations'],
  queryFn: getQueryFn<MyRegistration[]>({ on401: 'returnNull' }),
});

/** GET /api/player/matches: the signed-in player's matches, newest first (issue 11). */
export const playerMatchesQueryOptions = queryOptions<PlayerMatch[]>({ queryKey: ['/api/player/matches'] });

/** GET /api/player/winnings: the player's payouts and adjustments with their status (D21). */
export const winningsQueryOptions = queryOptions<Winning[]>({ queryKey: ['/api/player/winnings'] });

/** The shell's unread-count key: the badge here and in the top bar read one cache entry (polled by the shell). */
export const unreadCountQueryOptions = queryOptions({
  queryKey: ['/api/messages/unread-count'],
  select: (data: unknown) => {
    const count = (data as { count?: unknown } | null)?.count;
    return typeof count === 'number' && count > 0 ? Math.floor(count) : 0;
  },
});

/** GET /api/notifications: the caller's newest 50 (D15). */
export const notificationsQueryOptions = queryOptions<Notification[]>({ queryKey: ['/api/notifications'] });

/** PATCH /api/notifications/read; on success the cached list shows everything read, then reloads from the server. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest('PATCH', '/api/notifications/read');
      return (await res.json()) as MarkNotificationsReadResult;
    },
    onSuccess: async () => {
      queryClient.setQueryData<Notification[]>(notificationsQueryOptions.queryKey, (list) =>
        list?.map((n) => (n.read ? n : { ...n, read: true })),
      );
      await queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
    },
  });
}

/** GET /api/team-invites: a player's team invites, answered from the Notifications tab (D37). */
export const myInvitesQueryOptions = queryOptions<TeamInvite[]>({ queryKey: ['/api/team-invites'] });

/** PATCH /api/team-invites/{id}: accept (join the team) or decline. */
export async function answerInvite(id: number, status: 'accepted' | 'declined'): Promise<TeamInvite> {
  return (await (await apiRequest('PATCH', `/api/team-invites/${id}`, { status })).json()) as TeamInvite;
}
