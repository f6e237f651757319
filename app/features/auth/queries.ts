import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '../../../edge/features/auth/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';
import { forgetSignedInUser } from '../../lib/query-persist.ts';

export type { CurrentUser };

export const userQueryKey = ['/api/auth/user'] as const;

/** The signed-in user, or null for a guest (a 401 is an answer here, not a failure; any other error throws). */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  retry: false,
});

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const res = await apiRequest('POST', '/api/login', input);
      return (await res.json()) as CurrentUser;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const res = await apiRequest('POST', '/api/register', input);
      return (await res.json()) as CurrentUser;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/**
 * 000 s4: logout calls the server, then fully reloads at / so no signed-in state survives in memory. Before leaving,
 * the account's saved data (persisted query cache, the service worker's user-data cache) is deleted (D16).
 */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      await forgetSignedInUser(queryClient);
      window.location.href = '/';
    },
  });
}

/** Google sign-in is a browser navigation, not a fetch: the server redirects to Google and back (D4). */
export function continueWithGoogle(): void {
  window.location.href = '/api/auth/google';
}
