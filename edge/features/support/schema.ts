import type { z } from 'zod';
import type { supportRequestSchema } from './requests.ts';

export * from './constants.ts';

export type SupportRequestInput = z.input<typeof supportRequestSchema>;

/** What POST /api/support answers (201). */
export interface SupportRequestSent {
  id: number;
  /** How many league admins received it as a message. */
  sentTo: number;
  createdAt: string;
}
