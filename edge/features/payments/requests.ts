import { z } from 'zod';
import { TEAM_ENTRY_TEXTS, ticketTierIds } from './constants.ts';
import { tournamentIdField } from './schema.ts';

// The bodies the checkout and verify routes validate: the server's alone, kept out of schema.ts, which the app
// imports for its sponsorship form and answers (ADR 069).

/**
 * POST /api/stripe/checkout/tournament-registration (000 s7): a player's entry, or a team's entered by its owner in
 * a team tournament (D22: `registrationType: 'team'` with the `teamId`).
 */
export const registrationCheckoutSchema = z
  .object({
    tournamentId: tournamentIdField,
    registrationType: z.enum(['player', 'team'], { error: 'Registration type must be player or team' }).default('player'),
    teamId: z.coerce
      .number({ error: TEAM_ENTRY_TEXTS.teamRequired })
      .int({ error: TEAM_ENTRY_TEXTS.teamRequired })
      .positive({ error: TEAM_ENTRY_TEXTS.teamRequired })
      .max(Number.MAX_SAFE_INTEGER, { error: TEAM_ENTRY_TEXTS.teamRequired })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.registrationType === 'team' && body.teamId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['teamId'], message: TEAM_ENTRY_TEXTS.teamRequired });
    }
  });

/** POST /api/stripe/checkout/ticket (000 s7). */
export const ticketCheckoutSchema = z.object({
  tournamentId: tournamentIdField,
  tier: z.enum(ticketTierIds, { error: 'Ticket tier must be general, supporter or media_pass' }),
});

/** POST /api/stripe/verify-payment (001 s7): the return page's query parameters. */
export const verifyPaymentSchema = z.object({
  sessionId: z.string({ error: 'Invalid payment session' }).trim().min(1, { error: 'Invalid payment session' }).max(255),
  type: z.string().max(40).optional(),
  id: z.union([z.string().max(40), z.number()]).optional(),
});
