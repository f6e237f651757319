/** D17's support contact: plain values for the /support page (no zod on its first load, ADR 017). */

export const supportTopics = ['payment', 'registration', 'tickets', 'waiver', 'account', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];

export const supportTopicLabels: Record<SupportTopic, string> = {
  payment: 'A payment or checkout',
  registration: 'Tournament registration',
  tickets: 'Tickets',
  waiver: 'The liability waiver',
  account: 'My account',
  other: 'Something else',
};

/** The same length as a message (001 s9): the request is delivered to the admins as one. */
export const SUPPORT_MIN_LENGTH = 20;
export const SUPPORT_MAX_LENGTH = 500;
/** Enough for a member with a real problem; not enough to flood every admin's inbox. */
export const SUPPORT_HOURLY_LIMIT = 5;

export const SUPPORT_TEXTS = {
  topic: 'Please choose a topic',
  tooShort: `Please describe the problem in at least ${SUPPORT_MIN_LENGTH} characters`,
  tooLong: `Messages must be ${SUPPORT_MAX_LENGTH} characters or less`,
  limited: `You have sent ${SUPPORT_HOURLY_LIMIT} support requests in the last hour. Please wait before sending another.`,
  noAdmins: 'No league admin can receive messages right now. Please try again later.',
} as const;
