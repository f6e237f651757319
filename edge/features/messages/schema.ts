import { z } from 'zod';

/** Messages (001 s2, s3, s5, s7, s9): the send contract shared by the API, the New Message dialog and the outbox. */

/** 001 s9: message length. */
export const MESSAGE_MAX_LENGTH = 500;

export const MESSAGE_TEXTS = {
  recipientRequired: 'Please select someone to send the message to',
  empty: 'Message cannot be empty',
  tooLong: 'Messages must be 500 characters or less',
  type: "Message type must be 'general'",
} as const;

/** POST /api/messages/send. Content is trimmed before the checks (001 s5). */
export const sendMessageSchema = z.object({
  recipientId: z
    .string({ error: MESSAGE_TEXTS.recipientRequired })
    .trim()
    .min(1, { error: MESSAGE_TEXTS.recipientRequired }),
  content: z
    .string({ error: MESSAGE_TEXTS.empty })
    .trim()
    .min(1, { error: MESSAGE_TEXTS.empty })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_TEXTS.tooLong }),
  type: z.literal('general', { error: MESSAGE_TEXTS.type }).default('general'),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** 001 s3: a message as the API answers it. */
export interface Message {
  id: number;
  senderId: string;
  recipientId: string;
  content: string;
  type: 'general';
  createdAt: string;
  read: boolean;
}
