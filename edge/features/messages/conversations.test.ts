import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversations, messageInboxes, messages } from '../../../db/schema/messages.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { ConversationSummary, Message } from './schema.ts';
import { insertMessages, json, person, sendTo, type Person } from './test-helpers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const list = async (p: Person, query = '') =>
  json<ConversationSummary[]>(await p.agent.get(`/api/messages/conversations${query}`), 200);
const thread = async (p: Person, other: Person | string, query = '') =>
  json<Message[]>(
    await p.agent.get(`/api/messages/conversation/${typeof other === 'string' ? other : other.id}${query}`),
    200,
  );
const unread = async (p: Person) =>
  (await json<{ count: number }>(await p.agent.get('/api/messages/unread-count'), 200)).count;

describe('GET /api/messages/conversations', () => {
  it('is 401 when signed out', async () => {
    expect(await json(await t.agent().get('/api/messages/conversations'), 401)).toEqual({ message: 'Unauthorized' });
  });

  it('answers an empty list before any message', async () => {
    expect(await list(await person(t))).toEqual([]);
  });

  it('summarises each conversation for each side: last message, sent or read, unread count, the other member', async () => {
    const ann = await person(t, { firstName: 'Ann', lastName: 'Lee' });
    const bob = await person(t, { firstName: 'Bob', lastName: 'Ray', role: 'owner' });
    const cat = await person(t, { firstName: 'Cat', lastName: 'Oh' });
    await json(await sendTo(bob, ann, 'Ready for Saturday?'), 201);
    t.advance(MINUTE);
    await json(await sendTo(bob, ann, 'Bring the waiver'), 201);
    t.advance(MINUTE);
    await json(await sendTo(ann, cat, '  See you at the gym  '), 201);

    const annList = await list(ann);
    expect(annList.map((c) => c.otherUser.firstName)).toEqual(['Cat', 'Bob']);
    expect(annList[0]).toEqual({
      otherUser: {
        id: cat.id,
        firstName: 'Cat',
        lastName: 'Oh',
        profileImageUrl: null,
        isVerified: false,
        role: 'player',
      },
      lastMessage: 'See you at the gym',
      lastMessageTime: new Date(NOW.getTime() + 2 * MINUTE).toISOString(),
      isRead: false,
      isSent: true,
      unreadCount: 0,
      blockedByMe: false,
      blocked: false,
    });
    expect(annList[1]).toMatchObject({
      otherUser: { id: bob.id, role: 'owner' },
      lastMessage: 'Bring the waiver',
      isSent: false,
      isRead: false,
      unreadCount: 2,
    });
    expect(await unread(ann)).toBe(2);
    const bobList = await list(bob);
    expect(bobList).toHaveLength(1);
    expect(bobList[0]).toMatchObject({ otherUser: { id: ann.id }, isSent: true, isRead: false, unreadCount: 0 });
    expect(await unread(bob)).toBe(0);

    // Ann opens Bob's thread: her unread count drops, and Bob's last message shows as read on his side.
    await thread(ann, bob);
    expect(await unread(ann)).toBe(0);
    expect((await list(ann))[1]).toMatchObject({ unreadCount: 0, isRead: true });
    expect((await list(bob))[0]).toMatchObject({ isSent: true, isRead: true });
  });

  it('pages 30 conversations at a time by a cursor, newest first, with none lost or repeated', async () => {
    const me = await person(t);
    const others: Person[] = [];
    for (let i = 0; i < 35; i += 1) others.push(await person(t, { firstName: `Other${String(i).padStart(2, '0')}` }));
    // Five share one time, to show the cursor's tie-break.
    await insertMessages(
      t,
      others.map((o, i) => ({ from: o.id, to: me.id, at: new Date(NOW.getTime() - (i < 5 ? 0 : i) * MINUTE) })),
    );
    const first = await me.agent.get('/api/messages/conversations');
    const page1 = await json<ConversationSummary[]>(first, 200);
    expect(page1).toHaveLength(30);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    const second = await me.agent.get(`/api/messages/conversations?cursor=${cursor}`);
    const page2 = await json<ConversationSummary[]>(second, 200);
    expect(page2).toHaveLength(5);
    expect(second.headers.get('X-Next-Cursor')).toBeNull();
    const ids = [...page1, ...page2].map((c) => c.otherUser.id);
    expect(new Set(ids).size).toBe(35);
    const times = [...page1, ...page2].map((c) => c.lastMessageTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('searches the other member’s name, any case, inside the caller’s own conversations only', async () => {
    const me = await person(t);
    const jo = await person(t, { firstName: 'Joanna', lastName: 'Price' });
    const max = await person(t, { firstName: 'Max', lastName: 'Johns' });
    const stranger = await person(t, { firstName: 'Joan', lastName: 'Stranger' });
    await insertMessages(t, [
      { from: jo.id, to: me.id },
      { from: max.id, to: me.id },
      { from: stranger.id, to: max.id },
    ]);
    expect((await list(me, '?q=JO')).map((c) => c.otherUser.id).sort()).toEqual([jo.id, max.id].sort());
    expect((await list(me, '?q=price')).map((c) => c.otherUser.id)).toEqual([jo.id]);
    expect(await list(me, '?q=stranger')).toEqual([]);
  });

  it('refuses a cursor it did not write and a search over 100 characters with 400', async () => {
    const me = await person(t);
    expect(await json(await me.agent.get('/api/messages/conversations?cursor=%%%'), 400)).toMatchObject({
      message: 'Invalid cursor',
    });
    expect((await me.agent.get(`/api/messages/conversations?q=${'a'.repeat(101)}`)).status).toBe(400);
  });

  it('answers an unchanged poll 304, and 200 again once a message arrives or is read', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await json(await sendTo(bob, ann, 'hi'), 201);
    const first = await ann.agent.get('/api/messages/conversations');
    await json(first, 200);
    const tag = first.headers.get('ETag')!;
    expect(tag).toMatch(/^W\/"/);
    const again = await ann.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await json(await sendTo(bob, ann, 'still there?'), 201);
    const changed = await ann.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': tag } });
    expect(changed.status).toBe(200);
    const tag2 = changed.headers.get('ETag')!;

    // Bob's list changes when Ann reads (his read tick), so his tag moves too.
    const bobFirst = await bob.agent.get('/api/messages/conversations');
    const bobTag = bobFirst.headers.get('ETag')!;
    await thread(ann, bob);
    expect((await bob.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': bobTag } })).status).toBe(
      200,
    );
    // Reading moved Ann's own version too; her next unchanged poll is a 304 on the new tag.
    const annNow = await ann.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': tag2 } });
    expect(annNow.status).toBe(200);
    const annTag = annNow.headers.get('ETag')!;
    expect((await ann.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': annTag } })).status).toBe(
      304,
    );
    // Another member's tag never matches.
    expect((await bob.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': annTag } })).status).toBe(
      200,
    );
  });
});

describe('GET /api/messages/conversation/{userId}', () => {
  it('is 401 signed out and 404 for a member who does not exist', async () => {
    const me = await person(t);
    expect((await t.agent().get(`/api/messages/conversation/${me.id}`)).status).toBe(401);
    expect(await json(await me.agent.get('/api/messages/conversation/nobody-here'), 404)).toEqual({
      message: 'Member not found',
    });
  });

  it('answers both sides’ messages oldest first, marks only the other side’s read, and is empty before any', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const cat = await person(t);
    expect(await thread(ann, bob)).toEqual([]);
    await json(await sendTo(bob, ann, 'one'), 201);
    t.advance(1000);
    await json(await sendTo(ann, bob, 'two'), 201);
    t.advance(1000);
    await json(await sendTo(bob, ann, 'three'), 201);
    await json(await sendTo(cat, ann, 'elsewhere'), 201);

    const seen = await thread(ann, bob);
    expect(seen.map((m) => m.content)).toEqual(['one', 'two', 'three']);
    expect(seen.map((m) => m.senderId)).toEqual([bob.id, ann.id, bob.id]);
    // The answer is read after marking: Bob's messages are read, Ann's own "two" waits for Bob.
    expect(seen.map((m) => m.read)).toEqual([true, false, true]);
    expect(await unread(ann)).toBe(1); // Cat's message is still unread.
    expect((await thread(bob, ann)).map((m) => m.read)).toEqual([true, true, true]);
  });

  it('pages a long thread by `before`, 50 at a time, newest page first', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await insertMessages(
      t,
      Array.from({ length: 120 }, (_, i) => ({
        from: i % 2 ? ann.id : bob.id,
        to: i % 2 ? bob.id : ann.id,
        body: `m${i}`,
      })),
    );
    const first = await ann.agent.get(`/api/messages/conversation/${bob.id}`);
    const page1 = await json<Message[]>(first, 200);
    expect(page1.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${70 + i}`));
    const c1 = first.headers.get('X-Next-Cursor')!;
    const second = await ann.agent.get(`/api/messages/conversation/${bob.id}?before=${c1}`);
    expect((await json<Message[]>(second, 200)).map((m) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${20 + i}`),
    );
    const c2 = second.headers.get('X-Next-Cursor')!;
    const third = await ann.agent.get(`/api/messages/conversation/${bob.id}?before=${c2}`);
    expect((await json<Message[]>(third, 200)).map((m) => m.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i}`),
    );
    expect(third.headers.get('X-Next-Cursor')).toBeNull();
    expect((await ann.agent.get(`/api/messages/conversation/${bob.id}?before=abc!`)).status).toBe(400);
  });

  it('answers an unchanged poll 304 and a new message 200', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await json(await sendTo(bob, ann, 'hi'), 201);
    const first = await ann.agent.get(`/api/messages/conversation/${bob.id}`);
    await json(first, 200);
    const tag = first.headers.get('ETag')!;
    expect(
      (await ann.agent.get(`/api/messages/conversation/${bob.id}`, { headers: { 'If-None-Match': tag } })).status,
    ).toBe(304);
    await json(await sendTo(bob, ann, 'again'), 201);
    const next = await ann.agent.get(`/api/messages/conversation/${bob.id}`, { headers: { 'If-None-Match': tag } });
    expect((await json<Message[]>(next, 200)).map((m) => m.content)).toEqual(['hi', 'again']);
    expect(await unread(ann)).toBe(0);
  });
});

describe('GET /api/messages/unread-count', () => {
  it('answers an unchanged poll 304', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await json(await sendTo(bob, ann, 'hi'), 201);
    const first = await ann.agent.get('/api/messages/unread-count');
    expect(await first.json()).toEqual({ count: 1 });
    const tag = first.headers.get('ETag')!;
    expect((await ann.agent.get('/api/messages/unread-count', { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });
});

describe('conversations and inboxes kept by the database (ADR 039)', () => {
  it('equal what the messages say after any sequence of sends, reads and deleted accounts', async () => {
    const people = [await person(t), await person(t), await person(t), await person(t)];
    const ids = people.map((p) => p.id);
    type Op = { kind: 'send'; from: number; to: number; read: boolean } | { kind: 'read'; by: number; of: number };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('send' as const), from: fc.nat(3), to: fc.nat(3), read: fc.boolean() }),
      fc.record({ kind: fc.constant('read' as const), by: fc.nat(3), of: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops: Op[]) => {
        await t.db.delete(messages);
        await t.db.delete(conversations);
        await t.db.delete(messageInboxes);
        for (const o of ops) {
          if (o.kind === 'send' && o.from !== o.to) {
            await insertMessages(t, [{ from: ids[o.from]!, to: ids[o.to]!, read: o.read }]);
          } else if (o.kind === 'read' && o.by !== o.of) {
            await thread(people[o.by]!, people[o.of]!);
          }
        }
        const all = await t.db.select().from(messages);
        for (const me of ids) {
          const [inbox] = await t.db.select().from(messageInboxes).where(eq(messageInboxes.userId, me));
          const unreadMine = all.filter((m) => m.recipientId === me && m.readAt === null).length;
          expect(inbox?.unread ?? 0).toBe(unreadMine);
          const rows = await t.db.select().from(conversations).where(eq(conversations.userId, me));
          const partners = new Set(
            all.flatMap((m) => (m.senderId === me ? [m.recipientId] : m.recipientId === me ? [m.senderId] : [])),
          );
          expect(new Set(rows.map((r) => r.otherUserId))).toEqual(partners);
          for (const row of rows) {
            const between = all.filter(
              (m) =>
                (m.senderId === me && m.recipientId === row.otherUserId) ||
                (m.senderId === row.otherUserId && m.recipientId === me),
            );
            expect(row.lastMessageId).toBe(Math.max(...between.map((m) => m.id)));
            expect(row.startedBy).toBe(between.reduce((a, b) => (a.id < b.id ? a : b)).senderId);
            expect(row.unreadCount).toBe(between.filter((m) => m.recipientId === me && m.readAt === null).length);
          }
        }
      }),
      { numRuns: 15 },
    );
    // A deleted account takes its messages, conversations and the unread counts they made.
    await t.db.delete(messages);
    await t.db.delete(conversations);
    await t.db.delete(messageInboxes);
    await insertMessages(t, [
      { from: ids[0]!, to: ids[1]! },
      { from: ids[2]!, to: ids[1]! },
    ]);
    const { users } = await import('../../../db/schema/users.ts');
    await t.db.delete(users).where(eq(users.id, ids[0]!));
    expect(await unread(people[1]!)).toBe(1);
    const [left] = await t.db.select({ n: count() }).from(conversations).where(eq(conversations.userId, ids[1]!));
    expect(left!.n).toBe(1);
  });
});
