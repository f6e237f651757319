/** A new version of the app, installed and waiting for the user's go-ahead. */
export interface WaitingUpdate {
  /** Counts the updates seen in this page, so dismissing one does not hide a newer one. */
  id: number;
  /** Activates the new version and reloads the page once it controls it. */
  apply: () => void;
}

let waiting: WaitingUpdate | null = null;
const listeners = new Set<() => void>();

/** The update waiting for the user, if any: it stays until the page reloads (the prompt never times out). */
export function waitingUpdate(): WaitingUpdate | null {
  return waiting;
}

/** Calls `listener` when an update starts waiting. */
export function subscribeWaitingUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers the service worker written by vite-plugin-pwa (registerType 'prompt'): a new version waits until the
 * user agrees, so a form being filled in is never reloaded away. The waiting version is published through
 * `waitingUpdate()` for the update prompt to show. Production only; workbox-window loads after the page so it never
 * delays first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // An embed page (D45, ADR 075) lives in other sites' iframes, where the browser keeps a worker per embedding site:
  // each would download the whole offline copy for a bracket that is only ever shown live.
  if (window.location.pathname.startsWith('/embed/')) return;
  const register = () => {
    // workbox-window comes in the chunk of what a page starts once ready (offline-start.ts).
    void import('./offline-start.ts').then(({ Workbox }) => {
      const wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', () => {
        waiting = {
          id: (waiting?.id ?? 0) + 1,
          apply: () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          },
        };
        for (const listener of listeners) listener();
      });
      // A browser that refuses the worker (a locked-down profile, an automated test) keeps the app working without it.
      void wb.register().catch(() => undefined);
    });
  };
  // The entry yields before it gets here (ADR 043), so the page may have loaded already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
