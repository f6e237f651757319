// Benchmark: launch of the installed app with NO network, the venue case of issue 5. A persistent Chromium profile
// (the installed app) visits the built app online once (service worker installed, precache and runtime caches and
// the persisted query cache filled), then goes offline; RUNS times: a new page with the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate 4), goto /tournaments, time until the first tournament card is on screen.
// Measured in the page from navigation start (performance.now() when the card first has a box); the wall clock
// from the goto call is reported beside it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { assertBuilt, defaultDist } from './first-load.ts';
import { benchRuns, median, PHONE, startHost } from './host.ts';
import type { Benchmark } from './types.ts';

/** Measured runs; BENCH_RUNS overrides (bounded to 1..9). */
const RUNS = benchRuns(5);
const CPU_SLOWDOWN = 4;
/** The tournament list's cards (tournament-list.tsx: a list named Tournaments). */
const FIRST_CARD = 'ul[aria-label="Tournaments"] > li';

/**
 * Waits until the first card has a box; returns performance.now() at that frame (ms since navigation start). The
 * watch runs in the page from its first script (an init script polling each frame) and reports on the console:
 * Playwright's own waitForFunction evaluates its ~300 ms (at 4x) injected script in the page while the app starts,
 * which the app's launch never pays.
 */
async function firstCardAt(page: Page): Promise<number> {
  const message = await page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('wta-first-card '),
    timeout: 30_000,
  });
  return Number(message.text().slice('wta-first-card '.length));
}

/** The in-page half of firstCardAt, added before each launch. */
function watchFirstCard(selector: string): void {
  const check = () => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) console.log(`wta-first-card ${performance.now()}`);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export const offlineLaunch: Benchmark = {
  name: 'offline-launch',
  description: `offline launch of the installed app to the tournament list, CPU ${CPU_SLOWDOWN}x slower: median of ${RUNS}`,
  async run() {
    const dist = defaultDist;
    assertBuilt(dist);
    const host = await startHost(dist, 'offline-launch');
    const profile = join(host.dir, 'profile');
    mkdirSync(profile);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
      serviceWorkers: 'allow',
      ...PHONE,
    });
    try {
      // The one online visit.
      const first = context.pages()[0] ?? (await context.newPage());
      await first.goto(`${host.url}/tournaments`);
      await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const controlled = () => first.evaluate(() => navigator.serviceWorker.controller !== null);
      if (!(await controlled())) await first.reload();
      for (let i = 0; i < 100 && !(await controlled()); i += 1) await first.waitForTimeout(100);
      if (!(await controlled())) throw new Error('the service worker never controlled the page');
      // Load the list once under the worker's control, so its runtime cache and the query cache hold it.
      await first.reload();
      await first.locator(FIRST_CARD).first().waitFor();
      await first.waitForTimeout(1500); // the persisted query cache writes after a short throttle
      await first.close();

      await context.setOffline(true);
      const inPage: number[] = [];
      const wall: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.addInitScript(watchFirstCard, FIRST_CARD);
        const started = performance.now();
        const card = firstCardAt(page);
        await page.goto(`${host.url}/tournaments`, { waitUntil: 'commit' });
        const at = await card.catch(async (error: Error) => {
          const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300));
          throw new Error(`offline run ${i + 1}: no tournament card (${error.message.split('\n')[0]}); page says: ${text}`);
        });
        wall.push(performance.now() - started);
        inPage.push(at);
        console.log(`[offline-launch] run ${i + 1}/${RUNS}: ${Math.round(at)} ms in page, ${Math.round(wall[i]!)} ms wall`);
        await cdp.detach();
        await page.close();
      }
      return [
        {
          benchmark: this.name,
          metric: 'to tournament list (offline, 4x CPU)',
          value: `${Math.round(median(inPage))} ms`,
          note: `median of ${RUNS} from navigation start: ${inPage.map(Math.round).join(' ')}; wall clock median ${Math.round(median(wall))} ms`,
        },
      ];
    } finally {
      await context.close();
      await host.close();
    }
  },
};
