import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '../../../edge/features/auth/member-sessions.ts';
import type { CurrentUser } from '../../../edge/lib/current-user.ts';
import type { EditableProfile, ProfileUpdateBody } from '../../../edge/features/profile-edit/schema.ts';
import type { PushDevice, PushPublicKey } from '../../../edge/features/push/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { CurrentUser, EditableProfile, ProfileUpdateBody, PushDevice, SessionSummary };

// The signed-in user's cache entry belongs to the auth feature; its key is the API path (000 s7), repeated here
// because features never import each other.
const USER_KEY = ['/api/auth/user'] as const;

/** GET /api/profile: the member's editable fields and whether their date of birth is locked (D36). */
export const editableProfileQueryOptions = queryOptions<EditableProfile>({ queryKey: ['/api/profile'] });

/** GET /api/sessions: where the member is signed in, this device first. */
export const sessionsQueryOptions = queryOptions<SessionSummary[]>({ queryKey: ['/api/sessions'] });

/** Puts the server's answer in place of the cached current user and refreshes what shows the profile. */
async function storeUser(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  queryClient.setQueryData(USER_KEY, user);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: editableProfileQueryOptions.queryKey }),
    // The member's own public profile (the profiles feature's keys: ['profile', 'player', id, viewer]).
    queryClient.invalidateQueries({ queryKey: ['profile', 'player', user.id] }),
  ]);
}

/** PATCH /api/profile (001 s7) with the fields that changed; success replaces the cached current user. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdateBody) =>
      (await (await apiRequest('PATCH', '/api/profile', body)).json()) as CurrentUser,
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

/** After POST /api/profile/upload-image: the answer is the updated current user (001 s7). */
export function usePictureUploaded() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => void storeUser(queryClient, user);
}

/** DELETE /api/sessions/{handle}: signs one of the member's other devices out. */
export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (handle: string) => {
      await apiRequest('DELETE', `/api/sessions/${encodeURIComponent(handle)}`);
    },
    // A device's notifications end with its session (D28).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions.queryKey }),
      ]),
  });
}

/** POST /api/logout-everywhere: every session but this one ends; answers how many did. */
export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ((await (await apiRequest('POST', '/api/logout-everywhere')).json()) as { ended: number }).ended,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions.queryKey }),
      ]),
  });
}

/**
 * GET /api/push/public-key (D28): the VAPID key, or null when the server has no keys (503), which hides the switch.
 * Other failures are errors (the card says it cannot tell just now).
 */
export const pushPublicKeyQueryOptions = queryOptions({
  queryKey: ['/api/push/public-key'] as const,
  queryFn: async ({ signal }): Promise<PushPublicKey | null> => {
    const res = await fetch('/api/push/public-key', { credentials: 'include', signal });
    if (res.status === 503) return null;
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as PushPublicKey;
  },
  staleTime: Infinity,
});

/** GET /api/push/subscriptions: the member's devices that receive notifications, this one first. */
export const pushDevicesQueryOptions = queryOptions<PushDevice[]>({ queryKey: ['/api/push/subscriptions'] });

/** POST /api/push/subscriptions: this browser's subscription, as PushSubscription.toJSON() gives it. */
export function useSavePushSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionJSON) => {
      await apiRequest('POST', '/api/push/subscriptions', subscription);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions.queryKey }),
  });
}

/** DELETE /api/push/subscriptions/{id} (another device) or ?endpoint= (this browser, after it unsubscribed). */
export function useRemovePushDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: number } | { endpoint: string }) => {
      const path =
        'id' in which
          ? `/api/push/subscriptions/${which.id}`
          : `/api/push/subscriptions?endpoint=${encodeURIComponent(which.endpoint)}`;
      await apiRequest('DELETE', path);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions.queryKey }),
  });
}

/** D45: the member's own calendar feed address (GET /api/profile/calendar), null before they made one. */
export const calendarFeedQueryOptions = queryOptions<{ url: string | null }>({ queryKey: ['/api/profile/calendar'] });

/** POST /api/profile/calendar/reset: makes the address, or replaces it (the old one stops working at once). */
export function useResetCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/profile/calendar/reset')).json()) as { url: string },
    onSuccess: (saved) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, saved),
  });
}
