import { DatabaseUnavailable } from '../../db/unavailable.ts';

/**
 * True when the database refused a write for a UNIQUE index (a second roster row, a second pending request), however
 * the driver wraps it: Drizzle's "Failed query" around libSQL's error locally, Turso's on Workers.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, extendedCode, message } = e as { code?: unknown; extendedCode?: unknown; message?: unknown };
    if (extendedCode === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    if (typeof message === 'string' && message.includes('UNIQUE constraint failed')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a database that cannot serve reports, remote (Turso over HTTP) or embedded: no answer at all, an HTTP error
 * from the server (@libsql/client's SERVER_ERROR: a 5xx, or a 401 for a revoked token), a stream the failure closed,
 * a transaction the server rolled back for holding the write lock too long, a lock not freed in time, a file that
 * cannot be opened or read.
 */
const UNAVAILABLE_CODES = new Set(['SERVER_ERROR', 'HRANA_CLOSED_ERROR', 'HRANA_WEBSOCKET_ERROR', 'TRANSACTION_TIMEOUT', 'SQLITE_CANTOPEN']);
const UNAVAILABLE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_IOERR'];

/** True when a statement failed because the database could not serve it, not because of the statement (ADR 060). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof DatabaseUnavailable) return true;
    const { code, extendedCode } = e as { code?: unknown; extendedCode?: unknown };
    for (const value of [code, extendedCode]) {
      if (typeof value !== 'string') continue;
      if (UNAVAILABLE_CODES.has(value) || UNAVAILABLE_PREFIXES.some((prefix) => value.startsWith(prefix))) return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
