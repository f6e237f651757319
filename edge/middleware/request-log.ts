import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../lib/context.ts';
import { errorFields, writeLog, type LogLine } from '../lib/log.ts';

/** The request's id for the log (ADR 060): the host's (Cloudflare's ray id on the Worker) or a fresh UUID, once. */
export function requestIdOf(c: Context<AppEnv>): string {
  let id = c.get('requestId');
  if (!id) {
    id = c.var.deps.requestId?.(c) || crypto.randomUUID();
    c.set('requestId', id);
  }
  return id;
}

/**
 * One log line about this request, with its id, method, route and path filled in; the answer names the id in
 * X-Request-Id, so a member's report of a failure finds its line.
 */
export function logRequest(c: Context<AppEnv>, line: Pick<LogLine, 'level' | 'event' | 'status' | 'message' | 'stack'>) {
  const requestId = requestIdOf(c);
  writeLog({
    level: line.level,
    event: line.event,
    requestId,
    method: c.req.method,
    // The handler that answered (or threw); a path of its own would hold ids and tokens, so the pattern.
    route: routePath(c) || '*',
    path: c.req.path,
    status: line.status,
    message: line.message,
    ...(line.stack ? { stack: line.stack } : {}),
  });
  try {
    c.header('X-Request-Id', requestId);
  } catch {
    // An answer passed through from elsewhere (a binding's) may have immutable headers: the line is what matters.
  }
}

/** The `message` of an answer in the API's error shape, without consuming the answer itself. */
async function answeredMessage(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.includes('application/json') || res.headers.get('content-encoding')) {
    return `HTTP ${res.status}`;
  }
  try {
    const { message } = (await res.clone().json()) as { message?: unknown };
    return typeof message === 'string' ? message : `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

/**
 * A line for every 5xx answer (ADR 060): what threw (Hono keeps it in `c.error` after onError has answered), or the
 * answer's own message when a handler chose the status (a 502 from Stripe, a 503 health check). Successful and
 * refused (4xx) answers are the platform's request log's business, not this one's.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 500) return;
    const failure = c.error ? errorFields(c.error) : { message: await answeredMessage(c.res) };
    logRequest(c, { level: 'error', event: 'request', status: c.res.status, ...failure });
  };
}
