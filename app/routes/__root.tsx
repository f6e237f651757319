import { useSuspenseQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { css } from '../../styled-system/css';
import { skipLink } from '../../styled-system/recipes';
import { userQueryOptions, useLogoutMutation } from '../features/auth/queries.ts';
import { InstallEntry } from '../features/install/components/install-entry.tsx';
import { OfflineBanner } from '../features/offline/components/offline-banner.tsx';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { Footer } from '../features/shell/components/footer.tsx';
import { TopNav } from '../features/shell/components/top-nav.tsx';
import { toastRequestError } from '../lib/error-toast.ts';
import { ensureQueryDataOrSaved } from '../lib/query-persist.ts';
import type { RouterContext } from '../router.tsx';
import { HydrateLater } from '../ui/hydrate-later.tsx';
import { ClientOnly } from '../ui/client-only.tsx';
import { Toaster } from '../ui/toast.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page knows who is signed in before it renders. A 401 means guest (null); any other failure is a real
  // error and shows the error screen with its message (e.g. "500: ..."), except a network failure when a saved
  // answer exists: offline, the app keeps the saved user (D16).
  beforeLoad: async ({ context }) => {
    await ensureQueryDataOrSaved(context.queryClient, userQueryOptions);
  },
  component: RootLayout,
  errorComponent: RootError,
});

const frameClass = css({ display: 'flex', flexDirection: 'column', minHeight: 'dvh' });
const mainClass = css({ display: 'flex', flexDirection: 'column', flex: '1', _focus: { outline: 'none' } });
const bareClass = css({ display: 'flex', flexDirection: 'column', minHeight: 'dvh', _focus: { outline: 'none' } });

/** Moves focus into <main> without touching the URL (a #hash would be a router navigation). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main');
  main?.focus();
  main?.scrollIntoView();
}

function RootLayout() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const logout = useLogoutMutation();
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData.bare) });
  if (bare) {
    // D45: the embedded bracket and the broadcast view are the screen alone; nothing to skip to, nothing to install.
    return (
      <main id="main" tabIndex={-1} className={bareClass}>
        <Outlet />
      </main>
    );
  }
  return (
    <>
      <a href="#main" className={skipLink()} onClick={skipToMain}>
        Skip to main content
      </a>
      <div className={frameClass}>
        {/* A part of its own, the first (issue 12, TBT): the page's first pass is then only the page's frame. Its
            links work as plain links meanwhile; its menus open a task later. */}
        <HydrateLater>
          <TopNav
            user={user}
            loggingOut={logout.isPending}
            onLogout={() =>
              logout.mutate(undefined, { onError: (error) => toastRequestError(error, 'Error', 'Unable to log out') })
            }
          />
        </HydrateLater>
        <OfflineBanner />
        <main id="main" tabIndex={-1} className={mainClass}>
          <Outlet />
        </main>
        {/* After the page's own content (issue 12, TBT); in the shell's first render too, after the list's cards. */}
        <HydrateLater inShell>
          <Footer />
        </HydrateLater>
      </div>
      {/* Portals into <body> that start empty: the browser adds them after a server-rendered page hydrates. */}
      <ClientOnly>
        <InstallEntry />
        <Toaster />
      </ClientOnly>
    </>
  );
}

/** The root failed before the shell could know the user: the error screen stands alone. */
function RootError({ error }: { error: unknown }) {
  return (
    <div className={frameClass}>
      <main id="main" tabIndex={-1} className={mainClass}>
        <ErrorScreen error={error} />
      </main>
      <Footer />
    </div>
  );
}
