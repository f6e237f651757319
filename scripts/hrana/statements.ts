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

function sqliteError(error: unknown): StmtError {
  const raw = (error as { rawCode?: unknown }).rawCode;
  if (typeof raw !== 'number') throw error; // not SQLite's: a bug here, answered 500
  return new StmtError(`SQLite error: ${(error as Error).message}`, `SQLITE_${PRIMARY[raw & 0xff] ?? 'UNKNOWN'}`);
}

// Strings, quoted names and comments (whose `;` and `?` are not SQL's), `;`, parameters, words, any other character.
const TOKENS = /'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|;|\?\d*|[:@$]\w+|[\w$]+|\S/g;
const isComment = (token: string) => token.startsWith('--') || token.startsWith('/*');

/**
 * The statements of `sql`, split where sqlite3_complete() would: at every `;`, except inside CREATE TRIGGER, which
 * only `END;` ends. Blanks and comments alone are no statement.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let words: string[] = [];
  for (const match of sql.matchAll(TOKENS)) {
    const token = match[0].toUpperCase();
    if (isComment(token)) continue;
    if (token === ';') {
      const trigger = words[0] === 'CREATE' && (words[1] === 'TRIGGER' || (/^TEMP/.test(words[1] ?? '') && words[2] === 'TRIGGER'));
      if (trigger && words.at(-1) !== 'END') {
        words.push(token);
        continue;
      }
      if (words.length > 0) statements.push(sql.slice(start, match.index + 1));
      words = [];
      continue;
    }
    if (words.length === 0) start = match.index;
    words.push(token);
  }
  if (words.length > 0) statements.push(sql.slice(start));
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

/** A connection of its own per stream, as sqld opens one: transactions of two streams are two connections' ones. */
export class Connection {
  readonly db: Database.Database;
  readonly #counters: Database.Statement;
  readonly #busyTimeoutMs: number;

  constructor(file: string, busyTimeoutMs: number) {
    this.#busyTimeoutMs = busyTimeoutMs;
    // No busy timeout in SQLite itself: its wait would block this one thread, the lock's holder included.
    this.db = new Database(file, { timeout: 0 });
    this.#counters = this.db.prepare('SELECT changes(), last_insert_rowid(), total_changes()').raw(true).safeIntegers(true);
  }

  /**
   * Runs one statement. A write that finds the database locked by another stream waits for it (polling, as SQLite's
   * busy handler does) up to the busy timeout, then fails with SQLITE_BUSY; a stale snapshot fails at once, as in SQLite.
   */
  async execute(stmt: Prepared): Promise<StmtResult> {
    const args = bindArgs(stmt);
    const deadline = Date.now() + this.#busyTimeoutMs;
    for (;;) {
      try {
        return this.#executeNow(stmt.sql, args, stmt.wantRows);
      } catch (error) {
        const raw = (error as { rawCode?: unknown }).rawCode;
        const busy = typeof raw === 'number' && (raw & 0xff) === SQLITE_BUSY && raw !== SQLITE_BUSY_SNAPSHOT;
        if (!busy || Date.now() >= deadline) throw sqliteError(error);
      }
      await sleep(BUSY_POLL_MS);
    }
  }

  #executeNow(sql: string, args: unknown[] | Record<string, unknown>, wantRows: boolean): StmtResult {
    const [, rowidBefore, totalBefore] = this.#counters.get() as bigint[];
    const statement = this.db.prepare(sql).safeIntegers(true);
    const reader = statement.reader;
    const rows = reader ? (statement.raw(true).all(args) as unknown[][]) : (statement.run(args), []);
    const cols = reader ? statement.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
    const [changes, rowid, total] = this.#counters.get() as bigint[];
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
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.db.close();
  }
}
