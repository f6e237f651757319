import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { messages } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { BlockState, ConversationSummary, Message, MessagingMember } from './schema.ts';
import { insertMessages, json, person, sendTo, type Person } from './test-helpers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const BLOCKED = { message: 'You cannot message this member' };
const MINOR = { message: 'This member can only receive messages from their team or in conversations they started' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const stored = () => t.db.select().from(messages);
const picker = async (p: Person, query = '') =>
  json<MessagingMember[]>(await p.agent.get(`/api/users/all${query}`), 200);

describe('blocking (D27)', () => {
  it('stops messages both ways, hides each from the other’s picker, keeps the old conversation readable', async () => {
    const ann = await person(t, { firstName: 'Ann' });
    const bob = await person(t, { firstName: 'Bob' });
    await json(await sendTo(bob, ann, 'before the block'), 201);
    expect(await json<BlockState>(await ann.agent.post(`/api/messages/block/${bob.id}`), 200)).toEqual({
      userId: bob.id,
      blocked: true,
    });
    expect(await json(await sendTo(bob, ann, 'after'), 403)).toEqual(BLOCKED);
    expect(await json(await sendTo(ann, bob, 'after'), 403)).toEqual(BLOCKED);
    expect((await stored()).map((m) => m.body)).toEqual(['before the block']);
    expect((await picker(ann)).map((m) => m.id)).not.toContain(bob.id);
    expect((await picker(bob)).map((m) => m.id)).not.toContain(ann.id);
    const thread = await json<Message[]>(await ann.agent.get(`/api/messages/conversation/${bob.id}`), 200);
    expect(thread.map((m) => m.content)).toEqual(['before the block']);
    const [annSide] = await json<ConversationSummary[]>(await ann.agent.get('/api/messages/conversations'), 200);
    expect(annSide).toMatchObject({ blockedByMe: true, blocked: true });
    const [bobSide] = await json<ConversationSummary[]>(await bob.agent.get('/api/messages/conversations'), 200);
    expect(bobSide).toMatchObject({ blockedByMe: false, blocked: true });
    expect(await json(await bob.agent.get(`/api/messages/member/${ann.id}`), 200)).toEqual({
      member: {
        id: ann.id,
        firstName: 'Ann',
        lastName: expect.any(String) as string,
        profileImageUrl: null,
        isVerified: false,
        role: 'player',
      },
      blockedByMe: false,
      blocked: true,
    });
    expect(await json(await ann.agent.get(`/api/messages/member/${bob.id}`), 200)).toMatchObject({
      blockedByMe: true,
      blocked: true,
    });
    expect((await ann.agent.get('/api/messages/member/nobody')).status).toBe(404);
    expect((await t.agent().get(`/api/messages/member/${bob.id}`)).status).toBe(401);

    // Blocking again changes nothing; unblocking opens both ways again.
    await json(await ann.agent.post(`/api/messages/block/${bob.id}`), 200);
    expect(await json<BlockState>(await ann.agent.delete(`/api/messages/block/${bob.id}`), 200)).toEqual({
      userId: bob.id,
      blocked: false,
    });
    await json(await sendTo(bob, ann, 'friends again'), 201);
    expect((await picker(bob)).map((m) => m.id)).toContain(ann.id);
  });

  it('refuses blocking yourself (400), an unknown member (404), signed out (401), a cross-site request (403)', async () => {
    const ann = await person(t);
    const bob = await person(t);
    expect(await json(await ann.agent.post(`/api/messages/block/${ann.id}`), 400)).toEqual({
      message: 'You cannot block yourself',
    });
    expect(await json(await ann.agent.post('/api/messages/block/nobody'), 404)).toEqual({
      message: 'Member not found',
    });
    expect((await t.agent().post(`/api/messages/block/${bob.id}`)).status).toBe(401);
    const crossSite = t.agent({ origin: null });
    for (const [k, v] of ann.agent.cookies) crossSite.cookies.set(k, v);
    expect((await crossSite.post(`/api/messages/block/${bob.id}`)).status).toBe(403);
    await json(await sendTo(bob, ann, 'not blocked'), 201);
  });
});

describe('minors (D27)', () => {
  // 15 on NOW.
  const MINOR_DOB = '2011-06-01';

  async function teamOf(minor: Person) {
    const owner = await person(t, { role: 'owner', firstName: 'Olive' });
    const [team] = await t.db.insert(teams).values({ name: 'Gym Rats', ownerId: owner.id }).returning();
    const captain = await person(t, { firstName: 'Cap' });
    const coach = await person(t, { firstName: 'Coach' });
    const teammate = await person(t, { firstName: 'Mate' });
    await t.db.insert(teamMembers).values([
      { teamId: team!.id, userId: minor.id, position: 'player', joinedAt: NOW },
      { teamId: team!.id, userId: captain.id, position: 'captain', joinedAt: NOW },
      { teamId: team!.id, userId: coach.id, position: 'coach', joinedAt: NOW },
      { teamId: team!.id, userId: teammate.id, position: 'player', joinedAt: NOW },
    ]);
    return { owner, captain, coach, teammate };
  }

  it('a stranger’s first message is refused; the team’s owner, coach and captain and an admin get through', async () => {
    const minor = await person(t, { dateOfBirth: MINOR_DOB });
    const stranger = await person(t);
    const { owner, captain, coach, teammate } = await teamOf(minor);
    const admin = await person(t, { role: 'admin', email: 'ada@wta.local' });
    const foreignAdmin = await person(t, { role: 'admin', email: 'admin@elsewhere.example' });

    expect(await json(await sendTo(stranger, minor, 'hey kid'), 403)).toEqual(MINOR);
    expect(await json(await sendTo(teammate, minor, 'hi'), 403)).toEqual(MINOR);
    // Admin rights need the league's domain too (D6).
    expect(await json(await sendTo(foreignAdmin, minor, 'hi'), 403)).toEqual(MINOR);
    expect(await stored()).toEqual([]);
    for (const sender of [owner, captain, coach, admin]) await json(await sendTo(sender, minor, 'Practice at 6'), 201);
    expect(await stored()).toHaveLength(4);
  });

  it('a stranger may reply in a conversation the minor started, and only there', async () => {
    const minor = await person(t, { dateOfBirth: MINOR_DOB });
    const stranger = await person(t);
    const other = await person(t);
    await json(await sendTo(minor, stranger, 'Are you selling your spot?'), 201);
    await json(await sendTo(stranger, minor, 'Yes, it is yours if you want it'), 201);
    expect(await json(await sendTo(other, minor, 'me too'), 403)).toEqual(MINOR);
  });

  it('counts a member with no date of birth, or one who turned 18 today, as an adult', async () => {
    const stranger = await person(t);
    const noDob = await person(t, { dateOfBirth: null });
    const eighteenToday = await person(t, { dateOfBirth: '2008-11-21' });
    const eighteenTomorrow = await person(t, { dateOfBirth: '2008-11-22' });
    await json(await sendTo(stranger, noDob, 'hi'), 201);
    await json(await sendTo(stranger, eighteenToday, 'hi'), 201);
    expect(await json(await sendTo(stranger, eighteenTomorrow, 'hi'), 403)).toEqual(MINOR);
  });
});

describe('sending limits (D27)', () => {
  it('allows 30 messages a minute, refuses the 31st with 429 and stores nothing, and allows more a minute later', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await insertMessages(
      t,
      Array.from({ length: 30 }, () => ({ from: ann.id, to: bob.id, at: new Date(NOW.getTime() - 30_000) })),
    );
    const refused = await sendTo(ann, bob, 'one more');
    // The oldest of the 30 leaves the minute in 30 s: the answer says so, and the outbox waits that long.
    expect(refused.headers.get('Retry-After')).toBe('30');
    expect(await json(refused, 429)).toEqual({
      message: 'You are sending messages too quickly. Wait a minute and try again.',
    });
    expect(await stored()).toHaveLength(30);
    t.advance(29_000);
    expect((await sendTo(ann, bob, 'one more')).headers.get('Retry-After')).toBe('1');
    t.advance(2_000);
    await json(await sendTo(ann, bob, 'one more'), 201);
  });

  it('allows 300 messages a day', async () => {
    const ann = await person(t);
    const bob = await person(t);
    await insertMessages(
      t,
      Array.from({ length: 300 }, (_, i) => ({
        from: ann.id,
        to: bob.id,
        at: new Date(NOW.getTime() - DAY + (i + 1) * MINUTE),
      })),
    );
    const refused = await sendTo(ann, bob, 'more');
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await json(refused, 429)).toEqual({
      message: 'You have reached the limit of 300 messages a day. Try again tomorrow.',
    });
    t.advance(2 * MINUTE);
    await json(await sendTo(ann, bob, 'more'), 201);
  });

  it('allows 20 new conversations a day; replies in existing ones still go', async () => {
    const ann = await person(t);
    const others: Person[] = [];
    for (let i = 0; i < 21; i += 1) others.push(await person(t));
    for (const other of others.slice(0, 20)) {
      await json(await sendTo(ann, other, 'hello'), 201);
      t.advance(2500); // under 30 a minute
    }
    const refused = await sendTo(ann, others[20]!, 'hello');
    // The first of the 20 was started 20 x 2.5 s ago: it leaves the day in 24 h less 50 s.
    expect(refused.headers.get('Retry-After')).toBe(String(DAY / 1000 - 50));
    expect(await json(refused, 429)).toEqual({
      message: 'You can start at most 20 new conversations a day. Try again tomorrow.',
    });
    await json(await sendTo(ann, others[0]!, 'and again'), 201);
    // A conversation someone else started does not count.
    const stranger = await person(t);
    await json(await sendTo(stranger, ann, 'hi Ann'), 201);
    await json(await sendTo(ann, stranger, 'hi'), 201);
    t.advance(DAY);
    await json(await sendTo(ann, others[20]!, 'hello'), 201);
  });
});

describe('GET /api/users/all (the recipient picker)', () => {
  it('is 401 signed out', async () => {
    expect((await t.agent().get('/api/users/all')).status).toBe(401);
  });

  it('finds members by a prefix of the full or last name, in name order, never the caller, at most `limit`', async () => {
    const me = await person(t, { firstName: 'Sam', lastName: 'Smith' });
    const a = await person(t, { firstName: 'Sandra', lastName: 'Oak' });
    const b = await person(t, { firstName: 'Alex', lastName: 'Sanders' });
    await person(t, { firstName: 'Zed', lastName: 'Quinn' });
    expect((await picker(me, '?q=SA')).map((m) => m.id)).toEqual([b.id, a.id]);
    expect((await picker(me, '?q=sandra o')).map((m) => m.id)).toEqual([a.id]);
    expect(await picker(me, '?q=nobody')).toEqual([]);
    expect((await picker(me)).map((m) => m.firstName)).toEqual(['Alex', 'Sandra', 'Zed']);
    expect(await picker(me, '?limit=1')).toHaveLength(1);
    expect((await picker(me, '?q=sa'))[0]).toEqual({
      id: b.id,
      firstName: 'Alex',
      lastName: 'Sanders',
      profileImageUrl: null,
      isVerified: false,
      role: 'player',
    });
  });

  it('hides suspended and banned members and refuses a bad limit', async () => {
    const me = await person(t);
    const banned = await person(t, { firstName: 'Banned' });
    const suspended = await person(t, { firstName: 'Suspended' });
    const served = await person(t, { firstName: 'Served' });
    await t.db.insert(memberStandings).values([
      { userId: banned.id, bannedAt: NOW, updatedAt: NOW },
      { userId: suspended.id, suspendedUntil: new Date(NOW.getTime() + DAY), updatedAt: NOW },
      { userId: served.id, suspendedUntil: new Date(NOW.getTime() - DAY), updatedAt: NOW },
    ]);
    expect((await picker(me)).map((m) => m.firstName)).toEqual(['Served']);
    for (const limit of ['0', '51', 'x', '1.5'])
      expect((await me.agent.get(`/api/users/all?limit=${limit}`)).status).toBe(400);
  });
});

describe('support requests (D17) arrive as conversations admins answer', () => {
  it('shows the request in the admin’s list, unread, and the admin’s reply reaches the member', async () => {
    const admin = await person(t, { role: 'admin', email: 'ada@wta.local' });
    const memberP = await person(t, { firstName: 'Needy' });
    await json(
      await memberP.agent.post('/api/support', {
        topic: 'payment',
        content: 'My payment failed but I was charged twice.',
      }),
      201,
    );
    const [row] = await json<ConversationSummary[]>(await admin.agent.get('/api/messages/conversations'), 200);
    expect(row).toMatchObject({ otherUser: { id: memberP.id, firstName: 'Needy' }, unreadCount: 1, isSent: false });
    expect(row!.lastMessage).toContain('My payment failed');
    await json(await sendTo(admin, memberP, 'Refunded, sorry about that.'), 201);
    const [mine] = await json<ConversationSummary[]>(await memberP.agent.get('/api/messages/conversations'), 200);
    expect(mine).toMatchObject({
      otherUser: { id: admin.id, role: 'admin' },
      lastMessage: 'Refunded, sorry about that.',
      unreadCount: 1,
    });
  });
});

describe('reporting a message (D27 -> D24)', () => {
  it('turns a reported message into an open incident about its sender', async () => {
    const ann = await person(t);
    const bob = await person(t);
    const sent = await json<Message>(await sendTo(bob, ann, 'something rude'), 201);
    const { id } = await json<{ id: number }>(
      await ann.agent.post('/api/incidents/report', {
        memberId: bob.id,
        description: 'Rude message',
        messageId: sent.id,
      }),
      201,
    );
    const admin = await person(t, { role: 'admin', email: 'ada@wta.local' });
    const page = await json<{
      incidents: { id: number; messageId: number | null; status: string; member: { id: string } }[];
    }>(await admin.agent.get('/api/admin/incidents'), 200);
    expect(page.incidents.find((i) => i.id === id)).toMatchObject({
      messageId: sent.id,
      status: 'open',
      member: { id: bob.id },
    });
  });
});
