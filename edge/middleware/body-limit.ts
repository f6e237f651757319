import { bodyLimit } from 'hono/body-limit';

/** Largest JSON body the API takes: a waiver with two signature images fits well below it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 with the one error shape instead of reading an oversized body into memory. */
export function bodyLimitGuard() {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'Request body is too large (limit 1 MB)' }, 413),
  });
}
