import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

/** The router starts only once the saved answers are back, so the first screen (offline too) reads them. */
function App() {
  const restoring = useIsRestoring();
  return restoring ? null : <RouterProvider router={router} />;
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

registerServiceWorker((applyUpdate) => {
  toast({
    title: 'Update available',
    description: 'A new version of WTA League is ready.',
    action: { label: 'Reload', onClick: applyUpdate },
  });
});

// The durable outbox (issue 5, ADR 016): sends what waits at app start, on `online` and at each due retry; a
// delivery refreshes the queries it changed (the waiver status on any screen).
void import('./lib/outbox.ts').then(({ startOutbox }) =>
  startOutbox((event) => {
    if (event.type !== 'delivered') return;
    for (const key of event.invalidates) void queryClient.invalidateQueries({ queryKey: [key] });
  }),
);
