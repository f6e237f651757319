import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput, RegisterInput } from '../../../edge/features/auth/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';
import { forgetSignedInUser } from '../../lib/query-persist.ts';
import { holdSignInRedirects } from '../../ui/sign-in-redirect.tsx';

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
    // D28: the server ends this device's push subscription with the session (a foreign key's cascade).
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      holdSignInRedirects();
      await forgetSignedInUser(queryClient);
      window.location.href = '/';
    },
  });
}

/** Google sign-in is a browser navigation, not a fetch: the server redirects to Google and back (D4). */
export function continueWithGoogle(): void {
  window.location.href = '/api/auth/google';
}

/**
 * The server answered 401 to a request made at `since` for whoever the app shows as signed in (the outbox's user
 * check or its replay): the session is gone, so the app becomes a guest's at once (sign-in prompts, no account data
 * left, D16) instead of showing an account the server no longer knows. An answer about the current user newer than
 * `since` (a sign-in meanwhile) wins. Resolves to the id of the account it forgot, or null.
 */
export async function forgetEndedSession(queryClient: QueryClient, since: number): Promise<string | null> {
  const state = queryClient.getQueryState<CurrentUser | null>(userQueryKey);
  const user = state?.data;
  if (!user || state.dataUpdatedAt > since) return null;
  await forgetSignedInUser(queryClient);
  return user.id;
}

/**
 * Calls `then` once, as soon as the current-user answer names an account (at once when it already does): the page
 * then fetches what a signed-in visit may need after the signal has gone (main.tsx, ADR 049).
 */
export function whenSignedIn(queryClient: QueryClient, then: () => void): void {
  const signedIn = () => Boolean(queryClient.getQueryData<CurrentUser | null>(userQueryKey)?.id);
  if (signedIn()) return then();
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !signedIn()) return;
    stop();
    then();
  });
}

/**
 * Calls `onSignIn` whenever an account signs in in this page (the current user becomes someone other than before):
 * the outbox sends what waited for that account's next session at once. Returns the stop function.
 */
export function watchSignIns(queryClient: QueryClient, onSignIn: (userId: string) => void): () => void {
  // undefined: not known yet. The page's first answer is the session it started with, not a sign-in: the outbox's
  // own start-up flush covers it, and a second flush then would race whatever the page is doing.
  const known = queryClient.getQueryData<CurrentUser | null>(userQueryKey);
  let current: string | null | undefined = known === undefined ? undefined : known?.id ?? null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [path, ...rest] = event.query.queryKey;
    if (path !== userQueryKey[0] || rest.length > 0) return;
    const next = (event.query.state.data as CurrentUser | null | undefined)?.id ?? null;
    if (current !== undefined && next && next !== current) onSignIn(next);
    current = next;
  });
}
