import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXTS,
  MESSAGING_REFUSALS,
  RECIPIENT_SEARCH_DEFAULT,
  RECIPIENT_SEARCH_MAX,
} from './schema.ts';

// The bodies and queries the messages routes validate: the server's alone, kept out of schema.ts, which the app
// imports for its words and limits (ADR 069: a zod schema in a module the app imports ships in the app).

/** POST /api/messages/send. Content is cleaned and trimmed before the checks (001 s5). */
export const sendMessageSchema = z.object({
  recipientId: z
    .string({ error: MESSAGE_TEXTS.recipientRequired })
    .trim()
    .min(1, { error: MESSAGE_TEXTS.recipientRequired }),
  content: freeText({ label: 'Message', multiline: true, error: MESSAGE_TEXTS.empty })
    .min(1, { error: MESSAGE_TEXTS.empty })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_TEXTS.tooLong }),
  type: z.literal('general', { error: MESSAGE_TEXTS.type }).default('general'),
});

export type SendMessageInput = z.input<typeof sendMessageSchema>;

const searchText = z
  .string()
  .trim()
  .max(100, { error: 'Search must be 100 characters or less' })
  .optional()
  .transform((q) => (q ? q : undefined));

/** GET /api/messages/conversations: `q` filters by the other member's name, `cursor` continues the list. */
export const conversationListQuerySchema = z.object({
  q: searchText,
  cursor: z.string().max(200, { error: MESSAGING_REFUSALS.badCursor }).optional(),
});

/** GET /api/messages/conversation/{userId}: `before` reads the page of older messages. */
export const threadQuerySchema = z.object({
  before: z.string().max(40, { error: MESSAGING_REFUSALS.badCursor }).optional(),
});

/** GET /api/users/all: the New Message dialog's picker. */
export const recipientQuerySchema = z.object({
  q: searchText,
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${RECIPIENT_SEARCH_MAX}` })
    .int({ error: `Limit must be a whole number from 1 to ${RECIPIENT_SEARCH_MAX}` })
    .min(1, { error: `Limit must be a whole number from 1 to ${RECIPIENT_SEARCH_MAX}` })
    .max(RECIPIENT_SEARCH_MAX, { error: `Limit must be a whole number from 1 to ${RECIPIENT_SEARCH_MAX}` })
    .default(RECIPIENT_SEARCH_DEFAULT),
});

