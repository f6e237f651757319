import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the API: `{ message }`, plus per-field messages for validation failures. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** Throw for an expected failure; onError turns it into `{ message }` with this status. */
export function fail(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
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
