import type { MiddlewareHandler } from 'hono';
import { compress as honoCompress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { appendVary } from '../lib/vary.ts';

/**
 * hono's `compress`, without its costly step on answers it leaves as they are: it adds `Vary: Accept-Encoding`
 * through `c.header()` once the handler has answered, and Hono rebuilds a finished answer from its body stream to
 * add a header that way, so the Node adapter streams it instead of writing its string (issue 12: web streams and
 * undici's Response were ~8 % of a signed-in `GET /api/auth/user` that nothing compressed). The Vary goes on the
 * answer's own headers first, where hono's middleware finds it and adds nothing. Answers compressed are as before.
 */
export function compress(): MiddlewareHandler {
  const inner = honoCompress();
  return (c, next) =>
    inner(c, async () => {
      await next();
      const type = c.res.headers.get('Content-Type');
      if (type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) appendVary(c.res.headers, 'Accept-Encoding');
    });
}
