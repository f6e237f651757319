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
