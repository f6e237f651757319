import type { z } from 'zod';
import { sponsorStatuses, type SponsorStatus } from '../../../db/schema/sponsors.ts';
import type { sponsorEditSchema } from './requests.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

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

export const LOGO_MESSAGE = 'The logo must be an https:// image address or an uploaded image';

export type SponsorEdit = z.infer<typeof sponsorEditSchema>;

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
