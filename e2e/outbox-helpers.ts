import type { BrowserContext, Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';

// The outbox specs' shared reach into the two stores the tests check: the app's outbox (IndexedDB 'wta-outbox') and
// the e2e server's database (what the server really stored).

export { E2E_DB_URL } from './e2e-db.ts';

/** Who sent each stored message with exactly this body. */
export async function messageSenders(body: string): Promise<string[]> {
  return (await queryE2eDb('select sender_id from messages where body = ?', [body])).map((r) => String(r.sender_id));
}

export interface QueuedMessage {
  id: string;
  content: string;
}

/**
 * Puts messages into the app's outbox exactly as `enqueue()` stores them (IndexedDB 'wta-outbox', store 'entries',
 * the OutboxEntry shape of app/lib/outbox.ts). With `announce`, the open screens are told through the outbox's
 * BroadcastChannel, as enqueue() does; without it the entries wait for the app's next trigger.
 *
 * Why not call `enqueue()` itself: the messaging screens come later, and a test-only hook would have to ship in the
 * bundle the e2e suite serves (the same production build everyone tests). The stored shape is a contract anyway
 * (a request queued by one app version is replayed by the next), so the tests pin it; enqueue() itself is driven
 * for real by the waiver tests. Everything after the write (the replay, the backoff, the UI) is the app's code.
 */
export async function queueMessages(
  page: Page,
  input: { userId: string; recipientId: string; contents: string[]; announce?: boolean },
): Promise<QueuedMessage[]> {
  return page.evaluate(
    async ({ userId, recipientId, contents, announce }) => {
      const database = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('wta-outbox', 1);
        // A device that never queued anything has no outbox database (the app creates it with the first entry, ADR
        // 049): made here as outbox-store.ts makes it.
        open.onupgradeneeded = () => {
          open.result.createObjectStore('entries', { keyPath: 'id' }).createIndex('byUser', 'userId');
        };
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const now = Date.now();
      const entries = contents.map((content, i) => ({
        id: crypto.randomUUID(),
        kind: 'message',
        method: 'POST',
        url: '/api/messages/send',
        body: { recipientId, content, type: 'general' },
        userId,
        createdAt: now,
        seq: now * 1000 + i,
        attempts: 0,
        nextAttemptAt: 0,
        state: 'waiting',
        lastError: null,
      }));
      await new Promise<void>((ok, fail) => {
        const tx = database.transaction('entries', 'readwrite');
        for (const entry of entries) tx.objectStore('entries').put(entry);
        tx.oncomplete = () => ok();
        tx.onerror = () => fail(tx.error);
      });
      database.close();
      if (announce) {
        const channel = new BroadcastChannel('wta-outbox');
        channel.postMessage({ type: 'changed' });
        channel.close();
      }
      return entries.map((e) => ({ id: e.id, content: e.body.content }));
    },
    { ...input, announce: input.announce ?? true },
  );
}

/** How many entries the outbox holds for anyone (read straight from IndexedDB). */
export function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((ok, fail) => {
        const open = indexedDB.open('wta-outbox');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => {
            ok(count.result);
            open.result.close();
          };
          count.onerror = () => fail(count.error);
        };
      }),
  );
}

/** One queued entry as IndexedDB holds it (undefined once delivered or discarded). */
export function outboxEntry(
  page: Page,
  id: string,
): Promise<{ state: string; attempts: number; nextAttemptAt: number; lastError: string | null } | undefined> {
  return page.evaluate(
    (key) =>
      new Promise((ok, fail) => {
        const open = indexedDB.open('wta-outbox');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('entries').objectStore('entries').get(key);
          get.onsuccess = () => {
            ok(get.result);
            open.result.close();
          };
          get.onerror = () => fail(get.error);
        };
      }),
    id,
  );
}

/**
 * Brings the context back online and resolves once the flush that the page's `online` event starts has finished,
 * so a test can check that it sent nothing without waiting on the clock. Flushes run one at a time under the Web
 * Lock 'wta-outbox' (app/lib/outbox.ts) and locks are granted in the order asked: the app's `online` listener
 * (added at start-up) asks for the lock before this one, added later, runs; so the lock asked for here is granted
 * only once that flush has released it, whatever it was going to send already sent.
 */
export async function reconnectAndAwaitFlush(page: Page, context: BrowserContext): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eFlushDone: Promise<void> }).e2eFlushDone = new Promise<void>((resolve) => {
      window.addEventListener('online', () => void navigator.locks.request('wta-outbox', () => resolve()), { once: true });
    });
  });
  await context.setOffline(false);
  await page.evaluate(() => (window as unknown as { e2eFlushDone: Promise<void> }).e2eFlushDone);
}

/**
 * Resolves once no outbox flush runs or waits for its turn in the page's origin (the page, other tabs, the service
 * worker): none holds or has asked for the Web Lock 'wta-outbox'. A flush that a finished one queued asks for the
 * lock in the same turn of the event loop, so a check made from a later task never falls between the two.
 */
export async function outboxIdle(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return ![...held, ...pending].some((lock) => lock.name === 'wta-outbox');
  });
}
