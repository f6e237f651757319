import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BlockState,
  ConversationMember,
  ConversationSummary,
  Message,
  MessagingMember,
} from '../../../edge/features/messages/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/messages/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { deliverNow, type DeliveryOutcome } from '../../lib/outbox-send.ts';
import { enqueue } from '../../lib/outbox-store.ts';

export type { BlockState, ConversationMember, ConversationSummary, Message, MessagingMember };

/** What a delivered message refreshes: the list, every thread, and the shell's badge. */
export const MESSAGE_REFRESHES = [
  '/api/messages/conversations',
  '/api/messages/conversation',
  '/api/messages/unread-count',
  '/api/messages/member',
];

/** GET /api/messages/member/{userId}: the thread's header and block state. */
export const conversationMemberQueryOptions = (userId: string) =>
  queryOptions<ConversationMember>({ queryKey: ['/api/messages/member', userId] });

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

async function readPage<T>(url: string, signal: AbortSignal, client: QueryClient): Promise<Page<T>> {
  const res = await apiGet(url, { signal, client });
  return { items: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

/**
 * GET /api/messages/conversations (001 s7), a page at a time; `q` searches the other member's name on the server.
 * The browser revalidates each poll with the ETag, so an unchanged list costs a 304 (ADR 039).
 */
export const conversationsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/messages/conversations', q] as const,
    queryFn: ({ pageParam, signal, client }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return readPage<ConversationSummary>(`/api/messages/conversations${query ? `?${query}` : ''}`, signal, client);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/messages/conversation/{userId}: the newest page first, older pages by `?before=`. Marks theirs read. */
export const threadQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/messages/conversation', userId] as const,
    queryFn: ({ pageParam, signal, client }) =>
      readPage<Message>(
        `/api/messages/conversation/${encodeURIComponent(userId)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
        client,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/users/all: the New Message dialog's picker, searched on the server (empty list on failure, 001 s7). */
export const recipientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['/api/users/all', q] as const,
    queryFn: async ({ signal, client }): Promise<MessagingMember[]> => {
      try {
        const params = new URLSearchParams({ limit: '20' });
        if (q) params.set('q', q);
        return (await (
          await apiGet(`/api/users/all?${params.toString()}`, { signal, client })
        ).json()) as MessagingMember[];
      } catch (error) {
        if (signal.aborted) throw error;
        return [];
      }
    },
    staleTime: 30_000,
  });

export type MessageSendOutcome =
  | { state: 'sent'; message: Message | null }
  | { state: 'queued' }
  | { state: 'refused'; message: string };

/**
 * POST /api/messages/send, always through the durable outbox (D16): queued with its client id, then sent at once.
 * Sent, or waiting for the signal ('Waiting to send'), or refused: a refused entry stays in the outbox as failed, so
 * the thread shows why beside the message and offers Retry and Discard.
 */
export async function sendMessage(recipientId: string, content: string, userId: string): Promise<MessageSendOutcome> {
  const entry = await enqueue({
    kind: 'message',
    method: 'POST',
    url: '/api/messages/send',
    body: { recipientId, content, type: 'general' },
    userId,
    invalidates: MESSAGE_REFRESHES,
  });
  const outcome: DeliveryOutcome = await deliverNow(entry.id);
  if (outcome.state === 'delivered') return { state: 'sent', message: outcome.response as Message | null };
  if (outcome.state === 'refused') return { state: 'refused', message: outcome.message };
  return { state: 'queued' };
}

/** POST or DELETE /api/messages/block/{userId} (D27). */
export async function setBlocked(userId: string, blocked: boolean): Promise<BlockState> {
  const res = await apiRequest(blocked ? 'POST' : 'DELETE', `/api/messages/block/${encodeURIComponent(userId)}`);
  return (await res.json()) as BlockState;
}

/** POST /api/incidents/report with the message (D27 -> D24): the report reaches the admins' Incidents tab. */
export async function reportMessage(memberId: string, messageId: number, description: string): Promise<void> {
  await apiRequest('POST', '/api/incidents/report', { memberId, messageId, description });
}
