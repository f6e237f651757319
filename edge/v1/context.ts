import type { User } from '../../db/schema/users.ts';
import { z } from 'zod';
import type { ApiKeyScope } from '../features/api-keys/schema.ts';
import type { AppEnv } from '../lib/context.ts';

/** The public API's context: the app's, plus the key a request came with (null without one). v1 never sees a session. */
export interface V1Env extends AppEnv {
  Variables: AppEnv['Variables'] & { apiKey: { id: number; scopes: ApiKeyScope[]; owner: User } | null };
}

/** Answers every route documents besides its own. */
export const errorContent = <S>(schema: S, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const ErrorBody = z.object({ message: z.string() });

/** What every route may answer besides its own: invalid input, a refused key, the limit. */
export const refusals = {
  400: errorContent(ErrorBody, 'Invalid parameters'),
  401: errorContent(ErrorBody, 'The `Authorization` header names no valid API key (leave it out to read without one)'),
  403: errorContent(ErrorBody, "The API key's owner cannot use the API right now, or the key may not do this"),
  429: errorContent(ErrorBody, 'Too many requests: wait `Retry-After` seconds (or send an API key)'),
};

/** A read polled with `If-None-Match`. */
export const cached = { 304: { description: 'Not modified since the `ETag` sent in `If-None-Match`' } };
