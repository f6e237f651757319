import Database from 'libsql';

/**
 * ADR 026: @libsql/client 0.18 compiles every statement anew on each `execute` (`db.prepare(sql)` in its sqlite3
 * client), and asks the compiled statement for its columns twice. For the SQL the API runs on every read that is
 * most of the database's cost: compiling the tournament JSON statement takes ~0.18 ms, running it ~0.04 ms. This
 * keeps the compiled SELECT statements of each embedded connection (and their columns) for reuse, the way
 * better-sqlite3 users and `rusqlite::prepare_cached` do.
 *
 * Why it is safe: libsql resets a statement each time it runs (`all` or `run` binds fresh arguments and steps from
 * the start), execution is synchronous on the one JavaScript thread, so no two callers ever share a running
 * statement, and a SELECT run to completion holds no read transaction (WAL checkpoints are not held back). SQLite
 * recompiles a kept statement by itself after a schema change; the column lists kept here are dropped on any DDL
 * (migrations), as is everything kept for a connection when it closes. Only SELECTs are kept: writes are compiled
 * as before.
 */

/** Compiled statements kept per connection; the least recently used goes first beyond this. */
export const STATEMENTS_PER_CONNECTION = 256;

type Connection = InstanceType<typeof Database>;
type Statement = ReturnType<Connection['prepare']>;

const READ = /^\s*select\b/i;
const DDL = /^\s*(?:create|alter|drop)\b/i;
const kept = new WeakMap<Connection, Map<string, Statement>>();
let installed = false;

/** A statement whose column list is read from SQLite once (the client asks twice on every execute). */
function withKeptColumns(statement: Statement): Statement {
  let columns: ReturnType<Statement['columns']> | undefined;
  const keep = Object.create(statement) as Statement;
  keep.columns = () => (columns ??= statement.columns());
  return keep;
}

/**
 * Installs the cache on libsql's connections (once per process; the Node host's embedded database, tests and
 * scripts). Remote (Turso) clients never reach libsql's `Database` and are unaffected.
 */
export function cacheReadStatements(): void {
  if (installed) return;
  installed = true;
  const proto = Database.prototype as Connection;
  const prepare = proto.prepare;
  const exec = proto.exec;
  const close = proto.close;

  proto.prepare = function (this: Connection, sql: string) {
    if (!READ.test(sql)) {
      if (DDL.test(sql)) kept.delete(this);
      return prepare.call(this, sql);
    }
    let statements = kept.get(this);
    if (!statements) kept.set(this, (statements = new Map()));
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last, so the first key is the one to drop.
      statements.delete(sql);
    } else {
      statement = withKeptColumns(prepare.call(this, sql));
      if (statements.size >= STATEMENTS_PER_CONNECTION) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  } as Connection['prepare'];

  proto.exec = function (this: Connection, sql: string) {
    kept.delete(this);
    return exec.call(this, sql);
  };

  proto.close = function (this: Connection) {
    kept.delete(this);
    return close.call(this);
  };
}
