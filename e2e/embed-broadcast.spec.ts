import { createServer } from 'node:http';
import { adminApi, card, tournamentWithPlayers, type ApiMatch } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import {
  BASE_URL,
  closeDialogWithEscape,
  expect,
  expectNoSeriousA11yViolations,
  footer,
  test,
  toast,
  topBar,
} from './fixtures.ts';

// D45 (issue 38 item 5, ADR 075): the live bracket inside another site's iframe, the broadcast view for streams and
// the tournament page's Embed Bracket snippet. Each journey runs as a guest: an iframe on another site gets no session.

/**
 * Another site: a page served from 127.0.0.1 on a port of its own, while the league is on localhost, so another
 * origin and another site (no cookie of ours goes with the frame). A real server, not a routed fake origin: Chromium
 * refuses a public site's frame of a local address (Local Network Access), and a made-up host counts as public.
 */
async function otherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  const port = Number(process.env.E2E_PORT ?? 4310) + 1;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A live round robin of `n` players with Court 1 and Court 2, and its first match called to Court 1. */
async function liveTournamentWithACall(n: number, title: string) {
  const { id } = await tournamentWithPlayers(n, title);
  // Round robin: the broadcast view has standings to show.
  await queryE2eDb("UPDATE tournaments SET format = 'round-robin' WHERE id = ?", [id]);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  const put = await api.put(`/api/tournaments/${id}/courts`, {
    data: { courts: ['Court 1', 'Court 2'], noShowMinutes: 5 },
  });
  expect(put.status()).toBe(200);
  const bracket = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as ApiMatch[];
  const first = bracket.filter((m) => m.teamA && m.teamB).sort((a, b) => a.matchNumber - b.matchNumber)[0]!;
  const call = await api.patch(`/api/tournaments/${id}/matches/${first.id}`, {
    data: { status: 'live', court: 'Court 1' },
  });
  expect(call.status()).toBe(200);
  return { id, api, first: (await call.json()) as ApiMatch };
}

test('the bracket framed by another site follows a score report within one poll', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Embedded ${Date.now()}`;
  const { id, api, first } = await liveTournamentWithACall(4, title);

  const embedUrl = `${BASE_URL}/embed/tournaments/${id}/bracket?theme=dark`;
  const site = await otherSite(
    `<!doctype html><html lang="en"><head><title>A sponsor's site</title></head><body><h1>Our league partner</h1>
    <iframe src="${embedUrl}" width="100%" height="600" style="border:0" title="${title} bracket" loading="lazy"></iframe></body></html>`,
  );
  // A context of its own, without the fixture's init script: that script writes sessionStorage, which the browser
  // refuses a third-party frame (its storage is blocked there). The app itself writes none it depends on.
  const visitor = await browser.newContext();
  const sponsor = await visitor.newPage();
  const framed = sponsor.waitForResponse((res) => res.url() === embedUrl);
  await sponsor.goto(site.url);
  const response = await framed;
  // The page any site may frame, and nothing else (edge/middleware/security-headers.ts).
  expect(response.headers()['x-frame-options']).toBeUndefined();
  expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');

  const frame = sponsor.frameLocator(`iframe[title="${title} bracket"]`);
  const back = frame.getByRole('link', { name: title });
  await expect(back).toBeVisible();
  // Back to the tournament in a new tab: a link that navigated the frame would strand the visitor inside it.
  await expect(back).toHaveAttribute('href', `/tournaments/${id}`);
  await expect(back).toHaveAttribute('target', '_blank');
  await expect(frame.getByRole('link', { name: /Powered by WTA/ })).toHaveAttribute('rel', 'noopener');
  // No site chrome inside the frame.
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);
  const match = card(frame.locator('body'), first.matchNumber);
  await expect(match).toHaveAttribute('data-status', 'live');
  // ?theme=dark: the dark canvas even though the browser prefers light.
  const canvas = await frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  const [r, g, b] = canvas.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!, `the dark theme's canvas, got ${canvas}`).toBeLessThan(150);

  // The host reports the score; the frame shows it by its next poll (every 10 s), without a reload.
  const need = first.bestOf === 5 ? 3 : 2;
  const reported = await api.post(`/api/tournaments/${id}/matches/${first.id}/result`, {
    data: { scoreA: need, scoreB: 1, version: first.version },
  });
  expect(reported.status()).toBe(200);
  const at = Date.now();
  await expect(match).toHaveAttribute('data-status', 'completed', { timeout: 12_000 });
  console.log(`embed followed the report in ${Date.now() - at} ms`);
  await api.dispose();
  await visitor.close();
  await site.close();

  // axe on the embed page as the frame holds it (axe scans the top document only).
  await page.goto(`${BASE_URL}/embed/tournaments/${id}/bracket`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(card(page, first.matchNumber)).toHaveAttribute('data-status', 'completed');
  await expectNoSeriousA11yViolations(page, 'the embedded bracket (light)');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`${BASE_URL}/embed/tournaments/${id}/bracket?theme=dark`);
  await expect(card(page, first.matchNumber)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the embedded bracket (dark, 360 px)');
});

test('the broadcast view at 1920x1080 shows the called match on its court', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Broadcast ${Date.now()}`;
  const { id, api, first } = await liveTournamentWithACall(4, title);
  await api.dispose();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/tournaments/${id}/broadcast`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const court = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Court 1', exact: true }) });
  await expect(court.getByText(first.teamA!.name, { exact: true })).toBeVisible();
  await expect(court.getByText(first.teamB!.name, { exact: true })).toBeVisible();
  await expect(court.getByText('Live', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Court 2' }) }),
  ).toContainText('Free');
  await expect(page.getByRole('region', { name: 'Next Up' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Standings' })).toBeVisible();
  // No chrome, nothing that scrolls.
  await expect(topBar(page)).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);
  const scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
  expect(scrolls).toBe(false);
  await expectNoSeriousA11yViolations(page, 'the broadcast view (1920x1080)');
  await page.goto(`/tournaments/${id}/broadcast?theme=dark`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Court 1', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the broadcast view (dark)');
});

test('the tournament page offers the bracket as an iframe snippet to copy', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const title = `Snippet "${Date.now()}"`;
  const { id } = await tournamentWithPlayers(2, title);

  await page.goto(`/tournaments/${id}`);
  const open = page.getByRole('button', { name: 'Embed Bracket' });
  // By keyboard: focus the button, press Enter.
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Embed Bracket' });
  await expect(dialog).toBeVisible();
  const snippet = dialog.getByRole('textbox', { name: 'Snippet' });
  await expect(snippet).toHaveAttribute('readonly', '');
  const escaped = title.replace(/"/g, '&quot;');
  await expect(snippet).toHaveValue(
    `<iframe src="${BASE_URL}/embed/tournaments/${id}/bracket" width="100%" height="600" style="border:0" title="${escaped} bracket" loading="lazy"></iframe>`,
  );
  await expectNoSeriousA11yViolations(page, 'the Embed Bracket dialog');
  await dialog.getByRole('radio', { name: 'Dark' }).check();
  await expect(snippet).toHaveValue(new RegExp(`src="${BASE_URL}/embed/tournaments/${id}/bracket\\?theme=dark"`));
  await dialog.getByRole('button', { name: 'Copy Snippet' }).click();
  await expect(toast(page, 'Snippet copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `/embed/tournaments/${id}/bracket?theme=dark`,
  );
  await closeDialogWithEscape(dialog);
  await expect(open).toBeFocused();
});
