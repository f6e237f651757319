import type { MiddlewareHandler } from 'hono';
import type { Config } from '../lib/config.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stripe signs its webhook calls and sends no Origin (D3); the signature is their protection. */
const EXEMPT_PATHS = new Set(['/api/stripe/webhook']);

/**
 * D5: a state-changing request must carry an Origin header naming this league. Browsers always send Origin on
 * cross-site and same-site POST/PATCH/DELETE, so a missing header means a non-browser or a stripped request.
 */
export function originCheck(config: Config): MiddlewareHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    if (!origin || (origin !== publicOrigin && origin !== ownOrigin)) {
      return c.json({ message: 'Cross-site request refused: the Origin header is missing or foreign' }, 403);
    }
    return next();
  };
}
