import { createClient, type InValue, type Row } from '@libsql/client';
import { resolve } from 'node:path';

// The e2e server's database file (scripts/e2e-server.ts keeps one per port: .tmp/e2e-{port}/league.db). Specs read
// it to compare the screen with what the server stored, and the fixtures write fresh accounts and rows into it.

/** The e2e server's database (scripts/e2e-server.ts). */
export const E2E_DB_URL = `file:${resolve(import.meta.dirname, `../.tmp/e2e-${process.env.E2E_PORT ?? '4310'}/league.db`)}`;

/**
 * Runs statements against the e2e database on one short-lived connection. busy_timeout: the server may be writing
 * (WAL lets reads through, but a write waits for the server's write to finish instead of failing).
 */
export async function withE2eDb<T>(run: (execute: (sql: string, args?: InValue[]) => Promise<Row[]>) => Promise<T>) {
  const db = createClient({ url: E2E_DB_URL });
  try {
    await db.execute('PRAGMA busy_timeout = 5000');
    return await run(async (sql, args = []) => (await db.execute({ sql, args })).rows);
  } finally {
    db.close();
  }
}

/** Runs one statement against the e2e database. */
export function queryE2eDb(sql: string, args: InValue[] = []): Promise<Row[]> {
  return withE2eDb((execute) => execute(sql, args));
}
