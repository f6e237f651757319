import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { SUPPORT_MAX_LENGTH, SUPPORT_MIN_LENGTH, SUPPORT_TEXTS, supportTopics } from './constants.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** POST /api/support (D17): the /support form. */
export const supportRequestSchema = z.object({
  topic: z.enum(supportTopics, { error: SUPPORT_TEXTS.topic }),
  content: freeText({ label: 'Your message', multiline: true, error: SUPPORT_TEXTS.tooShort })
    .min(SUPPORT_MIN_LENGTH, { error: SUPPORT_TEXTS.tooShort })
    .max(SUPPORT_MAX_LENGTH, { error: SUPPORT_TEXTS.tooLong }),
  /** A checkout session id or similar the page was opened with; shown to the admins as-is. */
  reference: freeText({ label: 'The reference' }).max(200).optional(),
});
