import { BACKOFF_CAP_MS } from './outbox.ts';
import { flushOutbox, onFlushed } from './outbox-send.ts';
import { subscribe, type OutboxListener } from './outbox-store.ts';

/**
 * When a page sends what waits in the outbox (ADR 016): at app start, on every `online` event and at the next due
 * retry. The service worker's trigger (Background Sync) is `outbox-sync.ts`; a sign-in's is in `main.tsx`.
 */

let started = false;

/**
 * Starts the page's triggers (call once at app start): a flush now, on every `online` event, and at the next due
 * retry. `onEvent` hears every outbox event (the app refreshes its queries on delivery).
 */
export function startOutbox(onEvent?: OutboxListener): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  onFlushed((result) => {
    clearTimeout(timer);
    if (result.nextAttemptAt === null) return;
    const wait = Math.max(0, result.nextAttemptAt - Date.now());
    timer = setTimeout(() => void flushOutbox(), Math.min(wait + 50, BACKOFF_CAP_MS));
  });
  if (onEvent) subscribe(onEvent);
  window.addEventListener('online', () => void flushOutbox({ force: true }));
  void flushOutbox({ force: true });
}
