import { OpenAPIHono } from '@hono/zod-openapi';
import { validationError } from '../lib/errors.ts';
import type { V1Env } from './context.ts';

/** A router of the public API: invalid parameters and bodies answer the API's one error shape (400 `{ message }`). */
export const v1Router = () =>
  new OpenAPIHono<V1Env>({
    defaultHook: (result, c) => (result.success ? undefined : validationError(result.error, c)),
  });
