import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { IMAGE_MESSAGES as M } from './constants.ts';
import { uploadBodyLimit } from './upload.ts';

/** What a member is told to wait after a 429: a cropped picture is processed in about a second (ADR 050). */
export const UPLOAD_IN_FLIGHT_RETRY_AFTER_SECONDS = 5;

/**
 * Issue 34: one image upload in flight per member, from the request's arrival to its answer, so that one member
 * holds at most one place in the image processor's lanes; another upload meanwhile is a 429 with Retry-After,
 * answered before its body is read. Kept in memory by the app, so per process on Node and per isolate on Workers
 * (ADR 050: an isolate's image work is its own, and so is the limit that shares it out). Placed after the session
 * middleware; a guest falls through to the route's 401.
 */
export function oneUploadPerMember(): MiddlewareHandler<AppEnv> {
  const inFlight = new Set<string>();
  return async (c, next) => {
    if (c.req.method !== 'POST' || !uploadBodyLimit.path.test(c.req.path)) return next();
    const memberId = c.var.user?.id;
    if (!memberId) return next();
    if (inFlight.has(memberId)) {
      c.header('Retry-After', String(UPLOAD_IN_FLIGHT_RETRY_AFTER_SECONDS));
      return c.json({ message: M.uploadInFlight }, 429);
    }
    inFlight.add(memberId);
    try {
      await next();
    } finally {
      inFlight.delete(memberId);
    }
  };
}
