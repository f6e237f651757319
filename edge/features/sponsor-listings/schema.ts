import { z } from 'zod';
import { sponsorStatuses, type SponsorStatus } from '../../../db/schema/sponsors.ts';
import { freeText } from '../../lib/free-text.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { sponsorshipCheckoutSchema } from '../payments/schema.ts';

/**
 * Shapes of the Content tab's sponsor listings (D24): a paid sponsor shows on the tournament only once an admin
 * approves it; admins edit or hide it; a rejected listing's payment is refunded once. Zod and types only.
 */

export { NEXT_CURSOR_HEADER, sponsorStatuses, type SponsorStatus };

export const MAX_SPONSOR_PAGE = 100;

export const SPONSOR_TEXTS = {
  notFound: 'Sponsor listing not found',
  status: `Status must be one of ${sponsorStatuses.join(', ')}`,
  limit: `Limit must be a whole number from 1 to ${MAX_SPONSOR_PAGE}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
  reason: 'Reason Required',
  reasonTooLong: 'The reason must be at most 500 characters',
  rejected: 'This sponsor listing was rejected and its payment refunded; it cannot be shown again',
  cannotHide: (status: string) => `Only an approved listing can be hidden; this one is ${status}`,
} as const;

const T = SPONSOR_TEXTS;
const LOGO_MESSAGE = 'The logo must be an https:// image address or an uploaded image';

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
export type SponsorEdit = z.infer<typeof sponsorEditSchema>;

/** POST /api/admin/sponsors/{id}/reject */
export const sponsorRejectSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: T.reason })
    .min(1, { error: T.reason })
    .max(500, { error: T.reasonTooLong }),
});

/** One listing as the Content tab shows it. */
export interface AdminSponsor {
  id: number;
  tier: 'title' | 'gold' | 'silver' | 'bronze';
  companyName: string;
  website: string | null;
  description: string | null;
  logoUrl: string | null;
  status: SponsorStatus;
  rejectionReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
  tournament: { id: number; title: string } | null;
  /** The sponsorship payment behind a paid listing (null for one the league entered itself). */
  payment: {
    id: number;
    amountCents: number;
    status: string;
    refundStatus: 'pending' | 'succeeded' | 'failed' | null;
  } | null;
}
