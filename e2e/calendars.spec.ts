import { BASE_URL, expect, expectNoSeriousA11yViolations, signInAsNew, test, toast } from './fixtures.ts';
import { tournamentWithPlayers } from './competition-helpers.ts';

// D45's calendar feeds from the screens: a tournament's Subscribe (webcal:// to its feed), and Edit Profile's My
// Calendar card, whose secret address answers the member's schedule and stops answering once reset. The API tests
// (edge/features/calendars) hold the feeds' contents, read back by a real iCalendar parser.

test("a tournament's Subscribe opens its calendar feed in the calendar app", async ({ page }) => {
  const { id } = await tournamentWithPlayers(0, `Feed ${Date.now()}`);
  await page.goto(`/tournaments/${id}`);
  const subscribe = page.getByRole('link', { name: 'Subscribe' });
  await expect(subscribe).toHaveAttribute(
    'href',
    `webcal://${new URL(BASE_URL).host}/api/calendar/tournaments/${id}.ics`,
  );
  const feed = await fetch(`${BASE_URL}/api/calendar/tournaments/${id}.ics`);
  expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
  expect(await feed.text()).toContain(`UID:tournament-${id}@`);
});

test('a member gets their calendar address on Edit Profile, subscribes to it and resets it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNew(page, 'player');
  await page.goto('/edit-profile');
  const card = page.getByRole('region', { name: 'My Calendar' });
  await card.getByRole('button', { name: 'Get My Calendar Address' }).click();
  await expect(toast(page, 'Calendar Address Ready')).toBeVisible();
  const address = card.getByText(/\/api\/calendar\/members\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = (await address.textContent())!;
  await expect(card.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    first.replace(/^https?:/, 'webcal:'),
  );
  await expectNoSeriousA11yViolations(page, 'Edit Profile with the My Calendar card');
  const path = new URL(first).pathname;
  expect((await fetch(`${BASE_URL}${path}`)).status).toBe(200);

  await card.getByRole('button', { name: 'Reset Address' }).click();
  await card.getByRole('button', { name: 'Reset - the old address stops working' }).click();
  await expect(toast(page, 'Calendar Address Reset')).toBeVisible();
  await expect(address).not.toHaveText(first);
  expect((await fetch(`${BASE_URL}${path}`)).status).toBe(404);
  const next = new URL((await address.textContent())!).pathname;
  expect((await fetch(`${BASE_URL}${next}`)).status).toBe(200);
});
