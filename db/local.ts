import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb } from './client.ts';
import { queueOnOneConnection } from './queued-client.ts';
import { cacheReadStatements } from './statement-cache.ts';
import { databaseFetch } from './unavailable.ts';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the embedded libSQL file (Node host, tests, scripts): creates its folder, sets the pragmas an
 * embedded database needs under concurrent requests, and applies pending migrations.
 */
export async function openLocalDatabase(url: string, authToken?: string) {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  // One connection: the libSQL binding is synchronous, so more connections add no parallelism, while a
  // per-connection PRAGMA (foreign_keys, busy_timeout) would silently be missing on the others, and an
  // interactive transaction simply queues the other requests instead of failing them with SQLITE_BUSY.
  // The pool itself refuses (TRANSACTION_ACTIVE) rather than waits while a transaction holds that connection;
  // queueOnOneConnection makes other requests wait their turn instead.
  // ADR 026: compiled SELECTs are kept per connection instead of compiled on every execute.
  if (url.startsWith('file:')) cacheReadStatements();
  const client = url.startsWith('file:')
    ? queueOnOneConnection(createClient({ url, authToken, concurrency: 1, timeout: 5000 }))
    : createClient({ url, authToken, fetch: databaseFetch });
  if (url.startsWith('file:')) {
    // WAL lets readers run beside a writer; busy_timeout makes a second writer wait instead of failing.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA synchronous = NORMAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  // D8 (ADR 010): REPLACE deletes the row it conflicts with, and SQLite fires DELETE triggers for that deletion only
  // with recursive triggers on; so the immutability triggers hold against INSERT OR REPLACE / REPLACE INTO too
  // (migration 0007's BEFORE INSERT triggers refuse those first; this is the second lock). Per connection, like
  // foreign_keys; a remote Turso client has no lasting connection to set it on (ADR 010).
  await client.execute('PRAGMA recursive_triggers = ON');
  const db = createDb(client);
  await migrate(db, { migrationsFolder });
  return { client, db };
}
