/**
 * The operations log (ADR 060): one JSON object per line on the console, which is what `wrangler tail` and Workers
 * Logs show for a Worker and the journal keeps for a Node host, so a failure can be found and filtered by its fields.
 * Written for what an operator must act on: every 5xx answer, every failed cron task, every refused or failed
 * Stripe webhook. Never a request's body, query string, cookies or a query's parameters (members' data, tokens).
 */
export interface LogLine {
  level: 'error' | 'warn';
  /** What failed: an HTTP answer, a task of a cron run (D12), a Stripe delivery (D3). */
  event: 'request' | 'cron' | 'webhook';
  /** Cloudflare's ray id on the Worker (the CF-Ray header the caller also gets), a fresh UUID elsewhere. */
  requestId: string;
  method?: string;
  /** The route pattern that answered (`/api/tournaments/:id`), or the cron task (`clock`, `push`). */
  route: string;
  /** The path without its query string. */
  path?: string;
  status?: number;
  message: string;
  /** The stack's frames only: its first line would repeat the message, which may hold what `message` leaves out. */
  stack?: string;
}

/** Writes one line: console.error for errors, console.warn for refusals worth a look. */
export function writeLog(line: LogLine): void {
  const text = JSON.stringify(line);
  if (line.level === 'error') console.error(text);
  else console.warn(text);
}

const MAX_CAUSES = 4;
/** Each message of the chain is cut here: a query's text alone runs to kilobytes. */
const MAX_PART = 200;

/** An error's message without what must not reach a log: Drizzle's "Failed query" also lists the parameters. */
function ownMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { query } = error as { query?: unknown };
  if (typeof query === 'string' && 'params' in error) return `Failed query: ${query}`;
  return error.message || error.name;
}

/** `message` (the error's, then each cause's, joined by " <- ") and the stack's frames, for a log line. */
export function errorFields(error: unknown): Pick<LogLine, 'message' | 'stack'> {
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < MAX_CAUSES; depth += 1) {
    const message = ownMessage(e);
    messages.push(message.length > MAX_PART ? `${message.slice(0, MAX_PART - 3)}...` : message);
    e = e instanceof Error ? e.cause : undefined;
  }
  const frames =
    error instanceof Error
      ? error.stack
          ?.split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : undefined;
  return { message: messages.join(' <- '), ...(frames ? { stack: frames } : {}) };
}
