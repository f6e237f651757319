import type { Locator, Page } from '@playwright/test';
import { withE2eDb } from './e2e-db.ts';
import {
  createAccount,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  footer,
  login,
  test,
  topBar,
} from './fixtures.ts';

// 000 s2 "Shell on every page": the top bar, its menus per role, the footer and the mobile menu.

interface Viewer {
  name: string;
  email: string | null;
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin' | null;
  verified: boolean;
  admin: boolean;
}

const viewers: Viewer[] = [
  { name: 'guest', email: null, role: null, verified: false, admin: false },
  { name: 'fan', email: DEMO.fan, role: 'fan', verified: false, admin: false },
  { name: 'player (unverified)', email: DEMO.player, role: 'player', verified: false, admin: false },
  { name: 'owner', email: DEMO.owner, role: 'owner', verified: false, admin: false },
  { name: 'verified player', email: DEMO.verified, role: 'player', verified: true, admin: false },
  { name: 'admin', email: DEMO.admin, role: 'admin', verified: false, admin: true },
  { name: 'super admin', email: DEMO.superadmin, role: 'super_admin', verified: false, admin: true },
  { name: 'admin of another domain', email: DEMO.foreignAdmin, role: 'admin', verified: false, admin: false },
];

const DIVISIONS = ['hoop', 'flag-football', 'kickball', 'slap', 'slamball', 'soccer', 'boxing', 'pickleball'].map(
  (d) => `/divisions/${d}`,
);

/** The menus of 000 s2 for a viewer, as ordered lists of destinations. */
function expectedMenus(v: Viewer) {
  const signedIn = v.email !== null;
  const tournaments = ['/tournaments', '/bracket-archive', ...(v.verified ? ['/host-tournament'] : [])];
  const playersAndTeams = signedIn
    ? [
        '/leaderboards',
        ...(v.role === 'player' ? ['/free-agency'] : []),
        ...(v.role === 'player' || v.role === 'owner' ? ['/transfer-portal'] : []),
        ...(v.role === 'owner' ? ['/teams'] : []),
      ]
    : null;
  const more = [
    '/media-day',
    ...(signedIn && v.verified ? ['/media-day-rsvp'] : []),
    '/blog',
    ...(signedIn && !v.verified ? ['/apply-verified'] : []),
    '/sponsorship',
    '/waiver',
  ];
  return { tournaments, divisions: DIVISIONS, playersAndTeams, more };
}

async function seeAs(page: Page, v: Viewer) {
  if (v.email) await login(page, v.email);
  await page.goto('/');
}

/** Opens a dropdown of the top bar (its button controls the list it names in aria-controls) and returns the list. */
async function openMenu(page: Page, label: string): Promise<Locator> {
  const trigger = topBar(page).getByRole('button', { name: label, exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const id = await trigger.getAttribute('aria-controls');
  expect(id, `the ${label} button names the list it opens (aria-controls)`).toBeTruthy();
  const menu = page.locator(`[id="${id}"]`);
  await expect(menu).toBeVisible();
  return menu;
}

async function closeMenu(page: Page, menu: Locator) {
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** A named entry of an open dropdown (a link; a menuitem if it is built as an ARIA menu). */
function entry(menu: Locator, name: string): Locator {
  return menu.getByRole('link', { name, exact: true }).or(menu.getByRole('menuitem', { name, exact: true }));
}

/** Destinations of a dropdown's entries, in order. */
async function destinations(menu: Locator): Promise<string[]> {
  const items = menu.getByRole('link').or(menu.getByRole('menuitem'));
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? `(no href: ${e.textContent})`));
}

async function expectFooter(page: Page) {
  const foot = footer(page);
  for (const [name, href] of [
    ['Sign Waiver', '/waiver'],
    ['Code of Conduct', '/code-of-conduct'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ] as const) {
    await expect(foot.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(foot).toContainText('2025');
}

for (const v of viewers) {
  test(`top bar and footer for the ${v.name}`, async ({ page }) => {
    // Every menu opened and closed, with three axe scans: a journey, not a glance (it ran past 60 s on a loaded CI).
    test.setTimeout(240_000);
    await seeAs(page, v);
    const bar = topBar(page);
    const want = expectedMenus(v);
    const signedIn = v.email !== null;

    await expect(bar.getByRole('link', { name: /logo|wta|home/i }).first()).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: 'Search', exact: true })).toHaveAttribute('href', '/search');
    await expectNoSeriousA11yViolations(page, `/ as ${v.name}`);

    // Right side.
    if (signedIn) {
      await expect(bar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/dashboard');
      await expect(bar.getByRole('link', { name: /^Notifications/ })).toHaveAttribute('href', '/messages');
      await expect(bar.getByRole('button', { name: 'Logout' }).or(bar.getByRole('link', { name: 'Logout' }))).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      await expect(bar.getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
    } else {
      await expect(bar.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/auth');
      await expect(bar.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
      await expect(bar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
      await expect(bar.getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    }
    if (v.admin) await expect(bar.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
    else await expect(bar.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

    // Menus.
    let menu = await openMenu(page, 'Tournaments');
    expect(await destinations(menu)).toEqual(want.tournaments);
    if (v.verified) await expect(entry(menu, 'Host Tournament')).toHaveAttribute('href', '/host-tournament');
    await expectNoSeriousA11yViolations(page, `Tournaments menu as ${v.name}`);
    await closeMenu(page, menu);

    menu = await openMenu(page, 'Divisions');
    expect(await destinations(menu)).toEqual(want.divisions);
    await closeMenu(page, menu);

    if (want.playersAndTeams) {
      menu = await openMenu(page, 'Players & Teams');
      expect(await destinations(menu)).toEqual(want.playersAndTeams);
      if (v.role === 'player') {
        await expect(entry(menu, 'Free Agency')).toHaveAttribute('href', '/free-agency');
        await expect(entry(menu, 'Transfer Portal')).toHaveAttribute('href', '/transfer-portal');
      }
      if (v.role === 'owner') {
        await expect(entry(menu, 'My Team')).toHaveAttribute('href', '/teams');
        await expect(entry(menu, 'Transfer Portal')).toHaveAttribute('href', '/transfer-portal');
        await expect(entry(menu, 'Free Agency')).toHaveCount(0);
      }
      await closeMenu(page, menu);
    } else {
      await expect(bar.getByRole('button', { name: 'Players & Teams' })).toHaveCount(0);
    }

    menu = await openMenu(page, 'More');
    expect(await destinations(menu)).toEqual(want.more);
    if (signedIn && v.verified) {
      await expect(entry(menu, 'Media Day RSVP')).toHaveAttribute('href', '/media-day-rsvp');
    }
    if (signedIn && !v.verified) {
      await expect(entry(menu, 'Apply for Verified')).toHaveAttribute('href', '/apply-verified');
    }
    await closeMenu(page, menu);

    await expectFooter(page);
  });
}

test('the footer is on every page, the not-found page included', async ({ page }) => {
  for (const path of ['/', '/auth', '/register', '/no-such-page']) {
    await page.goto(path);
    await expectFooter(page);
  }
});

test('the Notifications badge shows the real unread count', async ({ page }) => {
  // A member of its own with 3 unread messages (and one read): the outbox specs of the other worker send messages
  // to members too, so a demo account's count could change between reading it and seeing it.
  const sender = await createAccount('player', { firstName: 'Badge', lastName: 'Sender' });
  const reader = await createAccount('player', { firstName: 'Badge', lastName: 'Reader' });
  await withE2eDb(async (execute) => {
    for (const [i, readAt] of [null, null, null, Date.now()].entries()) {
      await execute('INSERT INTO messages (sender_id, recipient_id, body, read_at, created_at) VALUES (?, ?, ?, ?, ?)', [
        sender.id,
        reader.id,
        `Badge message ${i + 1}`,
        readAt,
        Date.now(),
      ]);
    }
  });
  await login(page, reader.email, reader.password);
  const res = await page.request.get('/api/messages/unread-count');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ count: 3 });

  await page.goto('/');
  const link = topBar(page).getByRole('link', { name: /^Notifications/ });
  await expect(link).toContainText('3');
  await expect(link).toHaveAccessibleName(/\b3\b/);
});

test.describe('mobile menu (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  async function openMobileMenu(page: Page): Promise<Locator> {
    await topBar(page).getByRole('button', { name: /menu/i }).click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    return panel;
  }

  async function hrefs(panel: Locator): Promise<string[]> {
    return panel.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  }

  for (const v of [viewers[0]!, viewers[2]!, viewers[3]!, viewers[4]!, viewers[5]!]) {
    test(`mirrors the top bar for the ${v.name} and adds both leaderboards`, async ({ page }) => {
      await seeAs(page, v);
      const panel = await openMobileMenu(page);
      await expectNoSeriousA11yViolations(page, `mobile menu as ${v.name}`);
      const links = await hrefs(panel);
      const want = expectedMenus(v);
      const expected = [
        '/',
        '/search',
        ...want.tournaments,
        ...want.divisions,
        ...(want.playersAndTeams ?? []),
        '/leaderboards?type=teams',
        '/leaderboards?type=players',
        ...want.more,
      ];
      for (const href of expected) expect(links, `mobile menu link ${href}`).toContain(href);
      // Nothing the top bar hides from this viewer.
      const hidden = ['/host-tournament', '/free-agency', '/transfer-portal', '/teams', '/media-day-rsvp', '/apply-verified', '/admin'];
      for (const href of hidden) {
        const shown = expected.includes(href) || (href === '/admin' && v.admin);
        if (!shown) expect(links, `mobile menu must not offer ${href}`).not.toContain(href);
      }
      if (v.email) {
        expect(links).toContain('/dashboard');
        expect(links).toContain('/messages');
        await expect(panel.getByRole('button', { name: 'Logout' }).or(panel.getByRole('link', { name: 'Logout' }))).toBeVisible();
      } else {
        expect(links).toContain('/auth');
        expect(links).toContain('/register');
      }
      if (v.admin) expect(links).toContain('/admin');
    });
  }
});
