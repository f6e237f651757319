import { z } from 'zod';
import { auditTargetTypes } from '../../../db/schema/audit.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

/** GET /api/admin/audit (D24): the append-only audit log as admins read it. Zod and types only (the panel imports them). */

export { auditTargetTypes, NEXT_CURSOR_HEADER };
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const MAX_AUDIT_PAGE = 100;
export const MAX_AUDIT_ACTIONS = 20;

export const AUDIT_TEXTS = {
  targetType: `targetType must be one of ${auditTargetTypes.join(', ')}`,
  targetId: 'targetId must be 1 to 64 characters',
  targetIdWithoutType: 'targetId needs a targetType',
  action: `action must be up to ${MAX_AUDIT_ACTIONS} action names separated by commas`,
  limit: `Limit must be a whole number from 1 to ${MAX_AUDIT_PAGE}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;

const T = AUDIT_TEXTS;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

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

export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One entry: who (null for the system), what, to whom, the value before and after (parsed JSON), when. */
export interface AuditLogItem {
  id: number;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
  actor: { id: string; firstName: string; lastName: string; email: string } | null;
  /** Set when the actor's account no longer exists (the log outlives its actors). */
  actorId: string | null;
}
