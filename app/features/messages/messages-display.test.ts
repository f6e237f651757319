import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../lib/outbox.ts';
import {
  characterCount,
  conversationTime,
  lastMessagePreview,
  messageTime,
  pendingMessagesTo,
  roleBadge,
  sendOnEnter,
  sendsOnKey,
} from './messages-display.ts';

describe('the Messages screen’s texts', () => {
  it('badges every role but players, admins as destructive and owners as primary', () => {
    expect(roleBadge('player')).toBeNull();
    expect(roleBadge('admin')).toEqual({ label: 'Admin', tone: 'danger' });
    expect(roleBadge('super_admin')).toEqual({ label: 'Super Admin', tone: 'danger' });
    expect(roleBadge('owner')).toEqual({ label: 'Owner', tone: 'accent' });
    expect(roleBadge('fan')).toEqual({ label: 'Fan', tone: 'neutral' });
  });

  it('prefixes the member’s own last message with "You: " and keeps it on one line', () => {
    expect(lastMessagePreview('See you\nat 6', true)).toBe('You: See you at 6');
    expect(lastMessagePreview('Bring the waiver', false)).toBe('Bring the waiver');
  });

  it('writes times as h:mm a', () => {
    expect(messageTime('2026-11-21T09:05:00Z', 'UTC')).toBe('9:05 AM');
    expect(messageTime('2026-11-21T21:30:00Z', 'UTC')).toBe('9:30 PM');
    expect(messageTime('nonsense', 'UTC')).toBe('');
  });

  it('writes a row’s time relative to now, then as a date', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(conversationTime('2026-11-21T11:59:30Z', now)).toBe('now');
    expect(conversationTime('2026-11-21T11:55:00Z', now)).toBe('5 min. ago');
    expect(conversationTime('2026-11-21T09:00:00Z', now)).toBe('3 hr. ago');
    expect(conversationTime('2026-11-19T12:00:00Z', now)).toBe('2 days ago');
    expect(conversationTime('2026-11-01T12:00:00Z', now)).toMatch(/^Nov 1$/);
  });

  it('counts characters and sends on Enter but not Shift+Enter or while composing', () => {
    expect(characterCount('hello', 500)).toBe('5/500');
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('gives every message box one Enter handler: it sends and keeps the line break out, Shift+Enter types one', () => {
    let sent = 0;
    const onKeyDown = sendOnEnter(() => (sent += 1));
    const press = (key: string, shiftKey = false, isComposing = false) => {
      let prevented = false;
      onKeyDown({ key, shiftKey, nativeEvent: { isComposing }, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(press('Enter')).toBe(true);
    expect(sent).toBe(1);
    expect(press('Enter', true)).toBe(false);
    expect(press('Enter', false, true)).toBe(false);
    expect(press('x')).toBe(false);
    expect(sent).toBe(1);
  });

  it('lists the outbox’s messages to one recipient in order, with refusals', () => {
    const entry = (id: string, fields: Partial<OutboxEntry>): OutboxEntry => ({
      id,
      kind: 'message',
      method: 'POST',
      url: '/api/messages/send',
      body: { recipientId: 'bob', content: id, type: 'general' },
      userId: 'ann',
      createdAt: 1,
      seq: 1,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'waiting',
      lastError: null,
      ...fields,
    });
    const pending = pendingMessagesTo(
      [
        entry('a', {}),
        entry('w', { kind: 'waiver', body: {} }),
        entry('c', { body: { recipientId: 'cat', content: 'c' } }),
        entry('b', { state: 'failed', lastError: 'You cannot message this member' }),
      ],
      'bob',
    );
    expect(pending.map((p) => [p.content, p.failed, p.error])).toEqual([
      ['a', false, null],
      ['b', true, 'You cannot message this member'],
    ]);
    expect(pendingMessagesTo(null, 'bob')).toEqual([]);
  });
});
