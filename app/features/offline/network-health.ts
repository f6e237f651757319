import type { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from '../../lib/query-client.ts';

// Whether requests are failing for want of a network while the browser still says it is online (one bar of
// signal at a venue). The service worker reports it when it controls the page (its saved answers look like
// successes to the app); without it, the query cache's own failures and successes tell.

let failing = false;
const listeners = new Set<() => void>();

function setFailing(next: boolean): void {
  if (failing === next) return;
  failing = next;
  for (const listener of listeners) listener();
}

/** True while the last word on the network was a failure. */
export function isNetworkFailing(): boolean {
  return failing;
}

export function subscribeNetworkHealth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The service worker's report (app/sw.ts): ok false when it had to answer from its cache or got no answer; `at` is
 * when it happened, so a late report of a failure from before the connection came back is ignored.
 */
export interface NetworkMessage {
  type: 'wta-network';
  ok: boolean;
  at?: number;
}

/** When the browser last said it is online again. */
let onlineAt = 0;

function isNetworkMessage(data: unknown): data is NetworkMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'wta-network';
}

/** Starts listening to the service worker, the query cache and the online event; returns the stop function. */
export function watchNetworkHealth(queryClient: QueryClient): () => void {
  const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  const onMessage = (event: MessageEvent) => {
    if (!isNetworkMessage(event.data)) return;
    if (event.data.ok) setFailing(false);
    else if ((event.data.at ?? Date.now()) >= onlineAt) setFailing(true);
  };
  sw?.addEventListener('message', onMessage);
  sw?.startMessages();
  const onOnline = () => {
    onlineAt = Date.now();
    setFailing(false);
  };
  window.addEventListener('online', onOnline);
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || sw?.controller) return;
    if (event.action.type === 'error') setFailing(isNetworkError(event.action.error));
    else if (event.action.type === 'success' && !event.action.manual) setFailing(false);
  });
  return () => {
    sw?.removeEventListener('message', onMessage);
    window.removeEventListener('online', onOnline);
    stopCache();
  };
}
