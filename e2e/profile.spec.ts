import { queryE2eDb } from './e2e-db.ts';
import {
  createAccount,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  pageReady,
  signInAsNew,
  test,
  toast,
  uniqueEmail,
} from './fixtures.ts';

// 000 s2 "Registration path / profile completion screen" and PATCH /api/users/profile.

test('signed out, /register asks to log in', async ({ page }) => {
  await page.goto('/register');
  await expect(toast(page, 'Authentication Required', 'Please log in to register for WTA')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/register signed out');
});

for (const path of [
  { card: 'Solo Player', title: 'Player Registration', role: 'player' },
  { card: 'Team Owner', title: 'Team Owner Registration', role: 'owner' },
] as const) {
  test(`signed in: Choose Your Path -> ${path.card} -> Complete Registration -> /dashboard`, async ({ page }) => {
    // Registered as a fan so the chosen path really sets the role.
    await signInAsNew(page, 'fan');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Choose Your Path' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/register Choose Your Path');

    await page.getByRole('button', { name: new RegExp(path.card) }).click();
    await expect(page.getByRole('heading', { name: path.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

    // All three fields are required (000 s5): submitting empty stays on the form.
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expectNoSeriousA11yViolations(page, `${path.title} with errors`);

    await page.getByLabel('Tagline / Motto').fill('Cash, not trophies');
    await page.getByLabel('City / Location').fill('Atlanta, GA');
    await page.getByLabel('Primary Sport').selectOption({ label: 'Basketball' });
    await expectNoSeriousA11yViolations(page, `${path.title} filled`);
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await expect(toast(page, 'Profile Updated', 'Your registration is complete!')).toBeVisible();
    await expect(page).toHaveURL(/\/(dashboard|teams)$/);

    // The server stored it.
    const me = await page.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({
      role: path.role,
      tagline: 'Cash, not trophies',
      city: 'Atlanta, GA',
      sport: 'basketball',
    });
    if (path.role === 'player') await expect(page).toHaveURL(/\/dashboard$/);
    await pageReady(page);
    await expectNoSeriousA11yViolations(page, `after ${path.title}`);
  });
}

test('Back returns from the form to Choose Your Path', async ({ page }) => {
  await signInAsNew(page, 'player');
  await page.goto('/register');
  await page.getByRole('button', { name: /Solo Player/ }).click();
  await expect(page.getByRole('heading', { name: 'Player Registration' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Path' })).toBeVisible();
});

test('D34: an owner who owns a team is told why they cannot become a Solo Player, and stays an owner', async ({ page }) => {
  // owner@wta.local owns the Atlanta Heat Check.
  await login(page, DEMO.owner);
  await page.goto('/register');
  await page.getByRole('button', { name: /Solo Player/ }).click();
  await page.getByLabel('Tagline / Motto').fill('Switching sides');
  await page.getByLabel('City / Location').fill('Atlanta, GA');
  await page.getByLabel('Primary Sport').selectOption({ label: 'Basketball' });
  await page.getByRole('button', { name: 'Complete Registration' }).click();

  const reason =
    'You own a team, so you cannot change your role. Players and team owners can switch only while they own no team and are on no team.';
  await expect(toast(page, 'Error')).toContainText(reason);
  // The reason stays on the form after the toast is gone.
  await expect(page.getByRole('alert').filter({ hasText: 'Your role cannot change' })).toContainText(reason);
  await expect(page).toHaveURL(/\/register$/);
  await expectNoSeriousA11yViolations(page, 'Choose Your Path refused');
  const me = await page.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({ role: 'owner' });
});

test('D34: an admin has no path to choose; the form keeps their admin role', async ({ page }) => {
  // A fresh admin, so no other test sees the demo admin's details change.
  const account = await createAccount('player', { email: uniqueEmail('admin').replace('@example.test', '@wta.local') });
  await queryE2eDb(`UPDATE users SET role = 'admin' WHERE id = ?`, [account.id]);
  await login(page, account.email, account.password);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Solo Player|Team Owner/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

  await page.getByLabel('Tagline / Motto').fill('Running the league');
  await page.getByLabel('City / Location').fill('Atlanta, GA');
  await page.getByLabel('Primary Sport').selectOption({ label: 'Basketball' });
  await expectNoSeriousA11yViolations(page, 'Complete Your Profile as an admin');
  await page.getByRole('button', { name: 'Complete Registration' }).click();

  await expect(toast(page, 'Profile Updated', 'Your registration is complete!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await page.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({ role: 'admin', tagline: 'Running the league', profileComplete: true });
});
