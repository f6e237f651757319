import { createClient } from '@libsql/client';
import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { expect } from './fixtures.ts';

// The outbox specs' shared reach into the two stores the tests check: the app's outbox (IndexedDB 'wta-outbox') and
// the e2e server's database (what the server really stored).

/** The e2e server's database (scripts/e2e-server.ts). */
export const E2E_DB_URL = `file:${resolve(import.meta.dirname, `../.tmp/e2e-${process.env.E2E_PORT ?? '4310'}/league.db`)}`;

/** Runs one read against the e2e database on a short-lived connection. */
export async function queryE2eDb(sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: E2E_DB_URL });
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

/** Who sent each stored message with exactly this body. */
export async function messageSenders(body: string): Promise<string[]> {
  return (await queryE2eDb('select sender_id from messages where body = ?', [body])).map((r) => String(r.sender_id));
}

/** The id of a seeded account. */
export async function userIdOf(email: string): Promise<string> {
  const [row] = await queryE2eDb('select id from users where email = ?', [email]);
  if (typeof row?.id !== 'string') throw new Error(`${email} is not seeded`);
  return row.id;
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
 * Waits until the app has created its database first, so a test never creates an empty one under it.
 */
export async function queueMessages(
  page: Page,
  input: { userId: string; recipientId: string; contents: string[]; announce?: boolean },
): Promise<QueuedMessage[]> {
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).some((d) => d.name === 'wta-outbox')))
    .toBe(true);
  return page.evaluate(
    async ({ userId, recipientId, contents, announce }) => {
      const database = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('wta-outbox');
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
