import type { z } from 'zod';
import type { auditQuerySchema } from './requests.ts';
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
