import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest JSON body the API takes: a waiver with two signature images fits well below it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A route that takes more than MAX_BODY_BYTES (the image uploads of D23), with its own limit and message. */
export interface LargeBodyRoute {
  path: RegExp;
  maxSize: number;
  message: string;
}

/** 413 with the one error shape instead of reading an oversized body into memory. */
export function bodyLimitGuard(largeRoutes: readonly LargeBodyRoute[] = []): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'Request body is too large (limit 1 MB)' }, 413),
  });
  // Refused by the declared length before any of the body is read, or as soon as a streamed body passes the limit.
  const large = largeRoutes.map((route) => ({
    path: route.path,
    limit: bodyLimit({ maxSize: route.maxSize, onError: (c) => c.json({ message: route.message }, 413) }),
  }));
  // A GET or HEAD has no body (fetch's Request refuses one). Asking for it anyway made the Node adapter build a full
  // Request object on every read (ADR 026).
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const route = large.find((r) => r.path.test(c.req.path));
    return (route?.limit ?? limit)(c, next);
  };
}
