import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorScreen } from './features/shell/components/error-screen.tsx';
import { NotFoundPage } from './features/shell/components/not-found-page.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The app's router; the server passes a memory history holding the requested URL (ADR 027). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    // 000 s2: matching is case-insensitive and a trailing slash is optional (/AUTH/ is /auth).
    caseSensitive: false,
    trailingSlash: 'preserve',
    // Route data lives in TanStack Query; the router keeps no second cache that could disagree with it.
    defaultPreloadStaleTime: 0,
    // On the server it would write an inline script, which the CSP refuses (and hydration would then meet).
    scrollRestoration: !history,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ({ error }) => <ErrorScreen error={error} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The HTTP status a server-rendered page answers with (/unauthorized is a 403 page, 001 s2). */
    httpStatus?: number;
    /**
     * A screen shown without the site's header, offline banner and footer (D45: the embedded bracket, the broadcast
     * view), in other sites' iframes or on a stream.
     */
    bare?: boolean;
  }
}
