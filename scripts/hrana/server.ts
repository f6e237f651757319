// A libSQL server for tests: Hrana v2 over HTTP (`POST /v2/pipeline`) on one SQLite file, as far as @libsql/client
// 0.18 and the project need it, answering as sqld (libsql-server/src/hrana/http) does. ADR 057 says what it covers,
// what Turso does differently, and how tests reach a real Turso database instead. Test tooling, never the app.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseFile, ProtocolError, splitStatements, StmtError, type Connection, type Prepared, type Value } from './statements.ts';

export interface HranaServerOptions {
  /** The SQLite file every stream opens (created when missing). */
  file: string;
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** Each pipeline request waits this long before it is handled: a network round trip, injected. */
  latencyMs?: number;
  /** sqld's stream expiration: an idle stream is closed, its transaction rolled back. Default 10 s, as sqld. */
  streamTimeoutMs?: number;
  /**
   * How long a transaction may hold the write lock (sqld's TXN_TIMEOUT, 5 s): then it is rolled back, its next statement
   * fails with TRANSACTION_TIMEOUT, and a writer waiting for the lock takes it. Until then a second writer waits.
   */
  txnTimeoutMs?: number;
  /** When set, a pipeline request must carry `Authorization: Bearer <authToken>` (401 otherwise), as Turso's must. */
  authToken?: string;
}

export interface HranaServer {
  /** `http://host:port`, a DATABASE_URL for @libsql/client. */
  url: string;
  /** Counters to diff around a call: `pipelines` is HTTP round trips, `requests` the stream requests in them. */
  stats: { pipelines: number; requests: number };
  setLatency(ms: number): void;
  close(): Promise<void>;
}

interface HranaStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: Value[];
  named_args?: { name: string; value: Value }[];
  want_rows?: boolean;
}
type Cond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: Cond }
  | { type: 'and' | 'or'; conds: Cond[] }
  | { type: 'is_autocommit' };
type Request =
  | { type: 'close' | 'get_autocommit' }
  | { type: 'execute'; stmt: HranaStmt }
  | { type: 'batch'; batch: { steps: { condition?: Cond | null; stmt: HranaStmt }[] } }
  | { type: 'sequence' | 'describe'; sql?: string | null; sql_id?: number | null }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number };

interface Stream {
  /** None once the stream is closed. */
  conn: Connection | undefined;
  /** SQL texts kept by `store_sql`, by id. */
  sqls: Map<number, string>;
  timer?: NodeJS.Timeout;
}

// sqld's limits on stored SQL texts (libsql-server/src/hrana/http/request.rs); @libsql/client keeps within them.
const MAX_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sqlOf(req: { sql?: string | null; sql_id?: number | null }, sqls: Map<number, string>): string {
  if (req.sql != null && req.sql_id != null) throw new ProtocolError('Either `sql` or `sql_id` are required, but not both');
  if (req.sql != null) return req.sql;
  if (req.sql_id == null) throw new ProtocolError('Either `sql` or `sql_id` are required');
  const sql = sqls.get(req.sql_id);
  if (sql === undefined) throw new ProtocolError(`SQL text ${req.sql_id} not found`);
  return sql;
}

/** `execute`, a batch step and `describe` take exactly one statement. */
function single(sql: string): string {
  const count = splitStatements(sql).length;
  if (count === 0) throw new StmtError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
  if (count > 1) throw new StmtError('SQL string contains more than one statement', 'SQL_MANY_STATEMENTS');
  return sql;
}

function prepare(stmt: HranaStmt, sqls: Map<number, string>): Prepared {
  const args = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (args.length > 0 && named.length > 0) {
    throw new StmtError('Specifying both positional and named arguments is not supported', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
  }
  const sql = single(sqlOf(stmt, sqls));
  return { sql, args, named: new Map(named.map((a) => [a.name, a.value])), wantRows: stmt.want_rows ?? true };
}

const needV3 = (version: number, what: string) => {
  if (version < 3) throw new ProtocolError(`${what} is only supported in protocol version hrana3 and higher`);
};

/** A condition may name only earlier steps; sqld checks all of them before the batch runs. */
function checkCond(cond: Cond, step: number, version: number): void {
  if (cond.type === 'ok' || cond.type === 'error') {
    if (!Number.isInteger(cond.step) || cond.step < 0 || cond.step >= step) {
      throw new ProtocolError('Invalid reference to step in a batch condition');
    }
  } else if (cond.type === 'not') checkCond(cond.cond, step, version);
  else if (cond.type === 'and' || cond.type === 'or') cond.conds.forEach((c) => checkCond(c, step, version));
  else if (cond.type === 'is_autocommit') needV3(version, 'BatchCond of type `is_autocommit`');
  else throw new ProtocolError('BatchCond type not recognized');
}

/** As sqld evaluates it, a step that was skipped counts as an `error`, not as `ok`. */
function holds(cond: Cond, ok: boolean[], conn: Connection): boolean {
  switch (cond.type) {
    case 'ok':
      return ok[cond.step]!;
    case 'error':
      return !ok[cond.step];
    case 'not':
      return !holds(cond.cond, ok, conn);
    case 'and':
      return cond.conds.every((c) => holds(c, ok, conn));
    case 'or':
      return cond.conds.some((c) => holds(c, ok, conn));
    case 'is_autocommit':
      return conn.isAutocommit;
  }
}

async function batch(conn: Connection, steps: { condition?: Cond | null; stmt: HranaStmt }[], stream: Stream, version: number) {
  // A step's SQL, arguments and condition are checked before any step runs: one bad step fails the whole batch.
  const prepared = steps.map((step, i) => {
    if (step.condition) checkCond(step.condition, i, version);
    return prepare(step.stmt, stream.sqls);
  });
  const ok: boolean[] = [];
  const results = [];
  const errors = [];
  for (const [i, step] of steps.entries()) {
    let result = null;
    let error = null;
    if (!step.condition || holds(step.condition, ok, conn)) {
      try {
        result = await conn.execute(prepared[i]!);
      } catch (e) {
        if (!(e instanceof StmtError)) throw e;
        error = { message: e.message, code: e.code };
      }
    }
    ok.push(result !== null);
    results.push(result);
    errors.push(error);
  }
  return { step_results: results, step_errors: errors };
}

async function respond(stream: Stream, req: Request, version: number, file: DatabaseFile): Promise<object> {
  const { conn, sqls } = stream;
  const open = () => {
    if (!conn) throw new ProtocolError('Stream for this baton was closed');
    return conn;
  };
  switch (req.type) {
    case 'close':
      if (conn) file.release(conn);
      stream.conn = undefined;
      return { type: 'close' };
    case 'execute':
      return { type: 'execute', result: await open().execute(prepare(req.stmt, sqls)) };
    case 'batch':
      return { type: 'batch', result: await batch(open(), req.batch.steps, stream, version) };
    case 'sequence':
      await open().sequence(sqlOf(req, sqls));
      return { type: 'sequence' };
    case 'describe':
      return { type: 'describe', result: open().describe(single(sqlOf(req, sqls))) };
    case 'store_sql':
      if (sqls.has(req.sql_id)) throw new ProtocolError(`SQL text ${req.sql_id} already exists`);
      if (sqls.size >= MAX_SQL_COUNT) {
        throw new StmtError(`The server already stores ${sqls.size} SQL texts, it cannot store more`, 'SQL_STORE_TOO_MANY');
      }
      if (Buffer.byteLength(req.sql) > MAX_STORED_SQL_BYTES) {
        throw new StmtError(`The statement is too large to be stored: ${Buffer.byteLength(req.sql)} B`, 'SQL_STORE_TOO_LARGE');
      }
      sqls.set(req.sql_id, req.sql);
      return { type: 'store_sql' };
    case 'close_sql':
      sqls.delete(req.sql_id);
      return { type: 'close_sql' };
    case 'get_autocommit':
      needV3(version, 'The `get_autocommit` request');
      return { type: 'get_autocommit', is_autocommit: open().isAutocommit };
    default:
      throw new ProtocolError('StreamRequest type not recognized');
  }
}

/** Starts the server on `file` (its folder must exist). Resolves once it listens. */
export async function startHranaServer(options: HranaServerOptions): Promise<HranaServer> {
  const { file, host = '127.0.0.1', streamTimeoutMs = 10_000, txnTimeoutMs = 5_000, authToken } = options;
  let latencyMs = options.latencyMs ?? 0;
  const stats = { pipelines: 0, requests: 0 };
  const database = new DatabaseFile(file, txnTimeoutMs);
  const streams = new Map<string, Stream>(); // by the baton that resumes it
  const expired = new Set<string>();

  /** The stream waits for its next request under a new baton, until it expires. */
  const park = (stream: Stream): string => {
    const baton = randomBytes(24).toString('base64url');
    streams.set(baton, stream);
    stream.timer = setTimeout(() => {
      streams.delete(baton);
      expired.add(baton);
      if (stream.conn) database.release(stream.conn);
    }, streamTimeoutMs).unref();
    return baton;
  };

  const pipeline = async (body: { baton?: string | null; requests: Request[] }, version: number) => {
    let stream: Stream;
    if (body.baton != null) {
      const parked = streams.get(body.baton);
      if (!parked) {
        if (expired.has(body.baton)) throw new StmtError('The stream has expired due to inactivity', 'STREAM_EXPIRED');
        throw new ProtocolError('Received an invalid baton');
      }
      streams.delete(body.baton);
      clearTimeout(parked.timer);
      stream = parked;
    } else {
      stream = { conn: database.connect(), sqls: new Map() };
    }
    const results = [];
    try {
      for (const req of body.requests) {
        stats.requests += 1;
        try {
          results.push({ type: 'ok', response: await respond(stream, req, version, database) });
        } catch (e) {
          if (!(e instanceof StmtError)) throw e;
          results.push({ type: 'error', error: { message: e.message, code: e.code } });
        }
      }
    } catch (e) {
      // A protocol error drops the stream, as in sqld: its transaction rolls back.
      if (stream.conn) database.release(stream.conn);
      throw e;
    }
    return { baton: stream.conn ? park(stream) : null, base_url: null, results };
  };

  const reply = (res: ServerResponse, status: number, body: string, type = 'text/plain') =>
    res.writeHead(status, { 'content-type': type }).end(body);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' && ['/', '/v2', '/health'].includes(path)) {
      return reply(res, 200, 'Hello, this is HTTP API v2 (Hrana over HTTP)');
    }
    const version = req.method === 'POST' ? { '/v2/pipeline': 2, '/v3/pipeline': 3 }[path] : undefined;
    if (version === undefined) return reply(res, 404, 'Not found');
    if (authToken !== undefined && req.headers.authorization !== `Bearer ${authToken}`) {
      return reply(res, 401, 'Unauthorized');
    }
    stats.pipelines += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (latencyMs > 0) await sleep(latencyMs);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { baton?: string | null; requests: Request[] };
      if (!Array.isArray(body?.requests)) throw new ProtocolError('Cannot deserialize client message from JSON');
      reply(res, 200, JSON.stringify(await pipeline(body, version)), 'application/json');
    } catch (e) {
      if (e instanceof SyntaxError || e instanceof ProtocolError) return reply(res, 400, e.message);
      // sqld answers an expired stream 500 with the error as JSON, which the client reads as its code.
      if (e instanceof StmtError) return reply(res, 500, JSON.stringify({ message: e.message, code: e.code }), 'application/json');
      throw e;
    }
  };

  let closing = false;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A request still running when the server closes finds its connection closed: no news then.
      if (!closing) console.error('[hrana]', error);
      if (!res.headersSent) reply(res, 500, String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    stats,
    setLatency: (ms) => {
      latencyMs = ms;
    },
    close: async () => {
      closing = true;
      for (const stream of streams.values()) clearTimeout(stream.timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      database.close();
    },
  };
}
