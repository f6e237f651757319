import { z } from 'zod';
import { auditTargetTypes } from '../../../db/schema/audit.ts';
import { AUDIT_TEXTS as T, MAX_AUDIT_ACTIONS, MAX_AUDIT_PAGE } from './schema.ts';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

export const auditQuerySchema = z
  .object({
    targetType: z.preprocess(blankToUndefined, z.enum(auditTargetTypes, { error: T.targetType }).optional()),
    targetId: z.preprocess(
      blankToUndefined,
      z.string().min(1, { error: T.targetId }).max(64, { error: T.targetId }).optional(),
    ),
    // One action, or several separated by commas ("payout.paid,payout.void").
    action: z.preprocess(
      blankToUndefined,
      z
        .string({ error: T.action })
        .max(600, { error: T.action })
        .transform((s) => s.split(',').map((a) => a.trim()))
        .pipe(
          z
            .array(z.string().regex(/^[a-zA-Z_.]{1,40}$/, { error: T.action }))
            .min(1)
            .max(MAX_AUDIT_ACTIONS, { error: T.action }),
        )
        .optional(),
    ),
    limit: z.coerce
      .number({ error: T.limit })
      .int({ error: T.limit })
      .min(1, { error: T.limit })
      .max(MAX_AUDIT_PAGE, { error: T.limit })
      .default(25),
    cursor: z.string({ error: T.cursor }).optional(),
  })
  .refine((q) => q.targetId === undefined || q.targetType !== undefined, {
    error: T.targetIdWithoutType,
    path: ['targetId'],
  });
