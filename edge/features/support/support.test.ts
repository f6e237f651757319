import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../db/schema/messages.ts';
import { supportRequests } from '../../../db/schema/support.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member } from '../payments/test-helpers.ts';
import type { SupportRequestSent } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const MINUTE = 60 * 1000;
const valid = { topic: 'payment', content: 'My Supporter Pass payment failed but the card was charged.' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const inboxOf = (userId: string) => t.db.select().from(messages).where(eq(messages.recipientId, userId));

describe('POST /api/support (D17)', () => {
  it('is 401 when signed out and stores nothing', async () => {
    expect(await json(await t.agent().post('/api/support', valid), 401)).toEqual({ message: 'Unauthorized' });
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
  });

  it('delivers the request to every league admin, and only to them', async () => {
    const admin = await member(t, { role: 'admin', email: 'ada@wta.local' });
    const superAdmin = await member(t, { role: 'super_admin', email: 'sam@WTA.local' });
    const foreign = await member(t, { role: 'admin', email: 'admin@other-league.example' });
    const player = await member(t);
    const fan = await member(t, { role: 'fan', email: 'fran@example.test' });

    const sent = await json<SupportRequestSent>(
      await fan.agent.post('/api/support', { ...valid, reference: 'cs_test_123' }),
      201,
    );
    expect(sent).toMatchObject({ sentTo: 2, createdAt: NOW.toISOString() });

    for (const recipient of [admin, superAdmin]) {
      const inbox = await inboxOf(recipient.id);
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.senderId).toBe(fan.id);
      expect(inbox[0]!.body).toContain('Support request: A payment or checkout [ref cs_test_123], from Pat Member');
      expect(inbox[0]!.body).toContain('<fran@example.test>');
      expect(inbox[0]!.body).toContain(valid.content);
    }
    expect(await inboxOf(foreign.id)).toHaveLength(0);
    expect(await inboxOf(player.id)).toHaveLength(0);
    const [stored] = await t.db.select().from(supportRequests);
    expect(stored).toMatchObject({ id: sent.id, userId: fan.id, topic: 'payment', reference: 'cs_test_123' });
  });

  it('refuses bad input with the field message and changes nothing', async () => {
    await member(t, { role: 'admin', email: 'ada@wta.local' });
    const player = await member(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: valid.content }, 'Please choose a topic'],
      [{ topic: 'refund-me-now', content: valid.content }, 'Please choose a topic'],
      [{ topic: 'other', content: '   too short        ' }, 'Please describe the problem in at least 20 characters'],
      [{ topic: 'other', content: 'x'.repeat(501) }, 'Messages must be 500 characters or less'],
    ];
    for (const [body, message] of cases) {
      expect(await json<{ message: string }>(await player.agent.post('/api/support', body), 400)).toMatchObject({ message });
    }
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
    expect(await t.db.select().from(messages)).toHaveLength(0);
  });

  it('says so when no league admin can receive it, and an admin never messages only themselves', async () => {
    const player = await member(t);
    expect(await json(await player.agent.post('/api/support', valid), 503)).toEqual({
      message: 'No league admin can receive messages right now. Please try again later.',
    });
    const admin = await member(t, { role: 'admin', email: 'ada@wta.local' });
    expect((await admin.agent.post('/api/support', valid)).status).toBe(503);
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
  });

  it('allows 5 requests an hour per member, then 429 until the hour has passed', async () => {
    const admin = await member(t, { role: 'admin', email: 'ada@wta.local' });
    const player = await member(t);
    for (let i = 0; i < 5; i += 1) expect((await player.agent.post('/api/support', valid)).status).toBe(201);
    expect(await json(await player.agent.post('/api/support', valid), 429)).toEqual({
      message: 'You have sent 5 support requests in the last hour. Please wait before sending another.',
    });
    // Another member is not limited by this one.
    expect((await (await member(t)).agent.post('/api/support', valid)).status).toBe(201);
    t.advance(61 * MINUTE);
    expect((await player.agent.post('/api/support', valid)).status).toBe(201);
    expect(await inboxOf(admin.id)).toHaveLength(7);
  });
});
