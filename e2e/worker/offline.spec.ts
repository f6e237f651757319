import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BASE_URL, expect, test } from '../fixtures.ts';
import { fanOnlineThenOffline, openVenue } from '../offline-helpers.ts';

// Issue 35 item 3 (ADR 062): the installed app (its own profile, service workers allowed) visited once online at the
// Worker host, then opened again with no signal at the venue (D16), as offline.spec.ts does on the Node host: what
// the Worker sent (its service worker, cache headers, answers) is what the app keeps.

test('the shell the service worker keeps for every page is the built index.html', async ({ request }) => {
  // app/sw.ts precaches /index.html and answers every in-app navigation with it. The assets binding's default
  // redirected it to '/', the landing page rendered with its data, which then stood in for every page (ADR 062).
  const res = await request.get('/index.html?__WB_REVISION__=e2e', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(await res.text()).toBe(readFileSync(resolve(import.meta.dirname, '../../dist/index.html'), 'utf8'));
});

test('the installed app opens offline with the saved tournaments, countdown and ticket QR', async ({ baseURL }, testInfo) => {
  // Two launches of a browser with its own profile, the service worker's first install and nine page loads.
  test.setTimeout(240_000);
  const venue = await openVenue(new URL(baseURL ?? BASE_URL));
  const { context } = await fanOnlineThenOffline(testInfo.outputPath('fan-profile'), venue);
  await context.close();
  await venue.close();
});
