// First: React itself, evaluated in a task of its own before the app's modules run (issue 36, TBT).
import './lib/react-first.ts';
import { hydrate, QueryClientProvider, useIsRestoring } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { forgetEndedSession, watchSignIns, whenSignedIn } from './features/auth/queries.ts';
import { UpdatePrompt } from './features/offline/components/update-prompt.tsx';
import { nextTask, whenIdle } from './lib/next-task.ts';
import { outboxWanted, startOutboxWhenUsed } from './lib/outbox-presence.ts';
import { createQueryClient } from './lib/query-client.ts';
import { deferFirstRender, laterPartsHydrated } from './lib/later-hydration.ts';
import { loadQueryPersister, onCacheRestored } from './lib/query-persist.ts';
import {
  assumedLocalZone,
  beginHydration,
  BROWSER_ZONE,
  DisplayZoneContext,
  endHydration,
  HydrationContext,
  rememberTimeZone,
  type RenderEnv,
} from './lib/render-env.ts';
import { SAVED_PAGE_MARK } from './lib/offline-cache.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { createAppRouter } from './router.tsx';
import { preloadToaster, preloadToasterOnInteraction, toast } from './ui/toast.tsx';

// The modules above have run, in one task: what follows starts in a task of its own (issue 12, TBT).
await nextTask();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
await nextTask();
// The entry chunk's hashed name changes with every build that changes any code: a saved cache from another build
// is dropped rather than read with assumptions that no longer hold (ADR 015). Read here, in the entry: the
// persister's chunk (offline-start.ts) keeps its name when only other code changes.
const buildId = new URL(import.meta.url).pathname;

/**
 * The router starts only once the saved answers are back, so the first screen (offline too) reads them. The update
 * prompt lives beside the router, not in a route: it must outlast navigations, error screens and toasts.
 */
function App() {
  const restoring = useIsRestoring();
  return (
    <>
      {restoring ? null : <RouterProvider router={router} />}
      <UpdatePrompt />
    </>
  );
}

/**
 * A page the server rendered (ADR 027): its data is in the query cache already, so the router renders at once and
 * the first render reproduces the server's HTML. Once hydrated, the saved answers restore underneath (newer ones
 * win) and the components that write times (useRenderEnv) switch to this browser's clock and zone by themselves:
 * nothing remounts, so a tap made while the page hydrates is never lost.
 */
function HydratedApp({ renderedAt, renderedIn, saved }: { renderedAt: number; renderedIn: string; saved: boolean }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    let stopped = false;
    // The parts that hydrate in tasks of their own (ui/hydrate-later.tsx) must still meet the server's clock and
    // zone, and parts inside them can wait for tasks of their own too: the page switches to the browser's once every
    // part has hydrated.
    const partsHydrated = laterPartsHydrated().then(() => {
      endHydration();
      // A transition (ADR 038): every component that writes a time re-renders with the browser's clock and zone, in
      // slices React yields between, and a tap meanwhile is handled first.
      if (!stopped) startTransition(() => setHydrated(true));
      // The browser's zone, for the server's next render of a page (ADR 027): asking Intl for it costs tens of
      // milliseconds on a phone, so it waits until every part has hydrated and the browser is idle (issue 12, TBT).
      whenIdle(rememberTimeZone);
    });
    // The restore runs outside React, with no "restoring" flag: PersistQueryClientProvider's flag made every query
    // on the page wait, then re-render and subscribe at once when it flipped (one long task on a page of cards).
    // The page's queries hold the server's answers meanwhile, so there is nothing to wait for, and the persister's
    // code (IndexedDB, TanStack's persister) is fetched only now, off the first load.
    let unsubscribe: (() => void) | undefined;
    // Restored answers wait for the parts still hydrating: a part must meet the data the server wrote its HTML from
    // (an answer that changed meanwhile would hydrate into another answer's markup).
    void partsHydrated
      .then(loadQueryPersister)
      .then(async ({ createPersistOptions, persistQueryClientRestore, persistQueryClientSubscribe }) => {
        const options = { ...createPersistOptions(queryClient, buildId), queryClient };
        await persistQueryClientRestore(options).catch(() => undefined);
        return () => persistQueryClientSubscribe(options);
      })
      .then((subscribe) => {
        if (stopped) return;
        // A page the service worker saved (ADR 066) is as old as its answers: none of them is fresh.
        onCacheRestored(queryClient, saved ? Infinity : renderedAt, saved);
        unsubscribe = subscribe();
      })
      // The persister's chunk could not load (a flaky network before the service worker holds it): the page goes
      // on without the saved answers, as when IndexedDB fails to open.
      .catch(() => {
        if (!stopped) onCacheRestored(queryClient, saved ? Infinity : renderedAt, saved);
      });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [renderedAt, saved]);
  useEffect(() => {
    // Tests and tools can tell a hydrated page from one still waiting for its code.
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return (
    <HydrationContext value={hydrated}>
      <DisplayZoneContext value={hydrated ? (assumedLocalZone() ?? BROWSER_ZONE) : renderedIn}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </DisplayZoneContext>
    </HydrationContext>
  );
}

interface ServerState {
  env: RenderEnv;
  queries: unknown;
  /** The service worker opened the app on the page it saved from an earlier visit (app/lib/saved-pages.ts). */
  saved: boolean;
  /** When the server's answers arrived, on this browser's clock (env.now is the server's). */
  receivedAt: number;
}

function readServerState(): ServerState | null {
  const script = document.getElementById('wta-ssr');
  if (!script?.textContent) return null;
  try {
    const state = JSON.parse(script.textContent) as Omit<ServerState, 'saved' | 'receivedAt'>;
    const saved = script.hasAttribute(SAVED_PAGE_MARK);
    // The answers are dated by the server's clock; the saved answers restored under them by this browser's, and the
    // newer one wins. A phone a few minutes fast made an older saved answer (a tournament still 'upcoming') win over
    // the page just rendered, and kept it fresh. So a just-rendered page's answers are dated as received, now.
    const receivedAt = saved ? state.env.now : Date.now();
    const queries = (state.queries as { queries?: { state: { dataUpdatedAt: number } }[] } | null)?.queries ?? [];
    if (!saved) for (const query of queries) if (query.state.dataUpdatedAt > 0) query.state.dataUpdatedAt = receivedAt;
    return { ...state, saved, receivedAt };
  } catch {
    return null;
  }
}

let markPageReady = () => {};
/**
 * Settles once the page can be used: a server-rendered page has hydrated every part, the shell has started. Work that
 * no one on the page waits for (the service worker, the outbox) starts only then: begun beside hydration, it made the
 * page's own tasks longer on a phone's few cores (issue 12, TBT).
 */
const pageReady = new Promise<void>((resolve) => (markPageReady = resolve));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
/**
 * Runs the code of the page's screen that the server named (modulepreload links added by boot.ts, ADR 044), one
 * chunk per task and the shared ones first, so that no single task runs it all when the router asks for the screen
 * (issue 12, TBT). A chunk that fails to load is left to the router, which loads it again and shows the error screen
 * if it must.
 */
async function loadScreenCode(): Promise<void> {
  const chunks = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href);
  for (const chunk of chunks.reverse()) {
    await import(/* @vite-ignore */ chunk).catch(() => undefined);
    await nextTask();
  }
}

/**
 * Starts fetching the code of the screens the address matches (the router's code-split components), without
 * running their loaders: the shell does this while the saved answers restore. A chunk that fails to load is left to
 * the router, which asks again and shows the error screen if it must.
 */
function preloadMatchedScreens(): void {
  const routes = router.routesById as unknown as Record<string, { options: { component?: unknown } } | undefined>;
  for (const match of router.matchRoutes(router.latestLocation)) {
    const component = routes[match.routeId as string]?.options.component as { preload?: () => Promise<void> } | undefined;
    void component?.preload?.().catch(() => undefined);
  }
}

/**
 * TanStack Router's saved scroll positions (router-core's scroll-restoration.ts), per tab. Its name is the router's
 * own: should a new version rename it, only the last case below is lost (the navigation's type still covers reloads
 * and back or forward).
 */
const SCROLL_RESTORATION_KEY = 'tsr-scroll-restoration-v1_3';

/**
 * True when this load will scroll to a saved position or an anchor: a reload, a step back or forward, a hash, or an
 * address the router saved a position for in this tab. The router restores once, right after the first render, so
 * that render must hold the whole page: a list whose later cards were still waiting would clamp the restored
 * position near the top.
 */
function scrollToRestore(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if ((navigation && navigation.type !== 'navigate') || location.hash) return true;
  try {
    const saved = sessionStorage.getItem(SCROLL_RESTORATION_KEY);
    const here = location.pathname + location.search;
    return !!saved && Object.keys(JSON.parse(saved) as Record<string, unknown>).some((key) => key.startsWith(here));
  } catch {
    return false;
  }
}

const server = container.firstChild ? readServerState() : null;
if (server) {
  hydrate(queryClient, server.queries as Parameters<typeof hydrate>[1]);
  beginHydration(server.env);
  // What TanStack Router's own SSR client sets: the router then renders the same boundaries as on the server
  // (no root Suspense wrapper), so React finds the server's markup where it expects it.
  router.ssr = { manifest: undefined };
  // The matched routes' code and loaders (answered from the cache) resolve before the page is compared with the
  // HTML. Hydration is a transition (issue 36): React works through the page in slices of ~5 ms and yields to the
  // browser between them, and a tap on a part not yet hydrated makes React hydrate that part first. Parts below the
  // fold wait for turns of their own (ui/hydrate-later.tsx). The page is already painted and readable meanwhile.
  void loadScreenCode()
    .then(() => router.load())
    .then(async () => {
      await nextTask();
      startTransition(() => {
        hydrateRoot(
          container,
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <HydratedApp renderedAt={server.receivedAt} renderedIn={server.env.timeZone} saved={server.saved} />
            </QueryClientProvider>
          </StrictMode>,
        );
      });
      await laterPartsHydrated();
    })
    // Should the page fail to hydrate (the router shows its error screen), the rest of the app still starts.
    .finally(markPageReady);
} else {
  // The shell (every load an installed app's service worker answers, offline ones too, and signed-in pages): the
  // router waits for the saved answers anyway, so the persister's
  // chunk (precached by the service worker) is fetched first. Should it fail to load, the app starts without the
  // saved answers rather than not at all. The screen's own code is fetched meanwhile, in the next task (after the
  // persister's request, which leads the way): asked for only once the router started, it came ~200 ms later at 4x
  // CPU in an offline launch (issue 12).
  if (!scrollToRestore()) deferFirstRender();
  const root = createRoot(container);
  const persister = loadQueryPersister();
  void nextTask().then(preloadMatchedScreens);
  void persister.then(
    ({ createPersistOptions, PersistQueryClientProvider }) =>
      root.render(
        <StrictMode>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={createPersistOptions(queryClient, buildId)}
            onSuccess={() => onCacheRestored(queryClient)}
            onError={() => onCacheRestored(queryClient)}
          >
            <App />
          </PersistQueryClientProvider>
        </StrictMode>,
      ),
    () => {
      onCacheRestored(queryClient);
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <App />
          </QueryClientProvider>
        </StrictMode>,
      );
    },
  );
  // The browser's zone, for the server's next render of a page, when the browser is idle (issue 12, TBT).
  whenIdle(rememberTimeZone);
  markPageReady();
}

// A new version waits for the user's go-ahead; <UpdatePrompt> asks until they reload or dismiss it. The worker's
// first install fetches and stores every file of the app (~190): it is registered when the browser is idle, and the
// offline copy is complete a moment later than before; nothing needs it sooner. The toaster's code is fetched at the
// first tap or key press (ui/toast.tsx), and for a signed-in account once the page is idle: a player at a venue may
// lose the signal before touching anything, and the waiver's "waiting to upload" is a toast (ADR 049).
preloadToasterOnInteraction();
void pageReady.then(() =>
  whenIdle(() => {
    registerServiceWorker();
    whenSignedIn(queryClient, preloadToaster);
  }),
);

// The durable outbox (issue 5, ADR 016): sends what waits at app start, on `online`, at each due retry and when an
// account signs in (what waited for its next session); a delivery refreshes the queries it changed (the waiver
// status on any screen); a 401 to the outbox means the session is gone, and the app stops showing that account.
// Its code is fetched only once this device's outbox may hold something (ADR 049): most visits never queue anything.
const startOutboxTriggers = () =>
  import('./lib/outbox-triggers.ts').then(({ flushNow, hasWaiting, startOutbox }) => {
    startOutbox((event) => {
      if (event.type === 'delivered') {
        for (const key of event.invalidates) void queryClient.invalidateQueries({ queryKey: [key] });
      } else if (event.type === 'signed-out') {
        void forgetEndedSession(queryClient, event.since).then(async (userId) => {
          if (!userId) return;
          const waiting = await hasWaiting(userId);
          toast({
            title: 'You are logged out',
            description: waiting
              ? 'Your session has ended. Sign in again to send what is waiting on this device.'
              : 'Your session has ended. Sign in again to continue.',
            variant: 'destructive',
          });
        });
      }
    });
    watchSignIns(queryClient, flushNow);
  });
void pageReady.then(() => {
  startOutboxWhenUsed(startOutboxTriggers);
  whenSignedIn(queryClient, outboxWanted);
});
