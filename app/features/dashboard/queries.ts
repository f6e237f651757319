import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PlayerMatch, Winning } from '../../../edge/features/competition/schema.ts';
import { NEXT_CURSOR_HEADER, type Notification } from '../../../edge/features/notifications/schema.ts';
import type { CurrentTeam } from '../../../edge/features/players/schema.ts';
import type { TeamInvite } from '../../../edge/features/team-invites/schema.ts';
import type { MyRegistration } from '../../../edge/features/tournaments/schema.ts';
import type { WaiverStatus } from '../../../edge/features/waivers/schema.ts';
import { apiGet, getQueryFn } from '../../lib/api-client.ts';

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

/** One page of the Notifications tab and the cursor of the next (null on the last). */
export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}

/** GET /api/notifications (D15): newest 50 first, older pages by `?cursor=` (the X-Next-Cursor of the page before). */
export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/notifications'] as const,
  queryFn: async ({ pageParam, signal, client }): Promise<NotificationPage> => {
    const url = pageParam ? `/api/notifications?cursor=${encodeURIComponent(pageParam)}` : '/api/notifications';
    const res = await apiGet(url, { signal, client });
    return { items: (await res.json()) as Notification[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** GET /api/team-invites: a player's team invites, answered from the Notifications tab (D37). */
export const myInvitesQueryOptions = queryOptions<TeamInvite[]>({ queryKey: ['/api/team-invites'] });
