import type { MiddlewareHandler } from 'hono';
import type { Config } from '../lib/config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stripe signs its webhook calls and sends no Origin (D3); the signature is their protection. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

/**
 * D5: a state-changing request must carry an Origin header naming this league. Browsers always send Origin on
 * cross-site and same-site POST/PATCH/DELETE, so a missing header means a non-browser or a stripped request.
 *
 * The league's origin is PUBLIC_URL and nothing else. It is never derived from the request (its URL or Host): a
 * DNS-rebinding page at http://evil.example whose name now points at this server sends `Origin: http://evil.example`
 * AND `Host: evil.example`, so "Origin equals the request's own origin" would let it through. The Vite dev server
 * proxies /api without rewriting Origin, so `npm run dev` works with PUBLIC_URL=http://localhost:5173 (README).
 */
export function originCheck(config: Config): MiddlewareHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    // D43/D44: the public API ignores cookies, so a cross-site page cannot act as a member there; its one write needs
    // a key in the Authorization header, which no browser adds by itself. Scoreboards on any origin may call it.
    if (c.req.path.startsWith('/api/v1/')) return next();
    if (c.req.header('origin') !== publicOrigin) {
      return c.json({ message: 'Cross-site request refused: the Origin header is missing or foreign' }, 403);
    }
    return next();
  };
}
