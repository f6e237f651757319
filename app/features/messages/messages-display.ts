import type { Role } from '../../../db/schema/users.ts';
import type { OutboxEntry } from '../../lib/outbox.ts';

/** What the Messages screen shows, as plain functions (001 s2, s5). */

/** The role badge of a conversation row: none for players (001 s2); admins destructive, owners primary. */
export function roleBadge(role: Role): { label: string; tone: 'danger' | 'accent' | 'neutral' } | null {
  switch (role) {
    case 'player':
      return null;
    case 'admin':
      return { label: 'Admin', tone: 'danger' };
    case 'super_admin':
      return { label: 'Super Admin', tone: 'danger' };
    case 'owner':
      return { label: 'Owner', tone: 'accent' };
    case 'fan':
      return { label: 'Fan', tone: 'neutral' };
  }
}

/** The last message of a row, with 'You: ' when the member sent it (001 s2). */
export function lastMessagePreview(lastMessage: string, isSent: boolean): string {
  const oneLine = lastMessage.replace(/\s+/g, ' ').trim();
  return isSent ? `You: ${oneLine}` : oneLine;
}

const timeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** A message's time as 'h:mm a' (001 s2): "9:05 AM". */
export function messageTime(value: string, timeZone?: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
    timeFormats.set(timeZone, format);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format.format(date).replace(/\u202f/g, ' ');
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always', style: 'short' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A row's relative time: "now", "5 min. ago", "3 hr. ago", "2 days ago", then the short date. */
export function conversationTime(value: string, now: Date): string {
  const date = new Date(value);
  const ms = now.getTime() - date.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < MINUTE) return 'now';
  if (ms < HOUR) return relative.format(-Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return relative.format(-Math.floor(ms / HOUR), 'hour');
  if (ms < 7 * DAY) return relative.format(-Math.floor(ms / DAY), 'day');
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** The count under the message box: "12/500". */
export function characterCount(text: string, max: number): string {
  return `${text.length}/${max}`;
}

/** Whether a key press in the message box sends: Enter alone sends, Shift+Enter adds a line (001 s2). */
export function sendsOnKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** The key event a message box's `onKeyDown` receives (React's KeyboardEvent, reduced to what is read here). */
export interface MessageBoxKeyEvent {
  key: string;
  shiftKey: boolean;
  nativeEvent: { isComposing: boolean };
  preventDefault: () => void;
}

/**
 * The `onKeyDown` of every message box, the thread's and New Message's (001 s2 says it of both): Enter calls `send`
 * instead of adding a line, Shift+Enter adds one, and Enter that ends an input method's composition does neither.
 */
export function sendOnEnter(send: () => void): (event: MessageBoxKeyEvent) => void {
  return (event) => {
    if (!sendsOnKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  };
}

/** A message waiting in the outbox for one recipient (D16): its text, and whether the server refused it. */
export interface PendingMessage {
  id: string;
  content: string;
  createdAt: number;
  failed: boolean;
  error: string | null;
}

/** The outbox entries that are messages to `recipientId`, oldest first (the outbox keeps creation order). */
export function pendingMessagesTo(entries: readonly OutboxEntry[] | null, recipientId: string): PendingMessage[] {
  if (!entries) return [];
  return entries.flatMap((entry) => {
    if (entry.kind !== 'message') return [];
    const body = entry.body as { recipientId?: unknown; content?: unknown } | null;
    if (body?.recipientId !== recipientId || typeof body.content !== 'string') return [];
    return [
      {
        id: entry.id,
        content: body.content,
        createdAt: entry.createdAt,
        failed: entry.state === 'failed',
        error: entry.lastError,
      },
    ];
  });
}
