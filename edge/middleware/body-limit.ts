import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest JSON body the API takes: a waiver with two signature images fits well below it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 with the one error shape instead of reading an oversized body into memory. */
export function bodyLimitGuard(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'Request body is too large (limit 1 MB)' }, 413),
  });
  // A GET or HEAD has no body (fetch's Request refuses one). Asking for it anyway made the Node adapter build a full
  // Request object on every read (ADR 026).
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
