import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../ui/toast.tsx';
import { getQueryFn } from './api-client.ts';
import { OFFLINE_MAX_AGE_MS } from './offline-cache.ts';

/**
 * True when a request got no answer at all (offline, DNS, connection reset): fetch rejects with a TypeError that
 * browsers word differently (Chromium 'Failed to fetch', Firefox 'NetworkError when attempting to fetch resource.',
 * Safari 'Load failed'). A TypeError from a bug ('x is undefined') is not one.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network error/i.test(error.message);
}

/**
 * An action that needs the network says so (D16) instead of only 'An unexpected error occurred': shown after the
 * screen's own error toast, which it replaces (one toast at a time, 000 s9).
 */
function sayNeedsConnection(error: unknown): void {
  if (!isNetworkError(error)) return;
  setTimeout(() =>
    toast({
      title: 'You are offline',
      description: 'This needs a connection. Try again when you are back online.',
      variant: 'destructive',
    }),
  );
}

/**
 * 000 s7: no automatic retry, no polling unless a query asks for it, no refetch on focus, and cached data never
 * goes stale on its own; screens refresh what they change by invalidating.
 * D16 (ADR 015): queries are kept as long as the persisted cache keeps them (gcTime = its maxAge) and are tried even
 * when the browser says it is offline ('offlineFirst': the service worker may answer from its cache); mutations
 * always run, so offline they fail visibly instead of waiting paused with a busy button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onError: sayNeedsConnection }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: OFFLINE_MAX_AGE_MS,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}
