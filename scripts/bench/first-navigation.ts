// Benchmark: a first visit's first tap, before the service worker holds the app (ADR 065). A fresh browser context
// with service workers blocked and an empty cache opens /tournaments (server-rendered) on a slow 4G link (150 ms
// round trip, 1.6 Mbps down, 750 kbps up, CDP Network.emulateNetworkConditions) with the CPU slowed 4x, waits until
// it has hydrated, and taps the first tournament card. Measured in the page: from the tap to the frame in which the
// tournament's heading has a box. The screen's code (its chunk and the chunks that chunk imports) and its data load
// in this time: this is where a chain of chunk requests would show.
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { assertBuilt, defaultDist } from './first-load.ts';
import { benchRuns, median, PHONE, startHost } from './host.ts';
import type { Benchmark } from './types.ts';

const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const FIRST_CARD_LINK = 'ul[aria-label="Tournaments"] > li a[href^="/tournaments/"]';

/** Milliseconds from the tap on the first card to the frame that shows the tournament's heading. */
async function tapToHeading(page: Page): Promise<number> {
  const link = page.locator(FIRST_CARD_LINK).first();
  const name = (await link.innerText()).split('\n')[0]!.trim();
  await page.evaluate(() => {
    const w = window as unknown as { __tapAt?: number };
    addEventListener('click', () => (w.__tapAt ??= performance.now()), { capture: true, once: true });
  });
  await link.click();
  const handle = await page.waitForFunction(
    (text) => {
      const heading = document.querySelector('main h1');
      if (!location.pathname.startsWith('/tournaments/') || !heading?.textContent?.includes(text)) return false;
      const box = heading.getBoundingClientRect();
      const tapAt = (window as unknown as { __tapAt?: number }).__tapAt;
      return box.width > 0 && tapAt !== undefined ? performance.now() - tapAt : false;
    },
    name,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

export const firstNavigation: Benchmark = {
  name: 'first-navigation',
  description: `a first visit's tap from /tournaments to a tournament, no service worker yet, slow 4G, CPU ${CPU_SLOWDOWN}x slower`,
  async run() {
    const dist = defaultDist;
    assertBuilt(dist);
    const runs = benchRuns(5);
    const host = await startHost(dist, 'first-navigation');
    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: chromiumArgs });
    try {
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        // A first visit (the intro video plays on the landing page only, not on this one).
        const context = await browser.newContext({ serviceWorkers: 'block', ...PHONE });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(`${host.url}/tournaments`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
          timeout: 60_000,
        });
        const ms = await tapToHeading(page);
        times.push(ms);
        console.log(`[first-navigation] run ${i + 1}/${runs}: ${Math.round(ms)} ms`);
        await context.close();
      }
      return [
        {
          benchmark: this.name,
          metric: 'tap to tournament heading (first visit, slow 4G, 4x CPU)',
          value: `${Math.round(median(times))} ms`,
          note: `median of ${runs}: ${times.map(Math.round).join(' ')}`,
        },
      ];
    } finally {
      await browser.close();
      await host.close();
    }
  },
};
