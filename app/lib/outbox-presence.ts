/**
 * Whether this device's outbox may hold anything, so that the outbox's code (idb, the sender and the page's triggers,
 * ~4 KB compressed) starts only when it can have work (issue 12, ADR 049). A visitor who never queued anything has no
 * outbox database: their page started the outbox only for a flush that found nothing (and created an empty
 * database to find it). It runs in a page and in the service worker (outbox-store.ts imports it), so it touches no
 * DOM: only IndexedDB, BroadcastChannel and the global `online` event.
 */

/** The outbox's IndexedDB database (outbox-store.ts opens it; its presence says something was queued here once). */
export const OUTBOX_DB_NAME = 'wta-outbox';
/** Every context hears every outbox change on this channel (outbox-store.ts); a queued entry announces itself on it. */
export const OUTBOX_CHANNEL = 'wta-outbox';

type Begin = () => Promise<unknown>;

let begin: Begin | undefined;
let wanted = false;
let running = false;
let channel: BroadcastChannel | undefined;

function run(): void {
  wanted = true;
  if (running || !begin) return;
  running = true;
  begin().then(() => {
    channel?.close();
    channel = undefined;
  }, () => {
    // The code could not be fetched (no connection, and no service worker with a copy yet): try again when it
    // returns. Chromium (150) still keeps a failed module fetch for the page's life (whatwg/html#10327 changed the
    // rule; browsers are catching up), so there the retry fails too; what waits stays stored, and another tab, the
    // service worker's Background Sync or the next page load sends it. A signed-in page, the one that queues, has
    // the code from its start (main.tsx). The channel still listens: another tab's next entry asks again.
    running = false;
    globalThis.addEventListener?.('online', run, { once: true });
  });
}

/**
 * Calls `start` (which loads the outbox's code and starts its triggers) once this device's outbox may hold
 * something: at once when its database exists or the browser cannot say, else when `outboxWanted` says so (an entry
 * queued here, an account signed in) or an entry is queued in another tab or the service worker (a message on the
 * outbox's channel).
 */
export function startOutboxWhenUsed(start: Begin): void {
  begin = start;
  if (wanted) return run();
  if (typeof indexedDB === 'undefined') return;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = run;
  }
  if (typeof indexedDB.databases !== 'function') return run();
  indexedDB.databases().then(
    (databases) => {
      if (databases.some((database) => database.name === OUTBOX_DB_NAME)) run();
    },
    run,
  );
}

/**
 * Starts the outbox's code now, or as soon as the app asks for it (`startOutboxWhenUsed`): an entry was just queued
 * in this context (outbox-store.ts), or an account is signed in, which may queue one after the signal has gone, when
 * the code could no longer be fetched (main.tsx).
 */
export function outboxWanted(): void {
  run();
}
