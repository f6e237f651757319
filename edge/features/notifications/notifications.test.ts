import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { MarkNotificationsReadResult, Notification } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function signedIn(): Promise<{ agent: TestAgent; id: string }> {
  const agent = t.agent();
  const res = await agent.register();
  expect(res.status).toBe(201);
  return { agent, id: ((await res.json()) as { id: string }).id };
}

function notify(
  userId: string,
  title: string,
  minutesAgo: number,
  fields: Partial<typeof notifications.$inferInsert> = {},
) {
  return {
    userId,
    kind: 'registration_confirmed',
    title,
    body: `${title} body`,
    createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE),
    ...fields,
  };
}

async function list(agent: TestAgent): Promise<Notification[]> {
  const res = await agent.get('/api/notifications');
  expect(res.status).toBe(200);
  return (await res.json()) as Notification[];
}

describe('GET /api/notifications', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.agent().get('/api/notifications');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('lists only the caller’s notifications, newest first, with every field', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await t.db
      .insert(notifications)
      .values([
        notify(alice.id, 'Old', 120, { read: true, link: '/tournaments/7' }),
        notify(bob.id, 'Bob only', 1),
        notify(alice.id, 'Newest', 5, { kind: 'team_invite' }),
        notify(alice.id, 'Middle', 60),
      ]);

    const aliceList = await list(alice.agent);
    expect(aliceList.map((n) => n.title)).toEqual(['Newest', 'Middle', 'Old']);
    expect(aliceList[0]).toEqual({
      id: expect.any(Number) as number,
      kind: 'team_invite',
      title: 'Newest',
      body: 'Newest body',
      link: null,
      read: false,
      createdAt: new Date(NOW.getTime() - 5 * MINUTE).toISOString(),
    });
    expect(aliceList[2]).toMatchObject({ title: 'Old', read: true, link: '/tournaments/7' });

    expect((await list(bob.agent)).map((n) => n.title)).toEqual(['Bob only']);
  });

  it('returns an empty list for a user with none', async () => {
    const { agent } = await signedIn();
    expect(await list(agent)).toEqual([]);
  });

  it('returns at most the 50 newest', async () => {
    const { agent, id } = await signedIn();
    await t.db.insert(notifications).values(Array.from({ length: 55 }, (_, i) => notify(id, `N${i}`, i)));
    const rows = await list(agent);
    expect(rows).toHaveLength(50);
    expect(rows[0]!.title).toBe('N0');
    expect(rows[49]!.title).toBe('N49');
  });

  it('orders notifications written at the same moment by the later-written first', async () => {
    const { agent, id } = await signedIn();
    await t.db.insert(notifications).values([notify(id, 'First written', 10), notify(id, 'Second written', 10)]);
    expect((await list(agent)).map((n) => n.title)).toEqual(['Second written', 'First written']);
  });
});

describe('PATCH /api/notifications/read', () => {
  it('answers 401 when signed out and changes nothing', async () => {
    const alice = await signedIn();
    await t.db.insert(notifications).values(notify(alice.id, 'Unread', 1));
    const res = await t.agent().patch('/api/notifications/read');
    expect(res.status).toBe(401);
    expect((await list(alice.agent))[0]!.read).toBe(false);
  });

  it('marks all of the caller’s unread notifications read and leaves other users’ alone', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await t.db
      .insert(notifications)
      .values([
        notify(alice.id, 'A1', 1),
        notify(alice.id, 'A2', 2),
        notify(alice.id, 'A3', 3, { read: true }),
        notify(bob.id, 'B1', 1),
      ]);

    const res = await alice.agent.patch('/api/notifications/read');
    expect(res.status).toBe(200);
    expect((await res.json()) as MarkNotificationsReadResult).toEqual({ updated: 2 });
    expect((await list(alice.agent)).every((n) => n.read)).toBe(true);
    expect((await list(bob.agent)).map((n) => n.read)).toEqual([false]);

    const again = await alice.agent.patch('/api/notifications/read');
    expect(await again.json()).toEqual({ updated: 0 });
  });

  it('refuses a cross-site request (no Origin) without marking anything', async () => {
    const owner = await signedIn();
    await t.db.insert(notifications).values(notify(owner.id, 'Keep unread', 1));
    // The same session cookie, sent by a caller that gives no Origin header.
    const crossSite = t.agent({ origin: null });
    for (const [k, v] of owner.agent.cookies) crossSite.cookies.set(k, v);
    const res = await crossSite.patch('/api/notifications/read');
    expect(res.status).toBe(403);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(row!.read).toBe(false);
  });
});
