import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminApi, tournamentWithPlayers } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { expectNoSeriousA11yViolations, expect, login, DEMO, signInAsNew, test } from './fixtures.ts';

// D43, D44 from a browser: the API's reference page lists every path of the OpenAPI document (Swagger UI from our
// own origin, under our CSP), a verified member makes, copies and revokes a key on Edit Profile, and a host adds a
// webhook and sees a delivery in its log. The rules (the
// document, every answer's schema, keys, scopes, limits) are held by the API tests in edge/v1.

test('the reference page lists every path of the public API', async ({ page }) => {
  const doc = (await (await page.request.get('/api/v1/openapi.json')).json()) as { paths: Record<string, object> };
  const paths = Object.keys(doc.paths);
  expect(paths.length).toBeGreaterThanOrEqual(12);
  await page.goto('/api/v1/docs');
  await expect(page.getByRole('heading', { name: /WTA Public API/ })).toBeVisible();
  for (const path of paths) {
    await expect(page.locator(`.opblock-summary-path[data-path="${path}"]`).first()).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a verified member creates an API key, sees it once, and revokes it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, DEMO.verified);
    await page.goto('/edit-profile');
    const card = page.getByRole('region', { name: 'API Keys' });
    const name = `Court board ${Date.now()}`;
    await card.getByLabel('Key Name').fill(name);
    await card.getByLabel('Report Scores (in tournaments you host)').check();
    await card.getByRole('button', { name: 'Create Key' }).click();
    const shown = card.getByLabel('Your new API key');
    await expect(shown).toHaveText(/^wta_[A-Za-z0-9_-]{43}$/);
    const key = (await shown.textContent())!;
    await card.getByRole('button', { name: 'Copy Key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectNoSeriousA11yViolations(page, 'Edit Profile, a new API key');

    // The key works on the public API.
    const reads = await page.request.get('/api/v1/tournaments?limit=1', { headers: { authorization: `Bearer ${key}` } });
    expect(reads.status()).toBe(200);
    expect(reads.headers()['ratelimit-limit']).toBe('600');

    await card.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    const item = card.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText(key.slice(0, 10));
    await expect(item).toContainText('Report Scores');
    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect(item).toContainText('Revoked');
    const refused = await page.request.get('/api/v1/tournaments?limit=1', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    await page.reload();
    await expect(card.getByRole('listitem').filter({ hasText: name })).toContainText('Revoked');
  });
});

test('a host adds a webhook, its secret shown once, and sees the tournament start delivered, then sends it again', async ({
  page,
  context,
}) => {
  const received: { type: string; sequence: number }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body) as { type: string; sequence: number });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const title = `Hooked ${Date.now()}`;
    const { id } = await tournamentWithPlayers(2, title);
    const host = await signInAsNew(page, 'player', { firstName: 'Hookhost', verified: true });
    await queryE2eDb('UPDATE tournaments SET host_id = ? WHERE id = ?', [host.id, id]);
    await page.goto('/edit-profile');
    const card = page.getByRole('region', { name: 'Webhooks' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wta`;
    await card.getByLabel('Webhook URL').fill(url);
    await card.getByLabel('Events From').selectOption({ label: title });
    await card.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(card.getByLabel("Your webhook's signing secret")).toHaveText(/^whsec_/);
    await expectNoSeriousA11yViolations(page, 'Edit Profile, a new webhook');
    await card.getByRole('button', { name: 'Done' }).click();

    const api = await adminApi();
    expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
    await api.dispose();
    await expect.poll(() => received.map((r) => r.type)).toEqual(['tournament.started']);

    const item = card.getByRole('listitem').filter({ hasText: url });
    await item.getByRole('button', { name: 'Show Deliveries' }).click();
    await expect(item.getByText('Delivered')).toBeVisible();
    await item.getByRole('button', { name: 'Send tournament.started #1 again' }).click();
    await expect.poll(() => received.map((r) => r.sequence)).toEqual([1, 1]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
