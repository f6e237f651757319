import type { Role } from '../../../db/schema/users.ts';

/** The header carrying the next page's cursor, for the app's lists (ADR 025). */
export { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

/** Messages (001 s2, s3, s5, s7, s9; D27): the contract shared by the API, the Messages screen and the outbox. */

/** 001 s9: message length. */
export const MESSAGE_MAX_LENGTH = 500;

export const MESSAGE_TEXTS = {
  recipientRequired: 'Please select someone to send the message to',
  empty: 'Message cannot be empty',
  tooLong: 'Messages must be 500 characters or less',
  type: "Message type must be 'general'",
} as const;

/** D27's refusals, word for word where D27 gives them. */
export const MESSAGING_REFUSALS = {
  self: 'You cannot send a message to yourself',
  unknownRecipient: 'Recipient not found',
  unknownMember: 'Member not found',
  blocked: 'You cannot message this member',
  minor: 'This member can only receive messages from their team or in conversations they started',
  perMinute: 'You are sending messages too quickly. Wait a minute and try again.',
  perDay: 'You have reached the limit of 300 messages a day. Try again tomorrow.',
  newConversations: 'You can start at most 20 new conversations a day. Try again tomorrow.',
  blockSelf: 'You cannot block yourself',
  badCursor: 'Invalid cursor',
} as const;

/** D27: sending limits. */
export const MESSAGE_LIMITS = { perMinute: 30, perDay: 300, newConversationsPerDay: 20 } as const;

/** 001 s7 polling, 000 s9 badge. */
export const CONVERSATION_POLL_MS = 10_000;
export const THREAD_POLL_MS = 5_000;

/** Page sizes: a thread answers its newest 50 messages, older ones by `?before=`; the list 30 conversations. */
export const THREAD_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_SIZE = 30;
export const RECIPIENT_SEARCH_DEFAULT = 20;
export const RECIPIENT_SEARCH_MAX = 50;

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

/** A member as the conversation list and the picker show them. */
export interface MessagingMember {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isVerified: boolean;
  role: Role;
}

/** 001 s3: a conversation summary, plus D27's block state (either way, the composer is closed). */
export interface ConversationSummary {
  otherUser: MessagingMember;
  lastMessage: string;
  lastMessageTime: string;
  /** The last message has been read by its recipient. */
  isRead: boolean;
  /** The last message was sent by the caller. */
  isSent: boolean;
  unreadCount: number;
  /** The caller blocked the other member. */
  blockedByMe: boolean;
  /** Either member blocked the other: no messages either way (D27). */
  blocked: boolean;
}

/** GET /api/messages/member/{userId}: the thread's header (who, and D27's block state either way). */
export interface ConversationMember {
  member: MessagingMember;
  blockedByMe: boolean;
  blocked: boolean;
}

/** GET /api/messages/unread-count. */
export interface UnreadCount {
  count: number;
}

/** POST /api/messages/block/{userId} and DELETE: the block state after the call. */
export interface BlockState {
  userId: string;
  blocked: boolean;
}
