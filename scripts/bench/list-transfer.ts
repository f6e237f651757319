// Benchmark: what a first visit to /tournaments downloads before the first interaction when the league lists 5,000
// tournaments (issue 12: under 100 KB compressed). The Node host on a database filled as tournaments-list fills it, a
// phone-sized Chromium with an empty cache; every response the page receives until the page has hydrated and the
// network has been quiet for a second, counted as it travelled (Chromium's encoded length: compressed body plus
// headers). The service worker is blocked: its first install (the offline copy) is measured by `precache`. Two visits:
// as Chromium asks (brotli, as every current browser does, and as both hosts answer it), and once more asking for
// gzip only, for a reader who counts in gzip.
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { assertBuilt, defaultDist } from './first-load.ts';
import { startHost } from './host.ts';
import { fillDatabase } from './tournaments-list.ts';
import type { Benchmark } from './types.ts';

const QUIET_MS = 1000;

export const listTransfer: Benchmark = {
  name: 'list-transfer',
  description: 'first visit to /tournaments with 5,000 listed tournaments: bytes transferred before the first interaction',
  async run() {
    const dist = defaultDist;
    assertBuilt(dist);
    const host = await startHost(dist, 'list-transfer', (databaseUrl) => fillDatabase(databaseUrl, Date.now()));
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    });
    try {
      const asked = await firstVisit(browser, host.url, {});
      const gzip = await firstVisit(browser, host.url, { 'Accept-Encoding': 'gzip, deflate' });
      return [
        {
          benchmark: this.name,
          metric: '/tournaments, 5,000 listed: transferred before the first interaction',
          value: asked.value,
          note: `${asked.note}; service worker blocked (its install: precache)`,
        },
        {
          benchmark: this.name,
          metric: '/tournaments, 5,000 listed: the same, asking for gzip only',
          value: gzip.value,
          note: gzip.note,
        },
      ];
    } finally {
      await browser.close();
      await host.close();
    }
  },
};

/** One first visit with an empty cache; `headers` go with every request (an Accept-Encoding of its own). */
async function firstVisit(
  browser: Browser,
  url: string,
  headers: Record<string, string>,
): Promise<{ value: string; note: string }> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
    extraHTTPHeaders: headers,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; type: string; encoding: string }>();
  const bytes = new Map<string, number>();
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', () => (lastActivity = performance.now()));
  cdp.on('Network.responseReceived', (event) => {
    const answer = event.response.headers as Record<string, string | undefined>;
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: answer['content-encoding'] ?? answer['Content-Encoding'] ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes.set(event.requestId, event.encodedDataLength);
    lastActivity = performance.now();
  });
  await page.goto(`${url}/tournaments`, { waitUntil: 'load' });
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  while (performance.now() - lastActivity < QUIET_MS) await page.waitForTimeout(200);
  const cards = await page.locator('ul[aria-label="Tournaments"] > li').count();

  const byType = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  for (const [id, size] of bytes) {
    const response = responses.get(id);
    const type = response?.type ?? 'Other';
    if (process.env.LIST_TRANSFER_VERBOSE)
      console.log(`  ${String(size).padStart(7)}  ${response?.encoding ?? '?'}  ${response?.url ?? id}`);
    const entry = byType.get(type) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += size;
    byType.set(type, entry);
    total += size;
  }
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const parts = [...byType]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([type, e]) => `${type} ${kb(e.bytes)} (${e.count})`)
    .join(', ');
  const encoding = headers['Accept-Encoding'] ? ' (gzip only)' : '';
  console.log(`[list-transfer]${encoding} ${bytes.size} responses, ${kb(total)}: ${parts}; ${cards} cards on the page`);
  await context.close();
  return { value: kb(total), note: `${bytes.size} responses: ${parts}; ${cards} cards shown` };
}
