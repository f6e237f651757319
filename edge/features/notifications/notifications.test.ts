import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { MarkNotificationsReadResult, Notification } from './schema.ts';
import { notificationsStatement } from './service.ts';

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

  it('pages 50 at a time by X-Next-Cursor: every notification once, none after the last page', async () => {
    const { agent, id } = await signedIn();
    // 120, several written at the same moment so a page boundary falls inside a tie.
    await t.db
      .insert(notifications)
      .values(Array.from({ length: 120 }, (_, i) => notify(id, `N${i}`, Math.floor(i / 3))));
    const first = await agent.get('/api/notifications');
    const firstRows = (await first.json()) as Notification[];
    expect(firstRows).toHaveLength(50);
    expect(firstRows[0]!.title).toBe('N2'); // the later-written of the newest minute's three
    const seen = [...firstRows];
    let cursor = first.headers.get('X-Next-Cursor');
    let pages = 1;
    while (cursor) {
      // A notification arriving meanwhile does not shift the next page.
      await t.db.insert(notifications).values(notify(id, `Arrived ${pages}`, -1));
      const res = await agent.get(`/api/notifications?cursor=${cursor}`);
      expect(res.status).toBe(200);
      seen.push(...((await res.json()) as Notification[]));
      cursor = res.headers.get('X-Next-Cursor');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen.map((n) => n.title).sort()).toEqual(Array.from({ length: 120 }, (_, i) => `N${i}`).sort());
    expect(new Set(seen.map((n) => n.id)).size).toBe(120);
  });

  it('refuses a cursor it did not write with 400', async () => {
    const { agent } = await signedIn();
    const res = await agent.get('/api/notifications?cursor=not-a-cursor!');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Cursor must be the X-Next-Cursor of an earlier page, unchanged' });
  });

  it('reads a page along notifications_user_idx', async () => {
    const { id } = await signedIn();
    const { sql, params } = notificationsStatement(t.db, id, { at: NOW.getTime(), id: 5 }).toSQL();
    const plan = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never[] });
    const detail = plan.rows.map((r) => String(r.detail)).join(' | ');
    expect(detail).toContain('notifications_user_idx');
    expect(detail).not.toContain('TEMP B-TREE');
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
