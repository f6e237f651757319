import { BACKOFF_CAP_MS } from './outbox.ts';
import { flushOutbox, onFlushed } from './outbox-send.ts';
import { listOutbox, subscribe, type OutboxListener } from './outbox-store.ts';

/**
 * When a page sends what waits in the outbox (ADR 016): at app start, on every `online` event and at the next due
 * retry, and when an account signs in. The service worker's trigger (Background Sync) is `outbox-sync.ts`. The app's
 * entry (main.tsx) loads it lazily, once this device's outbox may hold something (outbox-presence.ts, ADR 049).
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

/** Sends now whatever waits for the signed-in user (an account just signed in: what waited for its session goes). */
export function flushNow(): void {
  void flushOutbox({ force: true });
}

/** Whether `userId` still has something waiting (not refused) on this device: the signed-out toast says so. */
export async function hasWaiting(userId: string): Promise<boolean> {
  return (await listOutbox(userId).catch(() => [])).some((entry) => entry.state !== 'failed');
}
