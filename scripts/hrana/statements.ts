// One Hrana stream's SQLite connection: statements run as sqld runs them (libsql-server/src/hrana/stmt.rs and
// connection/program.rs), on the `libsql` package the project already depends on. Test tooling, never the app.
import Database from 'libsql';

/** A Hrana value on the wire: integers travel as strings (64 bits), blobs as base64. */
export type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

export interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: Value[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

/** A statement checked before it runs: one SQL statement and its arguments, positional or named. */
export interface Prepared {
  sql: string;
  args: Value[];
  named: Map<string, Value>;
  wantRows: boolean;
}

/** An error the protocol answers in a stream result, `{ message, code }`, as sqld words and codes it. */
export class StmtError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** A request no correct client sends: sqld answers 400 with the message and drops the stream. */
export class ProtocolError extends Error {}

// SQLite's primary result codes by number (the low byte of an extended code); sqld names errors by them.
const PRIMARY = ('OK ERROR INTERNAL PERM ABORT BUSY LOCKED NOMEM READONLY INTERRUPT IOERR CORRUPT NOTFOUND FULL CANTOPEN ' +
  'PROTOCOL EMPTY SCHEMA TOOBIG CONSTRAINT MISMATCH MISUSE NOLFS AUTH FORMAT RANGE NOTADB').split(' ');
const SQLITE_BUSY = 5;
const SQLITE_BUSY_SNAPSHOT = 517;
const BUSY_POLL_MS = 5;
const IDLE_CONNECTIONS = 8;
// Statements that change a connection's own state, which a later stream on it would otherwise inherit.
const CONNECTION_STATE = /\b(PRAGMA|ATTACH|DETACH|TEMP|TEMPORARY)\b/i;
const rawCode = (error: unknown) => (error as { rawCode?: unknown }).rawCode;

function sqliteError(error: unknown): StmtError {
  const raw = rawCode(error);
  if (typeof raw !== 'number') throw error; // not SQLite's: a bug here, answered 500
  return new StmtError(`SQLite error: ${(error as Error).message}`, `SQLITE_${PRIMARY[raw & 0xff] ?? 'UNKNOWN'}`);
}

// Strings, quoted names and comments (whose `;` and `?` are not SQL's), `;`, parameters, words, any other character.
const TOKENS = /'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|;|\?\d*|[:@$]\w+|[\w$]+|\S/g;
const isComment = (token: string) => token.startsWith('--') || token.startsWith('/*');

/**
 * The statements of `sql`, split where sqlite3_complete() would: at every `;`, except inside CREATE TRIGGER, which only
 * the `END` of its body ends (not a CASE's). Blanks and comments alone are no statement.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let first: string[] = []; // the statement's first three words
  let ends = 0; // ENDs not closing a CASE
  for (const match of sql.matchAll(TOKENS)) {
    const token = match[0].toUpperCase();
    if (isComment(token)) continue;
    if (token === ';') {
      const trigger = first[0] === 'CREATE' && (first[1] === 'TRIGGER' || (/^TEMP/.test(first[1] ?? '') && first[2] === 'TRIGGER'));
      if (trigger && ends <= 0) continue;
      if (first.length > 0) statements.push(sql.slice(start, match.index + 1));
      [first, ends] = [[], 0];
      continue;
    }
    if (first.length === 0) start = match.index;
    if (first.length < 3) first.push(token);
    ends += token === 'END' ? 1 : token === 'CASE' ? -1 : 0;
  }
  if (first.length > 0) statements.push(sql.slice(start));
  return statements;
}

/** The statement's parameters by number (1-based, index 0 first): a name (`:a`, `@a`, `$a`), or null for `?`/`?N`. */
export function parameters(sql: string): (string | null)[] {
  const names: (string | null)[] = [];
  for (const [token] of sql.matchAll(TOKENS)) {
    if (token.startsWith('?')) {
      const n = token.length > 1 ? Number(token.slice(1)) : names.length + 1;
      while (names.length < n) names.push(null);
    } else if (/^[:@$]\w/.test(token) && !names.includes(token)) names.push(token);
  }
  return names;
}

const fromValue = (value: Value): unknown => {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(value.value);
    case 'float':
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
    default:
      throw new ProtocolError('Value type not recognized');
  }
};

const toValue = (v: unknown): Value => {
  if (v === null) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: String(v) };
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  return { type: 'blob', base64: Buffer.from(v as Uint8Array).toString('base64') };
};

/** Arguments in the statement's parameter order, as sqld binds them (a name with or without its prefix). */
function bindArgs({ sql, args, named }: Prepared): unknown[] | Record<string, unknown> {
  const params = parameters(sql);
  const given = named.size > 0 ? named.size : args.length;
  if (given > params.length) throw argsInvalid(`too many parameters, expected ${params.length} found ${given}`);
  const values = params.map((name, i) => (name === null ? args[i] : (named.get(name) ?? named.get(name.slice(1)))));
  const missing = values.findIndex((v) => v === undefined);
  if (missing >= 0) throw argsInvalid(`value for parameter ${params[missing] ?? missing + 1} not found`);
  if (named.size === 0) return values.map((v) => fromValue(v!));
  // The libsql binding takes names without their prefix.
  return Object.fromEntries(params.map((name, i) => [name!.slice(1), fromValue(values[i]!)]));
}

const argsInvalid = (why: string) => new StmtError(`Arguments do not match SQL parameters: ${why}`, 'ARGS_INVALID');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Another connection holds the write lock (not a stale snapshot, which waiting cannot cure). */
const isBusy = (error: unknown) => {
  const raw = rawCode(error);
  return typeof raw === 'number' && (raw & 0xff) === SQLITE_BUSY && raw !== SQLITE_BUSY_SNAPSHOT;
};

/**
 * The database file the streams share. It keeps track of the one write lock as sqld does
 * (libsql-server/src/connection/libsql.rs): which stream's transaction took it and when. A transaction may hold it for
 * `timeoutMs` (sqld's TXN_TIMEOUT, 5 s): after that its next statement fails with TRANSACTION_TIMEOUT, and a writer
 * waiting for the lock takes it from it.
 */
export class DatabaseFile {
  holder: Connection | undefined;
  since = 0;
  readonly path: string;
  readonly timeoutMs: number;
  readonly #probe: Database.Database;
  readonly #idle: Connection[] = [];
  readonly #open = new Set<Connection>();

  constructor(path: string, timeoutMs: number) {
    [this.path, this.timeoutMs] = [path, timeoutMs];
    // Open for the server's whole life, as sqld keeps one connection (the WAL files stay); sqld runs in WAL mode.
    this.#probe = new Database(path, { timeout: 0 });
    this.#probe.exec('PRAGMA journal_mode = WAL');
  }

  /** A connection for a new stream: a fresh one, or one a closed stream left exactly as a fresh one would be. */
  connect(): Connection {
    const conn = this.#idle.pop() ?? new Connection(this);
    this.#open.add(conn);
    return conn;
  }

  /**
   * Ends a stream's use of its connection. Opening one costs milliseconds (SQLite reads the whole schema), and sqld
   * opens one per stream, so a connection whose state no statement changed (no transaction, PRAGMA, ATTACH or TEMP
   * object) serves the next stream instead; any other one is closed, its transaction rolled back.
   */
  release(conn: Connection): void {
    if (conn.pristine && conn.isAutocommit && this.#idle.length < IDLE_CONNECTIONS) this.#idle.push(conn);
    else conn.close();
    this.#open.delete(conn);
  }

  /** Whether some connection holds the lock now: this one cannot take it. */
  isHeld(): boolean {
    try {
      this.#probe.exec('BEGIN IMMEDIATE');
      this.#probe.exec('ROLLBACK');
      return false;
    } catch (error) {
      if (isBusy(error)) return true;
      throw error;
    }
  }

  get expired(): boolean {
    return this.holder !== undefined && Date.now() - this.since > this.timeoutMs;
  }

  close(): void {
    for (const conn of [...this.#open, ...this.#idle.splice(0)]) conn.close();
    if (this.#probe.open) this.#probe.close();
  }
}

/** A connection of its own per stream, as sqld opens one: transactions of two streams are two connections' ones. */
export class Connection {
  readonly db: Database.Database;
  readonly #counters: Database.Statement;
  readonly #lock: DatabaseFile;
  /** Its transaction was rolled back for holding the lock too long; the next statement says so. */
  #timedOut = false;
  /** No statement changed this connection's own state: a new stream may take it over. */
  pristine = true;

  constructor(file: DatabaseFile) {
    this.#lock = file;
    // No busy timeout in SQLite itself: its wait would block this one thread, the lock's holder included.
    this.db = new Database(file.path, { timeout: 0 });
    this.#counters = this.db.prepare('SELECT changes(), last_insert_rowid(), total_changes()').raw(true).safeIntegers(true);
  }

  /**
   * Runs one statement. A write that finds the lock held waits for it as long as its holder keeps it (polling, as
   * SQLite's busy handler would), and takes it from a holder past the timeout; a stale snapshot fails at once
   * with SQLITE_BUSY, as in SQLite.
   */
  async execute(stmt: Prepared): Promise<StmtResult> {
    const args = bindArgs(stmt);
    if (CONNECTION_STATE.test(stmt.sql)) this.pristine = false;
    const lock = this.#lock;
    if (lock.holder === this && lock.expired) this.#loseLock();
    if (this.#timedOut) {
      this.#timedOut = false;
      throw new StmtError('Transaction timed out', 'TRANSACTION_TIMEOUT');
    }
    const giveUpAt = Date.now() + lock.timeoutMs; // only when the lock's holder is none of the streams
    // One prepared statement for every attempt: one that met SQLITE_BUSY stays active until it runs again (or is
    // garbage-collected), and an active statement makes this connection's COMMIT fail.
    let statement: Database.Statement | undefined;
    for (;;) {
      try {
        statement ??= this.db.prepare(stmt.sql).safeIntegers(true);
        return this.#executeNow(statement, args, stmt.wantRows);
      } catch (error) {
        if (!isBusy(error) || (lock.holder === undefined && Date.now() >= giveUpAt)) {
          // A statement that met SQLITE_BUSY stays active (see above): this connection serves no later stream.
          if (((rawCode(error) as number) & 0xff) === SQLITE_BUSY) this.pristine = false;
          throw sqliteError(error);
        }
      } finally {
        this.#track();
      }
      if (lock.expired) lock.holder!.#loseLock();
      else await sleep(BUSY_POLL_MS);
    }
  }

  /** Notes whether this statement took or left the write lock (sqld watches sqlite3_txn_state() for the same). */
  #track(): void {
    const lock = this.#lock;
    if (lock.holder === this && !this.db.inTransaction) lock.holder = undefined;
    else if (lock.holder === undefined && this.db.inTransaction && lock.isHeld()) [lock.holder, lock.since] = [this, Date.now()];
  }

  #loseLock(): void {
    this.#rollback();
    [this.#timedOut, this.pristine] = [true, false];
  }

  #rollback(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    if (this.#lock.holder === this) this.#lock.holder = undefined;
  }

  /** changes(), last_insert_rowid(), total_changes(); read to the end, as a statement left stepping blocks COMMIT. */
  #countersNow(): bigint[] {
    return (this.#counters.all() as bigint[][])[0]!;
  }

  #executeNow(statement: Database.Statement, args: unknown[] | Record<string, unknown>, wantRows: boolean): StmtResult {
    const [, rowidBefore, totalBefore] = this.#countersNow();
    const reader = statement.reader;
    const rows = reader ? (statement.raw(true).all(args) as unknown[][]) : (statement.run(args), []);
    const cols = reader ? statement.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
    const [changes, rowid, total] = this.#countersNow();
    // changes() keeps the last write's count through later reads and DDL; sqld reports 0 for those, and the
    // insert's rowid only for an insert: a statement that changed nothing changed no total either.
    const wrote = total !== totalBefore;
    return {
      cols,
      rows: wantRows ? rows.map((row) => row.map(toValue)) : [],
      affected_row_count: wrote ? Number(changes) : 0,
      last_insert_rowid: wrote && rowid !== rowidBefore ? String(rowid) : null,
    };
  }

  /** Runs each statement of `sql` in turn (Hrana's `sequence`), stopping at the first error. */
  async sequence(sql: string): Promise<void> {
    for (const statement of splitStatements(sql)) {
      await this.execute({ sql: statement, args: [], named: new Map(), wantRows: false });
    }
  }

  /** Hrana's `describe`: parameters, result columns, and whether the statement is EXPLAIN or read-only. */
  describe(sql: string) {
    try {
      const isExplain = /^\s*EXPLAIN\b/i.test(sql);
      const statement = this.db.prepare(sql);
      const cols = statement.reader ? statement.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
      // sqlite3_stmt_readonly(): no OP_Transaction that opens a write transaction (P2 != 0) in its program.
      const program = isExplain ? [] : (this.db.prepare(`EXPLAIN ${sql}`).raw(true).all() as unknown[][]);
      const isReadonly = !program.some((op) => op[1] === 'Transaction' && op[3] !== 0);
      return { params: parameters(sql).map((name) => ({ name })), cols, is_explain: isExplain, is_readonly: isReadonly };
    } catch (error) {
      throw sqliteError(error);
    }
  }

  get isAutocommit(): boolean {
    return !this.db.inTransaction;
  }

  /** Rolls back a transaction left open, as dropping sqld's connection does, and closes the connection. */
  close(): void {
    if (!this.db.open) return;
    // Explicitly: the binding's close leaves the connection (and its write lock) alive until every statement it
    // prepared has been garbage-collected.
    this.#rollback();
    this.db.close();
  }
}
