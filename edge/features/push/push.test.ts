import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { pushQueue, pushSubscriptions } from '../../../db/schema/push.ts';
import { loadConfig } from '../../lib/config.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';
import { FAKE_PUSH_HOST, fakePushService, type FakeDevice } from './fake-push-service.ts';
import { generateVapidKeys } from './vapid-keys.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const SUBJECT = 'mailto:league@wta.test';
let vapid: { publicKey: string; privateKey: string };
beforeAll(async () => {
  vapid = await generateVapidKeys();
});

let t: TestApp;
let service: ReturnType<typeof fakePushService>;
afterEach(() => t.cleanup());

async function pushApp(options: { configured?: boolean; afterWrites?: boolean } = {}) {
  service = fakePushService();
  t = await createTestApp({
    now: NOW,
    env:
      options.configured === false
        ? {}
        : { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT },
    deps: { pushFetch: service.fetch, pushHosts: [FAKE_PUSH_HOST], pushAfterWrites: options.afterWrites ?? false },
  });
}

async function subscribed(member: TestMember): Promise<FakeDevice> {
  const device = await service.device();
  const res = await member.agent.post('/api/push/subscriptions', device.subscription);
  expect(res.status, await res.clone().text()).toBe(201);
  return device;
}

const send = (from: TestMember, to: TestMember, content: string) =>
  from.agent.post('/api/messages/send', { recipientId: to.id, content, type: 'general' });

const subscriptionCount = async () => (await t.db.select().from(pushSubscriptions)).length;
const queued = async () => t.db.select().from(pushQueue);

describe('GET /api/push/public-key and turning notifications on (D28)', () => {
  it('without VAPID keys says so (503) and stores no subscription', async () => {
    await pushApp({ configured: false });
    const res = await t.request('/api/push/public-key');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Push notifications are not configured on this server' });
    const ann = await t.member();
    const refused = await ann.agent.post('/api/push/subscriptions', (await service.device()).subscription);
    expect(refused.status).toBe(503);
    expect(await subscriptionCount()).toBe(0);
  });

  it('answers the public key, and keeps one subscription per endpoint and per signed-in device', async () => {
    await pushApp();
    expect(await (await t.request('/api/push/public-key')).json()).toEqual({ publicKey: vapid.publicKey });
    const ann = await t.member();
    const first = await subscribed(ann);
    // The same browser again (new keys after a reinstall): still one row.
    const again = await ann.agent.post('/api/push/subscriptions', first.subscription);
    expect(again.status).toBe(201);
    expect(await subscriptionCount()).toBe(1);
    // A new endpoint from the same session replaces the old one.
    const second = await subscribed(ann);
    const rows = await t.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.endpoint)).toEqual([second.endpoint]);
  });

  it('refuses a guest, an endpoint off the push services, and bad keys, storing nothing', async () => {
    await pushApp();
    const device = await service.device();
    expect((await t.agent().post('/api/push/subscriptions', device.subscription)).status).toBe(401);
    const ann = await t.member();
    const refusals: [unknown, string][] = [
      [{ ...device.subscription, endpoint: 'https://attacker.example/collect' }, 'This push service is not supported'],
      [{ ...device.subscription, endpoint: `http://${FAKE_PUSH_HOST}/send/1` }, 'This push service is not supported'],
      [{ ...device.subscription, endpoint: `https://${FAKE_PUSH_HOST}:8443/x` }, 'This push service is not supported'],
      [{ ...device.subscription, endpoint: 'not a url' }, 'This push service is not supported'],
      [
        { ...device.subscription, keys: { p256dh: 'short', auth: device.subscription.keys.auth } },
        'The subscription keys are not valid',
      ],
      [{ endpoint: device.endpoint }, 'The subscription keys are not valid'],
      // The right length and alphabet, but not a point on the curve.
      [
        { ...device.subscription, keys: { p256dh: `B${'A'.repeat(86)}`, auth: device.subscription.keys.auth } },
        'The subscription keys are not valid',
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await ann.agent.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await subscriptionCount()).toBe(0);
  });
});

describe('delivery (D28)', () => {
  it('pushes a new message encrypted (aes128gcm, RFC 8291) with VAPID, TTL one day, opening its thread', async () => {
    await pushApp();
    const ann = await t.member({ firstName: 'Ann', lastName: 'Lee' });
    const bob = await t.member({ firstName: 'Bob', lastName: 'Ray' });
    const phone = await subscribed(ann);
    expect((await send(bob, ann, 'Court 3 at noon?')).status).toBe(201);
    expect(await queued()).toHaveLength(1);
    expect(await t.push()).toEqual({ pushed: 1, removed: 0, requeued: 0 });
    expect(service.received).toEqual([
      {
        endpoint: phone.endpoint,
        ttl: '86400',
        data: {
          title: 'Bob Ray',
          body: 'Court 3 at noon?',
          link: `/messages?with=${bob.id}`,
          tag: `message-${bob.id}`,
        },
        vapid: expect.objectContaining({ aud: `https://${FAKE_PUSH_HOST}`, sub: SUBJECT }) as unknown,
      },
    ]);
    expect(await queued()).toHaveLength(0);
    // Nothing twice: a second drain has nothing to push.
    expect(await t.push()).toEqual({ pushed: 0, removed: 0, requeued: 0 });
    // The sender has no device: their own message queues nothing for them.
    expect((await t.db.select().from(pushQueue).where(eq(pushQueue.userId, bob.id))).length).toBe(0);
  });

  it('pushes a notification with its same-site link, and only to the member’s own live devices', async () => {
    await pushApp();
    const ann = await t.member();
    const other = await t.member();
    const phone = await subscribed(ann);
    await subscribed(other);
    await t.db.insert(notifications).values([
      {
        userId: ann.id,
        kind: 'team_invite',
        title: 'Team invite',
        body: 'Join us',
        link: '/dashboard',
        createdAt: NOW,
      },
      { userId: ann.id, kind: 'x', title: 'Odd link', body: 'b', link: '//evil.example', createdAt: NOW },
    ]);
    await t.push();
    expect(service.received.map((r) => [r.endpoint, r.data])).toEqual([
      [
        phone.endpoint,
        { title: 'Team invite', body: 'Join us', link: '/dashboard', tag: expect.stringMatching(/^notification-\d+$/) },
      ],
      [
        phone.endpoint,
        { title: 'Odd link', body: 'b', link: '/dashboard', tag: expect.stringMatching(/^notification-\d+$/) },
      ],
    ]);
  });

  it('removes a subscription the push service answers 410 or 404 for, and queues nothing for it after', async () => {
    await pushApp();
    const ann = await t.member();
    const bob = await t.member();
    const phone = await subscribed(ann);
    service.answer(phone.endpoint, 410);
    await send(bob, ann, 'hello');
    expect(await t.push()).toEqual({ pushed: 0, removed: 1, requeued: 0 });
    expect(await subscriptionCount()).toBe(0);
    await send(bob, ann, 'again');
    expect(await queued()).toHaveLength(0);

    const carol = await t.member();
    const tablet = await subscribed(carol);
    service.answer(tablet.endpoint, 404);
    await send(bob, carol, 'hi');
    expect((await t.push()).removed).toBe(1);
    expect(await subscriptionCount()).toBe(0);
  });

  it('never follows a redirect from a push service, and keeps the subscription', async () => {
    await pushApp();
    const ann = await t.member();
    const bob = await t.member();
    const phone = await subscribed(ann);
    service.answer(phone.endpoint, 301);
    await send(bob, ann, 'hello');
    expect(await t.push()).toEqual({ pushed: 0, removed: 0, requeued: 0 });
    expect(service.requests.at(-1)?.redirect).toBe('manual');
    expect(await subscriptionCount()).toBe(1);
  });

  it('puts a push back after a 5xx or no answer, three tries in all, then lets it go', async () => {
    await pushApp();
    const ann = await t.member();
    const bob = await t.member();
    const phone = await subscribed(ann);
    service.answer(phone.endpoint, 503);
    await send(bob, ann, 'hello');
    expect((await t.push()).requeued).toBe(1);
    service.answer(phone.endpoint, 0);
    expect((await t.push()).requeued).toBe(1);
    expect((await t.push()).requeued).toBe(0);
    expect(await queued()).toHaveLength(0);
    expect(await subscriptionCount()).toBe(1);
    expect(service.received).toHaveLength(0);
    // And a push that comes back succeeds on a later try.
    service.answer(phone.endpoint, 503);
    await send(bob, ann, 'second');
    await t.push();
    service.answer(phone.endpoint, 201);
    expect((await t.push()).pushed).toBe(1);
    expect(service.received.map((r) => (r.data as { body: string }).body)).toEqual(['second']);
  });

  it('does not push a message read before the drain, nor to a device whose session expired', async () => {
    await pushApp();
    const ann = await t.member();
    const bob = await t.member();
    await subscribed(ann);
    await send(bob, ann, 'read quickly');
    await ann.agent.get(`/api/messages/conversation/${bob.id}`);
    expect((await t.push()).pushed).toBe(0);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(NOW.getTime() - 1) })
      .where(eq(sessions.userId, ann.id));
    await send(bob, ann, 'nobody home');
    expect((await t.push()).pushed).toBe(0);
    expect(service.received).toHaveLength(0);
  });

  it('after a write, the host pushes by itself (pushAfterWrites)', async () => {
    await pushApp({ afterWrites: true });
    const ann = await t.member();
    const bob = await t.member();
    await subscribed(ann);
    await send(bob, ann, 'no drain called');
    await vi.waitFor(() => expect(service.received).toHaveLength(1));
  });
});

describe('devices on Edit Profile, and sign-out (D28)', () => {
  it('lists the member’s devices, removes one by id (never another member’s) or by this browser’s endpoint', async () => {
    await pushApp();
    const ann = await t.member();
    const annLaptop = t.agent();
    expect(
      (
        await annLaptop.login(
          ((await ann.agent.get('/api/auth/user').then((r) => r.json())) as { email: string }).email,
        )
      ).status,
    ).toBe(200);
    const phone = await subscribed(ann);
    const laptop = await service.device();
    expect((await annLaptop.post('/api/push/subscriptions', laptop.subscription)).status).toBe(201);
    const list = (await (await ann.agent.get('/api/push/subscriptions')).json()) as {
      id: number;
      current: boolean;
      device: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.current).toBe(true);
    expect(list[1]!.current).toBe(false);

    const eve = await t.member();
    expect((await eve.agent.delete(`/api/push/subscriptions/${list[1]!.id}`)).status).toBe(404);
    expect((await ann.agent.delete(`/api/push/subscriptions/${list[1]!.id}`)).status).toBe(200);
    expect(await subscriptionCount()).toBe(1);
    expect(
      (await eve.agent.delete(`/api/push/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`)).status,
    ).toBe(404);
    expect(
      (await ann.agent.delete(`/api/push/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`)).status,
    ).toBe(200);
    expect(await subscriptionCount()).toBe(0);
  });

  it('signing out on a device ends its subscription', async () => {
    await pushApp();
    const ann = await t.member();
    await subscribed(ann);
    expect((await ann.agent.logout()).status).toBe(200);
    expect(await subscriptionCount()).toBe(0);
  });
});

describe('query plans', () => {
  it('reads subscriptions by member along push_subscriptions_user_idx (the triggers’ check and the delivery)', async () => {
    await pushApp();
    const plan = async (sql: string) =>
      (await t.client.execute({ sql: `explain query plan ${sql}`, args: ['someone'] })).rows
        .map((r) => String(r.detail))
        .join(' | ');
    expect(await plan('select 1 from push_subscriptions where user_id = ?')).toContain('push_subscriptions_user_idx');
    expect(
      await plan(
        'select s.id from push_subscriptions s join sessions on sessions.id = s.session_id where s.user_id = ?',
      ),
    ).toMatch(/SEARCH s USING INDEX push_subscriptions_user_idx.*SEARCH sessions USING (COVERING )?INDEX/);
  });
});

describe('configuration', () => {
  it('takes the three VAPID settings together or not at all', () => {
    const base = { WAIVER_SIGNING_KEY: 'x'.repeat(32), DEVICE_COOKIE_SECRET: 'y'.repeat(32) };
    expect(loadConfig(base).push).toBeNull();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/set together/);
    expect(() =>
      loadConfig({
        ...base,
        VAPID_PUBLIC_KEY: 'B'.repeat(87),
        VAPID_PRIVATE_KEY: 'k'.repeat(43),
        VAPID_SUBJECT: 'admin',
      }),
    ).toThrow(/mailto/);
  });
});
