// The server's half of server rendering (ADR 027), built by `vite build --ssr` into dist-server/ and called by
// edge/features/pages on both hosts. One request = one query client and one router, so nothing of one account's
// render is ever reachable from another's.
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToReadableStream } from 'react-dom/server';
import { StrictMode, type ReactNode } from 'react';
import { UpdatePrompt } from './features/offline/components/update-prompt.tsx';
import { bindClientFetch } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setServerRenderEnv, validTimeZone, type RenderEnv } from './lib/render-env.ts';
import { createAppRouter } from './router.tsx';
import { headTags, type PageMeta } from './lib/page-head.ts';
import routePreloads from 'virtual:route-preloads';

export interface PageRequest {
  /** Path and query of the page (no origin). */
  url: string;
  /** Calls the API in process with the visitor's cookies. */
  apiFetch: typeof fetch;
  /** The render's time (epoch ms). */
  now: number;
  /** The visitor's zone from the `wta_tz` cookie (unchecked client input); UTC when absent or invalid. */
  timeZone?: string;
  /** The league's public origin, for canonical and Open Graph URLs. */
  origin: string;
}

export interface RenderedPage {
  status: number;
  /** The markup of #root. */
  html: string;
  /** Title, description, canonical and preview tags. */
  head: string;
  /** What the page will need next, asked for after its stylesheet: its largest image, then its screen's code. */
  preloads: string;
  /** The JSON the browser hydrates from: render env and the query cache (already safe inside <script>). */
  state: string;
}

// Each request renders in its own async context (Node and Workers' nodejs_compat both have AsyncLocalStorage), so
// the time and zone its dates are written with are its own even while renders interleave.
const renderEnv = new AsyncLocalStorage<RenderEnv>();
setServerRenderEnv(() => renderEnv.getStore());

/** Resolves once no query of `client` is fetching (loaders that start reads without awaiting them). */
function settled(client: QueryClient): Promise<void> {
  if (client.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** `<` and the line separators cannot end a script or break JSON inside one. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What a rendered page names in `<head>` after the stylesheet (issue 12, ADR 044), and the markup of #root without
 * it. React writes a preload for each image it will show first (`fetchPriority="high"`: a tournament's flyer, the
 * page's largest paint) ahead of the markup, since the page it renders has no `<head>`; moved into the head, the
 * browser asks for the image as soon as it reads the head, once. Then the screen's chunks, in
 * `<meta name="wta-screen-code">`, which the page's first script (app/boot.ts) preloads beside the app once the page
 * has painted: named here, the chunks arrive with the app instead of after it has run, without competing with the
 * page's content for a slow connection.
 */
function splitPreloads(rendered: string, matches: ReadonlyArray<{ routeId: string }>): { html: string; preloads: string } {
  const reactPreloads = /^(?:<link\b[^>]*>)+/.exec(rendered)?.[0] ?? '';
  const links: string[] = reactPreloads.match(/<link\b[^>]*>/g) ?? [];
  const files = [...new Set(matches.flatMap((match) => routePreloads[match.routeId] ?? []))];
  if (files.length > 0) links.push(`<meta name="wta-screen-code" content="${files.join(' ')}">`);
  return { html: rendered.slice(reactPreloads.length), preloads: links.map((link) => `  ${link}\n`).join('') };
}

/**
 * The markup of `element`, complete: read once React says every Suspense boundary is ready (`allReady`). An error in
 * the shell or in any boundary rejects (React would otherwise send that boundary's fallback for the browser to retry).
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(element, {
    // A boundary larger than this (12,800 bytes by default) is sent after the shell with a script that moves it in
    // place, even when it was ready before anything was read; with no limit every ready boundary is written where it
    // stands, so the HTML holds no script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return new Response(stream).text();
}

// A router for matching paths only (nothing is loaded through it): the route table, built once per process.
let matcher: ReturnType<typeof createAppRouter> | undefined;

/**
 * Whether `pathname` is a page of the route table (app/routes/, case-insensitive, trailing slash optional): the
 * hosts answer anything else with the not-found page and 404 (issue 34), so "known" is the router's own answer and
 * never a second list to keep in step. `/tournaments/42` is known even when there is no tournament 42 (its page
 * answers 404 when rendered); `/tournaments/42/x` is not.
 */
export function isKnownPage(pathname: string): boolean {
  matcher ??= createAppRouter(createQueryClient(), createMemoryHistory());
  const [, params, found] = matcher.getMatchedRoutes(pathname);
  // The router's own test for a path outside the table (router-core's matchRoutesInternal): no route, or a route
  // that matched only a prefix of the path (the rest in the fuzzy match's '**').
  return found !== undefined && !(found.path !== '/' && params['**']);
}

/** The page's HTTP status: 404 for a path outside the table or a missing record, 500 for a failed load. */
function pageStatus(router: ReturnType<typeof createAppRouter>): number {
  const { location, matches } = router.state;
  // A path outside the table shows the root's not-found page while every match loaded fine.
  if (!isKnownPage(location.pathname) || matches.some((m) => m.status === 'notFound')) return 404;
  if (matches.some((m) => m.status === 'error')) return 500;
  return matches.findLast((m) => m.staticData?.httpStatus)?.staticData.httpStatus ?? 200;
}

/**
 * One public page as HTML with its data, or null when the page is not one to render here (a redirect): the host then
 * sends the app shell as before. A path outside the route table renders the not-found page with 404.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  bindClientFetch(queryClient, request.apiFetch);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [request.url] }));
  await router.load();
  await settled(queryClient);
  // A public page that sends the visitor elsewhere (or a path the router rewrote) is left to the browser's app. So is
  // an address whose search the route rewrites (`/tournaments?status=garbage` is `/tournaments`): the router
  // answers it with a redirect and renders nothing, and an empty page would not hydrate into the list.
  const path = (p: string) => p.toLowerCase().replace(/\/+$/, '');
  if (path(router.state.location.pathname) !== path(new URL(request.url, 'http://x').pathname)) return null;
  if (router._serverResult?.type === 'redirect') return null;

  const env: RenderEnv = { now: request.now, timeZone: validTimeZone(request.timeZone) ?? 'UTC' };
  // The whole page, lazy parts included (their code loads on the server), before anything is sent: React's web
  // streams renderer (its edge build on both hosts: the build resolves react-dom/server with the workerd condition)
  // is read only once every boundary is ready, so the browser hydrates complete HTML and never meets a server-side
  // fallback or the inline script that streams a late boundary in (the page's CSP allows none, ADR 047).
  // A part that throws rejects the whole render; the host then sends the shell, as for any failed render.
  const rendered = await renderEnv.run(env, () => renderToHtml(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </QueryClientProvider>
    </StrictMode>,
  ));
  const heads = router.state.matches.map((match) => match.meta).filter(Boolean) as PageMeta[];
  const state = scriptSafeJson({
    env,
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
  });
  return {
    status: pageStatus(router),
    ...splitPreloads(rendered, router.state.matches),
    head: headTags(heads, request.origin, router.state.location.href),
    state,
  };
}
