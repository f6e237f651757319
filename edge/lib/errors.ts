import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the API: `{ message }`, plus per-field messages for validation failures. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** ADR 060: the answer (503) while the database cannot be reached; Retry-After tells the app's outbox when to retry. */
export const DATABASE_UNAVAILABLE = 'The league is unavailable for a moment. Please try again in a minute.';
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Throw for an expected failure; onError turns it into `{ message }` with this status. */
export function fail(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
}

/**
 * A refusal that ends by itself (a sending limit): the answer also carries `Retry-After`, so a client that queued
 * the request (the outbox) waits that long instead of guessing with its backoff.
 */
export class RetryLater extends HTTPException {
  // A plain field, not a parameter property: scripts run these files with Node's type stripping, which has none.
  readonly retryAfterSeconds: number;
  constructor(status: 429 | 503, message: string, retryAfterSeconds: number) {
    super(status, { message });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Throw for a refusal that lifts after `retryAfterMs`; onError adds `Retry-After` (whole seconds, at least 1). */
export function failUntil(status: 429 | 503, message: string, retryAfterMs: number): never {
  throw new RetryLater(status, message, Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Validation hook for @hono/zod-validator: 400 with the first field message as `message`. */
export function validationError(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  c: Context,
) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  const message = error.issues[0]?.message ?? 'Invalid request';
  return c.json({ message, errors } satisfies ErrorBody, 400);
}

/** The hook to pass to `zValidator(target, schema, validationHook)`: a failed parse answers `validationError`. */
export const validationHook = (result: { success: boolean; error?: unknown }, c: Context) =>
  result.success ? undefined : validationError(result.error as Parameters<typeof validationError>[0], c);
