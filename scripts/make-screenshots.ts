// `node scripts/make-screenshots.ts [distDir]`: captures the web manifest's screenshots (app/manifest.ts) from the
// BUILT app (dist/ by default) with the seeded demo league, in Debian's Chromium: the tournament list as a phone
// shows it (360x640 CSS px at 3x = 1080x1920, form_factor narrow) and as a desktop shows it (1280x720 at 1.5x =
// 1920x1080, wide). Writes public/media/screenshots/*.png (media/ is never precached). Rebuild after running it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { screenshots } from '../app/manifest.ts';
import { chromiumArgs } from '../playwright.config.ts';
import { start, stop, waitFor } from './bench/processes.ts';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.argv[2] ?? 'dist');
const outDir = resolve(root, 'public/media/screenshots');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

const shots = [
  { form: 'narrow', viewport: { width: 360, height: 640 }, scale: 3 },
  { form: 'wide', viewport: { width: 1280, height: 720 }, scale: 1.5 },
] as const;

const dir = mkdtempSync(join(tmpdir(), 'wta-screenshots-'));
const port = await freePort();
const url = `http://localhost:${port}`;
const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'scripts/e2e-host.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, 'league.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    PUBLIC_URL: url,
    LEAGUE_EMAIL_DOMAIN: 'wta.local',
    E2E_DIST_DIR: dist,
  },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  await waitFor(`${url}/api/tournaments/next`, (s) => s === 200, 180_000, host.log);
  mkdirSync(outDir, { recursive: true });
  for (const shot of shots) {
    const entry = screenshots.find((s) => s.form_factor === shot.form);
    if (!entry) throw new Error(`app/manifest.ts declares no ${shot.form} screenshot`);
    const expected = `${shot.viewport.width * shot.scale}x${shot.viewport.height * shot.scale}`;
    if (entry.sizes !== expected) throw new Error(`${entry.src}: manifest says ${entry.sizes}, capture is ${expected}`);
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      locale: 'en-US',
      timezoneId: 'UTC',
      colorScheme: 'light',
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${url}/tournaments`);
    await page.getByRole('list', { name: 'Tournaments' }).getByRole('listitem').first().waitFor();
    // Every image on screen (flyers) has loaded, and fonts are ready.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.evaluate(() => document.fonts.ready);
    const file = join(root, 'public', entry.src);
    await page.screenshot({ path: file });
    console.log(`wrote ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stop(host.child);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
