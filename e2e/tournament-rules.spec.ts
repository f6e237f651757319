import type { Page } from '@playwright/test';
import type { Tournament } from '../edge/features/tournaments/schema.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

// Issue 34: the Overview listed 000's single-elimination rules for every format: a round-robin tournament told its
// players 'Single elimination: lose once and you are out.'. Each format now states its own, on the server-rendered
// page and after it hydrates.

const RULES = {
  // 000 s9's fixed rules, word for word, and the third-place match D19 plays best of 5.
  'single-elimination': [
    'single elimination',
    'best of 3 until semifinals',
    'best of 5 in semifinals and finals',
    'best of 5 in the third-place match',
    '15-minute break',
  ],
  'round-robin': [
    'round robin: everyone plays everyone once',
    'best of 3 in every round',
    'standings by wins, then head-to-head, game difference, games won and seed',
    '15-minute break',
  ],
} as const;

async function demoTournament(page: Page, title: string): Promise<Tournament> {
  const res = await page.request.get('/api/tournaments?limit=100');
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as Tournament[]).find((t) => t.title === title);
  expect(found, `demo tournament "${title}"`).toBeDefined();
  return found!;
}

for (const [title, format] of [
  ['Pickleball Paddle Rumble', 'round-robin'],
  ['Hoop Kings 1v1 Classic', 'single-elimination'],
] as const) {
  test(`the Overview of ${title} (${format}) states the rules of its own format`, async ({ page }) => {
    const t = await demoTournament(page, title);
    expect(t.format).toBe(format);
    const rules = RULES[format];

    // The server-rendered page (ADR 027) already holds them, before any script runs.
    const html = await (await page.request.get(`/tournaments/${t.id}`)).text();
    for (const rule of rules) expect(html).toContain(`>${rule}</span>`);
    expect(html).not.toContain('lose once');
    if (format !== 'single-elimination') expect(html).not.toContain('>single elimination</span>');

    await page.goto(`/tournaments/${t.id}`);
    const region = page.getByRole('tabpanel', { name: 'Overview' }).getByRole('region', { name: 'Rules' });
    await expect(region.getByRole('listitem')).toHaveText([...rules]);
    await expectNoSeriousA11yViolations(page, `${title} Overview rules`);
  });
}
