import { z } from 'zod';
import { WEBHOOK_MESSAGES as M, WEBHOOK_URL_MAX, webhookEventTypes } from './schema.ts';

// The server's own body schema, kept out of schema.ts (ADR 069).

/** POST /api/webhooks: an endpoint for a tournament, or (admins) for the league. */
export const createEndpointSchema = z.object({
  url: z.string({ error: M.url }).trim().max(WEBHOOK_URL_MAX, { error: M.url }).refine(URL.canParse, { error: M.url }),
  tournamentId: z.number({ error: 'Choose a tournament' }).int().positive().nullable(),
  events: z
    .array(z.enum(webhookEventTypes, { error: M.events }), { error: M.events })
    .min(1, { error: M.events })
    .max(webhookEventTypes.length, { error: M.events }),
});
export type CreateEndpoint = z.infer<typeof createEndpointSchema>;
