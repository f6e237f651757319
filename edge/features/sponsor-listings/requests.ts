import { z } from 'zod';
import { sponsorStatuses } from '../../../db/schema/sponsors.ts';
import { freeText } from '../../lib/free-text.ts';
import { sponsorshipCheckoutSchema } from '../payments/schema.ts';
import { LOGO_MESSAGE, MAX_SPONSOR_PAGE, SPONSOR_TEXTS as T } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** GET /api/admin/sponsors?status=&cursor=&limit= */
export const sponsorListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(sponsorStatuses, { error: T.status }).optional()),
  limit: z.coerce
    .number({ error: T.limit })
    .int({ error: T.limit })
    .min(1, { error: T.limit })
    .max(MAX_SPONSOR_PAGE, { error: T.limit })
    .default(25),
  cursor: z.string({ error: T.cursor }).optional(),
});

/** PATCH /api/admin/sponsors/{id}: the listed name, text and link, with the sponsorship application's own messages. */
export const sponsorEditSchema = sponsorshipCheckoutSchema
  .pick({ companyName: true, website: true, description: true })
  .extend({
    // The logo: an https image address or an image stored by this server (/uploads/...); empty removes it.
    logoUrl: z
      .union(
        [
          z.literal(''),
          z.null(),
          z.url({ protocol: /^https$/, error: LOGO_MESSAGE }).max(500, { error: LOGO_MESSAGE }),
          z.string().regex(/^\/uploads\/[a-f0-9]{64}\.jpg$/, { error: LOGO_MESSAGE }),
        ],
        { error: LOGO_MESSAGE },
      )
      .optional()
      .transform((v) => (v ? v : null)),
  });

/** POST /api/admin/sponsors/{id}/reject */
export const sponsorRejectSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: T.reason })
    .min(1, { error: T.reason })
    .max(500, { error: T.reasonTooLong }),
});
