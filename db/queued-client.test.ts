import { createClient, type Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueOnOneConnection } from './queued-client.ts';

// ADR 013: one connection to the embedded file; statements wait while a transaction holds it.
describe('queueOnOneConnection', () => {
  let dir: string;
  let raw: Client;
  let db: Client;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wta-queued-'));
    raw = createClient({ url: `file:${join(dir, 'db.sqlite')}`, concurrency: 1, timeout: 5000 });
    // A budget no loaded machine reaches: these tests order events with promises, never against the clock. Only the
    // time-out test below uses a short one, on a transaction it holds open on purpose.
    db = queueOnOneConnection(raw, { waitMs: 60_000 });
    await db.execute('CREATE TABLE t (n INTEGER NOT NULL)');
  });
  afterEach(() => {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a statement that arrives during a transaction wait, then see the committed rows', async () => {
    const events: string[] = [];
    const tx = await db.transaction('write');
    await tx.execute('INSERT INTO t (n) VALUES (1)');
    const read = db.execute('SELECT count(*) AS c FROM t').then((result) => {
      events.push('read answered');
      return result;
    });
    // The transaction goes on with the read waiting: it cannot be answered before the commit.
    await tx.execute('INSERT INTO t (n) VALUES (2)');
    events.push('committing');
    await tx.commit();
    expect((await read).rows[0]?.c).toBe(2);
    expect(events).toEqual(['committing', 'read answered']);
  });

  it('runs queued statements in arrival order and frees the lock after a rollback', async () => {
    const tx = await db.transaction('write');
    await tx.execute('INSERT INTO t (n) VALUES (1)');
    const writes = [3, 4, 5].map((n) => db.execute({ sql: 'INSERT INTO t (n) VALUES (?)', args: [n] }));
    await tx.rollback();
    await Promise.all(writes);
    const rows = await db.execute('SELECT n FROM t ORDER BY rowid');
    expect(rows.rows.map((r) => r.n)).toEqual([3, 4, 5]);
  });

  it('fails a statement that waits too long with a clear error, and keeps working afterwards', async () => {
    const impatient = queueOnOneConnection(raw, { waitMs: 300 });
    const tx = await impatient.transaction('write');
    await expect(impatient.execute('SELECT 1')).rejects.toThrow(/Database busy: waited 300 ms/);
    await tx.commit();
    expect((await db.execute('SELECT count(*) AS c FROM t')).rows[0]?.c).toBe(0);
  });

  it('frees the lock when a statement fails', async () => {
    await expect(db.execute('SELECT * FROM missing_table')).rejects.toThrow();
    expect((await db.execute('SELECT count(*) AS c FROM t')).rows[0]?.c).toBe(0);
  });
});
