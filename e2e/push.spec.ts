import type { Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';
import { expect, expectNoSeriousA11yViolations, signInAsNew, test, toast, topBar } from './fixtures.ts';

// D28: turning notifications on per device after a button press, the devices list on Edit Profile, turning off,
// sign-out ending the subscription, the iPhone's "install first", and a server without keys hiding the switch.
// No push service is reachable here: the browser's PushManager is replaced by a stand-in that makes subscriptions the
// way a browser does (an FCM endpoint, a P-256 key and an auth secret); the server's encryption and delivery are
// proven against a decrypting push service in edge/features/push/push.test.ts.

// The Push API lives on the service worker's registration (blocked by default in this suite).
test.use({ serviceWorkers: 'allow' });

/** Replaces the Push API and the permission prompt in every page of the context (before any script runs). */
async function fakePushManager(page: Page, options: { permission: 'granted' | 'denied' } = { permission: 'granted' }) {
  await page.addInitScript((permission) => {
    const STORE = 'e2e-push-subscription';
    let state: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => state });
    Notification.requestPermission = () => {
      state = permission;
      return Promise.resolve(state);
    };
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const make = (saved: { endpoint: string; key: string; p256dh: string; auth: string }) => ({
      endpoint: saved.endpoint,
      expirationTime: null,
      options: {
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(atob(saved.key), (c) => c.charCodeAt(0)).buffer,
      },
      toJSON: () => ({
        endpoint: saved.endpoint,
        expirationTime: null,
        keys: { p256dh: saved.p256dh, auth: saved.auth },
      }),
      unsubscribe: () => {
        localStorage.removeItem(STORE);
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.getSubscription = function () {
      const saved = localStorage.getItem(STORE);
      return Promise.resolve(saved ? (make(JSON.parse(saved)) as unknown as PushSubscription) : null);
    };
    PushManager.prototype.subscribe = async function (opts?: PushSubscriptionOptionsInit) {
      if (state !== 'granted') throw new DOMException('Permission denied', 'NotAllowedError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const key = new Uint8Array(opts!.applicationServerKey as Uint8Array);
      const saved = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        key: btoa(String.fromCharCode(...key)),
        p256dh: b64url(raw),
        auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
      };
      localStorage.setItem(STORE, JSON.stringify(saved));
      return make(saved) as unknown as PushSubscription;
    };
  }, options.permission);
}

const devicesOf = (id: string) =>
  queryE2eDb('select endpoint from push_subscriptions where user_id = ?', [id]).then((rows) => rows.length);

async function openEditProfile(page: Page) {
  await page.goto('/edit-profile');
  // The switch needs the service worker's registration (the Push API lives on it).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return page.getByRole('region', { name: 'Push Notifications' });
}

test('a member turns notifications on by a button, sees this device listed, turns it off, and sign-out ends it', async ({
  page,
}) => {
  await fakePushManager(page);
  const { id } = await signInAsNew(page, 'player');
  const card = await openEditProfile(page);
  await expect(card).toBeVisible();
  // Nothing is asked on load: the permission is still the browser's default.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await expectNoSeriousA11yViolations(page, '/edit-profile notifications');

  await card.getByRole('button', { name: 'Turn On Notifications' }).click();
  await expect(toast(page, 'Notifications On')).toBeVisible();
  const devices = card.getByRole('list', { name: 'Devices that receive notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('This device');
  await expect(devices).toContainText(/Chrome on \w+/);
  expect(await devicesOf(id)).toBe(1);

  await card.getByRole('button', { name: 'Turn Off on This Device' }).click();
  await expect(toast(page, 'Notifications Off')).toBeVisible();
  await expect(devices).toHaveCount(0);
  expect(await devicesOf(id)).toBe(0);

  // On again, then Logout: the server drops it with the session.
  await card.getByRole('button', { name: 'Turn On Notifications' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect(await devicesOf(id)).toBe(1);
  const landed = page.waitForURL((url) => url.pathname === '/');
  await topBar(page)
    .getByRole('button', { name: 'Logout' })
    .or(topBar(page).getByRole('link', { name: 'Logout' }))
    .click();
  await expect.poll(() => devicesOf(id)).toBe(0);
  // Logout ends at / signed out (000 s4). Waiting for that page also means the test never ends with the app's own
  // navigation under way: a context closed in that moment, with the service worker serving it, hung in a paired run.
  await landed;
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('a blocked permission says so and stores nothing', async ({ page }) => {
  await fakePushManager(page, { permission: 'denied' });
  const { id } = await signInAsNew(page, 'player');
  const card = await openEditProfile(page);
  await card.getByRole('button', { name: 'Turn On Notifications' }).click();
  await expect(toast(page, 'Notifications Blocked')).toBeVisible();
  await expect(card).toContainText('Notifications are blocked for this site in your browser settings.');
  expect(await devicesOf(id)).toBe(0);
});

test('without VAPID keys on the server the switch is hidden', async ({ page }) => {
  await page.route('**/api/push/public-key', (route) =>
    route.fulfill({ status: 503, json: { message: 'Push notifications are not configured on this server' } }),
  );
  await signInAsNew(page, 'player');
  await page.goto('/edit-profile');
  await expect(page.getByRole('region', { name: 'Signed-in Devices' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Push Notifications' })).toHaveCount(0);
});

test.describe('on an iPhone in a browser tab', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('the card says notifications need the installed app', async ({ page }) => {
    // Safari outside the Home Screen app has no Push API.
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await signInAsNew(page, 'player');
    await page.goto('/edit-profile');
    const card = page.getByRole('region', { name: 'Push Notifications' });
    await expect(card).toContainText('On iPhone and iPad, notifications need the installed app');
    await expect(card.getByRole('button', { name: 'Turn On Notifications' })).toHaveCount(0);
  });
});
