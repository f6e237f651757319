import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { SUPPORT_MAX_LENGTH, SUPPORT_MIN_LENGTH, SUPPORT_TEXTS, supportTopics } from './constants.ts';

export * from './constants.ts';

/** POST /api/support (D17): the /support form. */
export const supportRequestSchema = z.object({
  topic: z.enum(supportTopics, { error: SUPPORT_TEXTS.topic }),
  content: freeText({ label: 'Your message', multiline: true, error: SUPPORT_TEXTS.tooShort })
    .min(SUPPORT_MIN_LENGTH, { error: SUPPORT_TEXTS.tooShort })
    .max(SUPPORT_MAX_LENGTH, { error: SUPPORT_TEXTS.tooLong }),
  /** A checkout session id or similar the page was opened with; shown to the admins as-is. */
  reference: freeText({ label: 'The reference' }).max(200).optional(),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;

/** What POST /api/support answers (201). */
export interface SupportRequestSent {
  id: number;
  /** How many league admins received it as a message. */
  sentTo: number;
  createdAt: string;
}
