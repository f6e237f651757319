import { z } from 'zod';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, API_KEY_SCOPES } from './schema.ts';

// The server's own body schema, kept out of schema.ts, which the app imports (ADR 069).

/** POST /api/profile/api-keys: the Edit Profile card's form. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.name })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.name })
    .max(API_KEY_NAME_MAX, {
      error: API_KEY_MESSAGES.name,
    }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopes }), { error: API_KEY_MESSAGES.scopes })
    .max(API_KEY_SCOPES.length, { error: API_KEY_MESSAGES.scopes }),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;
