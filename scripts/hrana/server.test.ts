// The Hrana test server driven by the real @libsql/client (HTTP, protocol v2), for every kind of request the app
// sends, and by raw pipeline requests for what the client only sends on protocol v3 or never.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client, type LibsqlError } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrationsFolder, openLocalDatabase } from '../../db/local.ts';
import { isUniqueViolation } from '../../edge/lib/db-errors.ts';
import { startHranaServer, type HranaServer, type HranaServerOptions } from './server.ts';

let dir: string;
let server: HranaServer;
let client: Client;
const opened: Client[] = [];

async function start(options: Partial<HranaServerOptions> = {}) {
  await server?.close();
  server = await startHranaServer({ file: join(dir, 'test.db'), ...options });
  client = connect();
}

function connect(extra: { intMode?: 'number' | 'bigint' | 'string'; authToken?: string } = {}): Client {
  const c = createClient({ url: server.url, ...extra });
  opened.push(c);
  return c;
}

/** One raw pipeline request; `version` 3 posts to /v3/pipeline. */
async function pipeline(body: { baton?: string | null; requests: object[] }, version = 2) {
  const res = await fetch(`${server.url}/v${version}/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type') === 'application/json' ? JSON.parse(text) : text };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: LibsqlError) => e.code,
  );
const count = async (c = client) => Number((await c.execute('SELECT count(*) AS n FROM t')).rows[0]!.n);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-hrana-'));
  await start();
  await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE, n INTEGER, r REAL, b BLOB, x)');
});

afterEach(async () => {
  for (const c of opened.splice(0)) c.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('execute', () => {
  it('binds positional and named arguments and reports rows, decltypes, affected rows and the rowid', async () => {
    const first = await client.execute({ sql: 'INSERT INTO t (v, n) VALUES (?, ?)', args: ['a', 1] });
    expect([first.rowsAffected, first.lastInsertRowid]).toEqual([1, 1n]);
    for (const [sql, key] of [
      ['INSERT INTO t (v, n) VALUES (:v, :n)', ''],
      ['INSERT INTO t (v, n) VALUES (@v, @n)', '@'],
      ['INSERT INTO t (v, n) VALUES ($v, $n)', '$'],
    ] as const) {
      const value = `named${key}`;
      const res = await client.execute({ sql, args: { [`${key}v`]: value, [`${key}n`]: 2 } });
      expect(res.rowsAffected).toBe(1);
    }
    const res = await client.execute({ sql: 'SELECT id, v, n, r, b, x, n + 1 AS next FROM t WHERE v = ?', args: ['a'] });
    expect(res.columns).toEqual(['id', 'v', 'n', 'r', 'b', 'x', 'next']);
    // sqld reports SQLite's declared types; an expression has none (the client shows '').
    expect(res.columnTypes).toEqual(['INTEGER', 'TEXT', 'INTEGER', 'REAL', 'BLOB', '', '']);
    expect(res.rows[0]).toMatchObject({ id: 1, v: 'a', n: 1, r: null, next: 2 });
    expect((await client.execute('SELECT v FROM t ORDER BY id')).rows.map((r) => r.v)).toEqual([
      'a',
      'named',
      'named@',
      'named$',
    ]);
  });

  it('counts only the rows a write changed, and none for reads and DDL after it on the same connection', async () => {
    const results = await client.batch(
      [
        "INSERT INTO t (v) VALUES ('a'), ('b'), ('c')",
        "UPDATE t SET n = 1 WHERE v <> 'a'",
        'SELECT * FROM t',
        "DELETE FROM t WHERE v = 'c' RETURNING v",
        'CREATE INDEX t_n ON t (n)',
        "UPDATE t SET n = 2 WHERE v = 'none'",
      ],
      'write',
    );
    expect(results.map((r) => r.rowsAffected)).toEqual([3, 2, 0, 1, 0, 0]);
    expect(results.map((r) => r.lastInsertRowid)).toEqual([3n, undefined, undefined, undefined, undefined, undefined]);
    expect(results[3]!.rows.map((r) => r.v)).toEqual(['c']);
  });

  it('round-trips blobs, nulls, floats and integers beyond 2^53 as each intMode wants them', async () => {
    const big = 9007199254740993n; // 2^53 + 1: a float would round it
    const blob = new Uint8Array([0, 1, 254, 255]);
    await client.execute({
      sql: 'INSERT INTO t (v, n, r, b, x) VALUES (?, ?, ?, ?, ?)',
      args: ['big', big, 0.1 + 0.2, blob, null],
    });
    const sql = "SELECT n, r, b, x, typeof(n) AS tn, typeof(r) AS tr FROM t WHERE v = 'big'";
    const row = (await connect({ intMode: 'bigint' }).execute(sql)).rows[0]!;
    expect([row.n, row.r, new Uint8Array(row.b as ArrayBuffer), row.x]).toEqual([big, 0.1 + 0.2, blob, null]);
    expect([row.tn, row.tr]).toEqual(['integer', 'real']);
    expect((await connect({ intMode: 'string' }).execute(sql)).rows[0]!.n).toBe('9007199254740993');
    // The default intMode refuses an integer it cannot hold, as it does against Turso.
    await expect(client.execute(sql)).rejects.toThrow(RangeError);
    // A JS number travels as a float (as to sqld): an INTEGER column keeps it as an integer, a bare value stays real.
    await client.execute({ sql: "INSERT INTO t (v, n) VALUES ('three', ?)", args: [3] });
    const three = await client.execute({ sql: "SELECT typeof(n) AS t, typeof(?) AS u FROM t WHERE v = 'three'", args: [3] });
    expect(three.rows[0]).toMatchObject({ t: 'integer', u: 'real' });
    expect((await client.execute({ sql: 'SELECT ? AS f', args: [-1.5e300] })).rows[0]!.f).toBe(-1.5e300);
  });

  it("answers SQLite's errors with its codes, in the shape the client maps and the app recognises", async () => {
    await client.execute("INSERT INTO t (v) VALUES ('a')");
    const duplicate = await client.execute("INSERT INTO t (v) VALUES ('a')").catch((e: LibsqlError) => e);
    expect(duplicate).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect((duplicate as Error).message).toContain('SQLite error: UNIQUE constraint failed: t.v');
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(await codeOf(client.execute('SELEC 1'))).toBe('SQLITE_ERROR');
    expect(await codeOf(client.execute('SELECT * FROM missing'))).toBe('SQLITE_ERROR');
    expect(await codeOf(client.execute('SELECT 1; SELECT 2'))).toBe('SQL_MANY_STATEMENTS');
    expect(await codeOf(client.execute(' -- nothing'))).toBe('SQL_NO_STATEMENT');
    expect(await codeOf(client.execute({ sql: 'SELECT ?, ?', args: [1] }))).toBe('ARGS_INVALID');
    expect(await codeOf(client.execute({ sql: 'SELECT ?', args: [1, 2] }))).toBe('ARGS_INVALID');
    expect(await codeOf(client.execute({ sql: 'SELECT :a', args: { b: 1 } }))).toBe('ARGS_INVALID');
    // A trailing semicolon and comment, semicolons inside strings and a trigger's body are still one statement.
    expect((await client.execute("SELECT ';' AS s; -- done")).rows[0]!.s).toBe(';');
    await client.execute('CREATE TRIGGER t_n AFTER INSERT ON t BEGIN UPDATE t SET n = CASE WHEN n IS NULL THEN 0 END; END');
  });

  it('keeps a per-connection PRAGMA to its own stream: no later stream inherits it, as none does on sqld', async () => {
    expect((await client.execute('PRAGMA recursive_triggers = ON')).rows).toEqual([]);
    expect(Number((await client.execute('PRAGMA recursive_triggers')).rows[0]![0])).toBe(0);
  });
});

describe('batch', () => {
  it('runs in one implicit transaction in one round trip and returns every result', async () => {
    const before = server.stats.pipelines;
    const results = await client.batch(
      [
        { sql: 'INSERT INTO t (v) VALUES (?)', args: ['a'] },
        { sql: 'INSERT INTO t (v) VALUES (:v)', args: { v: 'b' } },
        'SELECT v FROM t ORDER BY v',
      ],
      'write',
    );
    expect(server.stats.pipelines - before).toBe(1);
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(results[2]!.rows.map((r) => r.v)).toEqual(['a', 'b']);
  });

  it('rolls back every statement when one fails', async () => {
    await client.execute("INSERT INTO t (v) VALUES ('taken')");
    const failed = client.batch(["INSERT INTO t (v) VALUES ('new')", "INSERT INTO t (v) VALUES ('taken')"], 'write');
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 1 });
    expect((await client.execute('SELECT v FROM t')).rows.map((r) => r.v)).toEqual(['taken']);
  });

  it('evaluates ok, error, not, and, or; a skipped step counts as an error, as sqld counts it', async () => {
    const step = (sql: string, condition?: object) => ({ stmt: { sql, want_rows: true }, ...(condition && { condition }) });
    const { status, body } = await pipeline({
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              step("INSERT INTO t (v) VALUES ('a')"),
              step("INSERT INTO t (v) VALUES ('a')"), // fails: unique
              step('SELECT 2', { type: 'error', step: 1 }), // runs
              step('SELECT 3', { type: 'ok', step: 1 }), // skipped
              step('SELECT 4', { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'not', cond: { type: 'ok', step: 1 } }] }),
              step('SELECT 5', { type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'ok', step: 3 }] }), // skipped
              step('SELECT 6', { type: 'error', step: 3 }), // runs: step 3 did not succeed
            ],
          },
        },
        { type: 'close' },
      ],
    });
    expect(status).toBe(200);
    const { step_results: results, step_errors: errors } = body.results[0].response.result;
    expect(results.map((r: unknown) => r !== null)).toEqual([true, false, true, false, true, false, true]);
    expect(errors.map((e: { code: string } | null) => e?.code ?? null)).toEqual([
      null,
      'SQLITE_CONSTRAINT',
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(body.baton).toBeNull();
  });

  it('refuses a whole batch whose step names a later step or holds two statements, running none of it', async () => {
    const insert = { stmt: { sql: "INSERT INTO t (v) VALUES ('x')" } };
    const bad = await pipeline({
      requests: [{ type: 'batch', batch: { steps: [insert, { stmt: { sql: 'SELECT 1' }, condition: { type: 'ok', step: 1 } }] } }],
    });
    expect([bad.status, bad.body]).toEqual([400, 'Invalid reference to step in a batch condition']);
    const two = await pipeline({ requests: [{ type: 'batch', batch: { steps: [insert, { stmt: { sql: 'SELECT 1; SELECT 2' } }] } }] });
    expect(two.body.results[0]).toMatchObject({ type: 'error', error: { code: 'SQL_MANY_STATEMENTS' } });
    expect(await count()).toBe(0);
  });

  it('runs a sequence of statements, CREATE TRIGGER bodies included (executeMultiple)', async () => {
    await client.executeMultiple(`
      CREATE TABLE log (v TEXT); -- a comment; with a semicolon
      CREATE TRIGGER t_log AFTER INSERT ON t BEGIN
        INSERT INTO log VALUES (CASE WHEN new.v = 'a' THEN new.v END);
        INSERT INTO log VALUES ('; END;');
      END;
      INSERT INTO t (v) VALUES ('a');
    `);
    expect((await client.execute('SELECT v FROM log')).rows.map((r) => r.v)).toEqual(['a', '; END;']);
    await expect(client.executeMultiple("INSERT INTO t (v) VALUES ('b'); INSERT INTO t (v) VALUES ('a')")).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
    });
    expect(await count()).toBe(2); // 'b' stays: a sequence is no transaction
  });
});

describe('interactive transactions', () => {
  it('reads its own writes, hides them from other streams until commit, and keeps them after', async () => {
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['mine'] });
    expect(Number((await tx.execute('SELECT count(*) AS n FROM t')).rows[0]!.n)).toBe(1);
    expect(await count()).toBe(0);
    await tx.commit();
    expect(await count()).toBe(1);
  });

  it('rolls back, and one statement costs one round trip', async () => {
    const before = server.stats.pipelines;
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO t (v) VALUES ('gone')"); // BEGIN IMMEDIATE travels with it
    await tx.execute('SELECT 1');
    await tx.rollback(); // ROLLBACK and close in one request
    expect(server.stats.pipelines - before).toBe(3);
    expect(await count()).toBe(0);
  });

  it('keeps a failed statement inside the transaction, which can still commit', async () => {
    await client.execute("INSERT INTO t (v) VALUES ('taken')");
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO t (v) VALUES ('kept')");
    await expect(tx.execute("INSERT INTO t (v) VALUES ('taken')")).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    await tx.commit();
    expect(await count()).toBe(2);
  });

  it('makes a second writer wait for the first to commit, so no update is lost', async () => {
    await client.execute("INSERT INTO t (v, n) VALUES ('counter', 0)");
    const read = "SELECT n FROM t WHERE v = 'counter'";
    const write = "UPDATE t SET n = ? WHERE v = 'counter'";
    const events: string[] = [];
    const first = await client.transaction('write');
    const n1 = Number((await first.execute(read)).rows[0]!.n); // holds the write lock from here
    const arrived = server.stats.pipelines;
    const second = (async () => {
      const tx = await connect().transaction('write');
      const n2 = Number((await tx.execute(read)).rows[0]!.n);
      events.push(`second read ${n2}`);
      await tx.execute({ sql: write, args: [n2 + 1] });
      await tx.commit();
    })();
    // The second's BEGIN has reached the server (and waits there) before the first writes and commits.
    await vi.waitFor(() => expect(server.stats.pipelines).toBe(arrived + 1));
    await first.execute({ sql: write, args: [n1 + 1] });
    await first.commit();
    events.push('first committed');
    await second;
    expect(events).toEqual(['first committed', 'second read 1']);
    expect(Number((await client.execute(read)).rows[0]!.n)).toBe(2);
  });

  it('fails a deferred transaction that writes after another committed, with SQLITE_BUSY as SQLite does', async () => {
    await client.execute("INSERT INTO t (v, n) VALUES ('counter', 0)");
    const a = await client.transaction('deferred');
    const b = await connect().transaction('deferred');
    await a.execute('SELECT n FROM t');
    await b.execute('SELECT n FROM t'); // both read the same snapshot
    await a.execute("UPDATE t SET n = 1 WHERE v = 'counter'");
    await a.commit();
    expect(await codeOf(b.execute("UPDATE t SET n = 2 WHERE v = 'counter'"))).toBe('SQLITE_BUSY');
    await b.rollback();
    expect(Number((await client.execute("SELECT n FROM t WHERE v = 'counter'")).rows[0]!.n)).toBe(1);
  });

  it('lets many writers take turns: each waits for the lock, none fails and no update is lost', async () => {
    await client.execute("INSERT INTO t (v, n) VALUES ('counter', 0)");
    const increment = async () => {
      const tx = await connect().transaction('write');
      const n = Number((await tx.execute("SELECT n FROM t WHERE v = 'counter'")).rows[0]!.n);
      await tx.execute({ sql: "UPDATE t SET n = ? WHERE v = 'counter'", args: [n + 1] });
      await tx.commit();
    };
    await Promise.all(Array.from({ length: 8 }, increment));
    expect(Number((await client.execute("SELECT n FROM t WHERE v = 'counter'")).rows[0]!.n)).toBe(8);
  });

  it('takes the lock from a transaction that held it past the timeout for a waiting writer, as sqld does', async () => {
    await start({ txnTimeoutMs: 200 });
    const holder = await client.transaction('write');
    await holder.execute("INSERT INTO t (v) VALUES ('held')");
    await connect().execute("INSERT INTO t (v) VALUES ('waiting')"); // waits, then rolls the holder back
    expect(await codeOf(holder.execute('SELECT 1'))).toBe('TRANSACTION_TIMEOUT');
    expect((await client.execute('SELECT v FROM t')).rows.map((r) => r.v)).toEqual(['waiting']);
  });

  it('fails the next statement of a transaction past the timeout even when nobody waits', async () => {
    await start({ txnTimeoutMs: 200 });
    const slow = await client.transaction('write');
    await slow.execute("INSERT INTO t (v) VALUES ('slow')");
    await new Promise((resolve) => setTimeout(resolve, 400)); // a lower bound: at least twice the timeout
    expect(await codeOf(slow.execute("INSERT INTO t (v) VALUES ('later')"))).toBe('TRANSACTION_TIMEOUT');
    slow.close();
    expect(await count()).toBe(0);
  });

  it('expires an idle stream: its transaction is rolled back, its lock freed, and its next call fails', async () => {
    await start({ streamTimeoutMs: 200 });
    const idle = await client.transaction('write');
    await idle.execute("INSERT INTO t (v) VALUES ('abandoned')");
    // Only a lower bound on time: the stream has been idle at least twice its timeout.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await codeOf(idle.execute('SELECT 1'))).toBe('STREAM_EXPIRED');
    await connect().execute("INSERT INTO t (v) VALUES ('next writer')");
    expect((await client.execute('SELECT v FROM t')).rows.map((r) => r.v)).toEqual(['next writer']);
  });
});

describe('the protocol around the statements', () => {
  it('keeps stored SQL per stream until close_sql, and refuses an unknown id', async () => {
    const stored = await pipeline({
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? AS v' },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '7' }] } },
        { type: 'close_sql', sql_id: 1 },
      ],
    });
    expect(stored.body.results.map((r: { response: { type: string } }) => r.response.type)).toEqual([
      'store_sql',
      'execute',
      'close_sql',
    ]);
    expect(stored.body.results[1].response.result.rows).toEqual([[{ type: 'integer', value: '7' }]]);
    const after = await pipeline({ baton: stored.body.baton, requests: [{ type: 'execute', stmt: { sql_id: 1 } }] });
    expect([after.status, after.body]).toEqual([400, 'SQL text 1 not found']);
    const big = await pipeline({ requests: [{ type: 'store_sql', sql_id: 1, sql: `SELECT '${'x'.repeat(5000)}'` }] });
    expect(big.body.results[0]).toMatchObject({ type: 'error', error: { code: 'SQL_STORE_TOO_LARGE' } });
  });

  it('takes each baton once: a used or made-up baton is refused', async () => {
    const first = await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] });
    const second = await pipeline({ baton: first.body.baton, requests: [{ type: 'execute', stmt: { sql: 'SELECT 2' } }] });
    expect(second.status).toBe(200);
    expect(second.body.baton).not.toBe(first.body.baton);
    const reused = await pipeline({ baton: first.body.baton, requests: [] });
    expect([reused.status, reused.body]).toEqual([400, 'Received an invalid baton']);
    expect((await pipeline({ baton: 'made-up', requests: [] })).status).toBe(400);
  });

  it('describes a statement: parameters, columns, read-only or not', async () => {
    const { body } = await pipeline({
      requests: [
        { type: 'describe', sql: 'SELECT id, v AS name FROM t WHERE id = ? AND v = :v' },
        { type: 'describe', sql: 'INSERT INTO t (v) VALUES (@v)' },
        { type: 'close' },
      ],
    });
    expect(body.results[0].response.result).toEqual({
      params: [{ name: null }, { name: ':v' }],
      cols: [
        { name: 'id', decltype: 'INTEGER' },
        { name: 'name', decltype: 'TEXT' },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(body.results[1].response.result).toMatchObject({ params: [{ name: '@v' }], cols: [], is_readonly: false });
  });

  it('answers get_autocommit and is_autocommit on protocol v3 only, as sqld does', async () => {
    const autocommit = { type: 'get_autocommit' };
    const { body } = await pipeline(
      {
        requests: [
          autocommit,
          { type: 'execute', stmt: { sql: 'BEGIN' } },
          autocommit,
          {
            type: 'batch',
            batch: { steps: [{ stmt: { sql: 'SELECT 1' }, condition: { type: 'not', cond: { type: 'is_autocommit' } } }] },
          },
          { type: 'execute', stmt: { sql: 'ROLLBACK' } },
          { type: 'close' },
        ],
      },
      3,
    );
    expect([body.results[0].response.is_autocommit, body.results[2].response.is_autocommit]).toEqual([true, false]);
    expect(body.results[3].response.result.step_results[0]).not.toBeNull();
    const v2 = await pipeline({ requests: [autocommit] });
    expect(v2.status).toBe(400);
  });

  it('requires the auth token when it has one, as Turso does', async () => {
    await start({ authToken: 'secret' });
    expect(await codeOf(client.execute('SELECT 1'))).toBe('SERVER_ERROR');
    expect((await connect({ authToken: 'secret' }).execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('delays every round trip by the injected latency', async () => {
    await start({ latencyMs: 60 });
    const started = performance.now();
    const tx = await client.transaction('write');
    await tx.execute('SELECT 1');
    await tx.commit();
    // Two round trips: a lower bound only, which a busy machine cannot break.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 60);
  });
});

describe('the project against the server', () => {
  it("migrates the real schema with the project's own migration runner over HTTP, once", async () => {
    await start({ file: join(dir, 'league.db') });
    const { client: app } = await openLocalDatabase(server.url);
    opened.push(app);
    const journal = (await import(join(migrationsFolder, 'meta/_journal.json'), { with: { type: 'json' } })) as {
      default: { entries: unknown[] };
    };
    const applied = await app.execute('SELECT count(*) AS n FROM __drizzle_migrations');
    expect(Number(applied.rows[0]!.n)).toBe(journal.default.entries.length);
    const tables = await app.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'waivers')");
    expect(tables.rows.map((r) => r.name).sort()).toEqual(['users', 'waivers']);
    // A second start applies nothing new (the runner reads what was applied over HTTP too).
    await openLocalDatabase(server.url).then(({ client: again }) => opened.push(again));
    expect(Number((await app.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n)).toBe(
      journal.default.entries.length,
    );
  });
});
