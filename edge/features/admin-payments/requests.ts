import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import {
  ADMIN_PAYMENT_KINDS,
  ADMIN_PAYMENT_STATUSES,
  ADMIN_PAYMENT_TEXTS as T,
  DEFAULT_ADMIN_PAYMENTS_PAGE,
  MAX_ADMIN_PAYMENTS_PAGE,
} from './schema.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** POST /api/admin/payments/{id}/refund */
export const refundRequestSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: T.reason })
    .min(1, { error: T.reason })
    .max(500, { error: T.reason }),
});

/** GET /api/admin/payments query: every filter optional; `cursor` is the previous page's X-Next-Cursor. */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.preprocess(emptyToUndefined, z.enum(ADMIN_PAYMENT_STATUSES, { error: T.status }).optional()),
    kind: z.preprocess(emptyToUndefined, z.enum(ADMIN_PAYMENT_KINDS, { error: T.kind }).optional()),
    tournamentId: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: T.tournament })
        .int({ error: T.tournament })
        .positive({ error: T.tournament })
        .optional(),
    ),
    from: z.preprocess(emptyToUndefined, z.iso.date({ error: T.date }).optional()),
    to: z.preprocess(emptyToUndefined, z.iso.date({ error: T.date }).optional()),
    email: z.preprocess(
      emptyToUndefined,
      z.string().trim().toLowerCase().min(1, { error: T.email }).max(100, { error: T.email }).optional(),
    ),
    limit: z.coerce
      .number({ error: T.limit })
      .int({ error: T.limit })
      .min(1, { error: T.limit })
      .max(MAX_ADMIN_PAYMENTS_PAGE, { error: T.limit })
      .default(DEFAULT_ADMIN_PAYMENTS_PAGE),
    cursor: z.string({ error: T.cursor }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: T.range, path: ['from'] });
