import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorScreen } from './features/shell/components/error-screen.tsx';
import { NotFoundPage } from './features/shell/components/not-found-page.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // 000 s2: matching is case-insensitive and a trailing slash is optional (/AUTH/ is /auth).
    caseSensitive: false,
    trailingSlash: 'preserve',
    // Route data lives in TanStack Query; the router keeps no second cache that could disagree with it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
