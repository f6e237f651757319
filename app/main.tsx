import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { forgetEndedSession, watchSignIns } from './features/auth/queries.ts';
import { UpdatePrompt } from './features/offline/components/update-prompt.tsx';
import './index.css';
import { createQueryClient } from './lib/query-client.ts';
import { createPersistOptions, onCacheRestored } from './lib/query-persist.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { createAppRouter } from './router.tsx';
import { toast } from './ui/toast.tsx';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The entry chunk's hashed name changes with every build that changes any code: a saved cache from another build
// is dropped rather than read with assumptions that no longer hold (ADR 015).
const persistOptions = createPersistOptions(queryClient, new URL(import.meta.url).pathname);

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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => onCacheRestored(queryClient)}
      onError={() => onCacheRestored(queryClient)}
    >
      <App />
    </PersistQueryClientProvider>
  </StrictMode>,
);

// A new version waits for the user's go-ahead; <UpdatePrompt> asks until they reload or dismiss it.
registerServiceWorker();

// The durable outbox (issue 5, ADR 016): sends what waits at app start, on `online`, at each due retry and when an
// account signs in (what waited for its next session); a delivery refreshes the queries it changed (the waiver
// status on any screen); a 401 to the outbox means the session is gone, and the app stops showing that account.
void import('./lib/outbox.ts').then(({ flushOutbox, listOutbox, startOutbox }) => {
  startOutbox((event) => {
    if (event.type === 'delivered') {
      for (const key of event.invalidates) void queryClient.invalidateQueries({ queryKey: [key] });
    } else if (event.type === 'signed-out') {
      void forgetEndedSession(queryClient, event.since).then(async (userId) => {
        if (!userId) return;
        const waiting = (await listOutbox(userId).catch(() => [])).some((entry) => entry.state !== 'failed');
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
  watchSignIns(queryClient, () => void flushOutbox({ force: true }));
});
