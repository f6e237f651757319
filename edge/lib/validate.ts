import { zValidator } from '@hono/zod-validator';
import type { ZodType } from 'zod';
import { validationError } from './errors.ts';

/** Validates the JSON body with a shared schema; failures become 400 `{ message, errors }` (one error shape). */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator('json', schema, (result, c) => (result.success ? undefined : validationError(result.error, c)));
