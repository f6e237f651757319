import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

/**
 * 000 s7: no automatic retry, no polling unless a query asks for it, no refetch on focus, and cached data never
 * goes stale on its own; screens refresh what they change by invalidating.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
