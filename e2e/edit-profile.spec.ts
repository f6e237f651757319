import { request as playwrightRequest, type Page } from '@playwright/test';
import { demoSignaturePng } from '../db/seed-data/signature.ts';
import { queryE2eDb } from './e2e-db.ts';
import { PHOTO } from './image-files.ts';
import {
  BASE_URL,
  expect,
  expectNoSeriousA11yViolations,
  expectUnauthorizedThenSignIn,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// Edit Profile (001 s2, s5-s8; D7, D29, D36): a member edits and saves, the validation messages at their fields, the
// waiver's lock on the date of birth, the picture and (owners) the team logo, signed-in devices, a guest sent to sign
// in, and the page on a phone. The API tests (edge/features/profile-edit) hold the server's rules.

const YOUTUBE = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const VIMEO = 'https://vimeo.com/76979871';

async function openEditProfile(page: Page): Promise<void> {
  await page.goto('/edit-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

test('a member edits basic info and stats, sees the toast, reloads and sees them, and the public profile shows them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await signInAsNew(page, 'player');
  await openEditProfile(page);
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  // Players have no Team tab (001 s6).
  await expect(tab(page, 'Basic Info')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Player Stats')).toBeVisible();
  await expect(tab(page, 'Team')).toHaveCount(0);

  const basic = panel(page, 'Basic Info');
  await basic.getByRole('textbox', { name: 'First Name' }).fill('Keisha');
  await basic.getByRole('textbox', { name: 'Last Name' }).fill('Monroe');
  await basic.getByRole('textbox', { name: 'Tagline' }).fill('Left hand, right answers.');
  await basic.getByRole('textbox', { name: 'City' }).fill('Savannah');
  await basic.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Georgia' });
  await basic.getByRole('combobox', { name: 'Primary Sport' }).selectOption({ label: 'Slap Division' });
  await basic.getByLabel('Date of Birth').fill('1995-04-12');

  // The tabs answer the keyboard: arrow right moves to Player Stats.
  await tab(page, 'Basic Info').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Player Stats')).toHaveAttribute('aria-selected', 'true');
  const stats = panel(page, 'Player Stats');
  const bio = 'Slap Division regular out of Savannah. Steady chin, heavy hands.';
  await stats.getByRole('textbox', { name: 'Bio' }).fill(bio);
  await expect(stats.getByText(`${bio.length}/300`)).toBeVisible();
  await stats.getByRole('textbox', { name: 'Height' }).fill(`5'8"`);
  await stats.getByRole('textbox', { name: 'Weight (lbs)' }).fill('162');
  await stats.getByRole('checkbox', { name: 'Slap Division' }).check();
  await stats.getByRole('checkbox', { name: 'Flag Football' }).check();
  const best = stats.getByRole('combobox', { name: 'Best Division' });
  await expect(best.getByRole('option')).toHaveText(['None', 'Flag Football', 'Slap Division']);
  await best.selectOption('Slap Division');
  await stats.getByRole('textbox', { name: 'Highlight link 1' }).fill(YOUTUBE);
  await stats.getByRole('button', { name: 'Add Link' }).click();
  await expect(stats.getByRole('textbox', { name: 'Highlight link 2' })).toBeFocused();
  await page.keyboard.type(VIMEO);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile Updated', 'Your profile has been successfully updated.')).toBeVisible();
  const [row] = await queryE2eDb(
    `SELECT first_name, last_name, tagline, city, state, sport, date_of_birth, bio, height, weight, divisions,
       best_division, highlight_urls FROM users WHERE id = ?`,
    [me.id],
  );
  expect({ ...row }).toEqual({
    first_name: 'Keisha',
    last_name: 'Monroe',
    tagline: 'Left hand, right answers.',
    city: 'Savannah',
    state: 'GA',
    sport: 'slap',
    date_of_birth: '1995-04-12',
    bio,
    height: `5'8"`,
    weight: 162,
    divisions: JSON.stringify(['Flag Football', 'Slap Division']),
    best_division: 'Slap Division',
    highlight_urls: JSON.stringify([YOUTUBE, VIMEO]),
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(basic.getByRole('textbox', { name: 'First Name' })).toHaveValue('Keisha');
  await expect(basic.getByRole('combobox', { name: 'State' })).toHaveValue('GA');
  await expect(basic.getByLabel('Date of Birth')).toHaveValue('1995-04-12');
  await tab(page, 'Player Stats').click();
  await expect(stats.getByRole('textbox', { name: 'Bio' })).toHaveValue(bio);
  await expect(stats.getByRole('textbox', { name: 'Weight (lbs)' })).toHaveValue('162');
  await expect(stats.getByRole('checkbox', { name: 'Flag Football' })).toBeChecked();
  await expect(stats.getByRole('checkbox', { name: '1v1 Basketball' })).not.toBeChecked();
  await expect(stats.getByRole('combobox', { name: 'Best Division' })).toHaveValue('Slap Division');
  await expect(stats.getByRole('textbox', { name: 'Highlight link 2' })).toHaveValue(VIMEO);

  await page.goto(`/player/${me.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Keisha Monroe/ })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(bio)).toBeVisible();
  await expect(main.getByText('162 lbs')).toBeVisible();
  await expect(main.getByText('Flag Football, Slap Division')).toBeVisible();
  await expect(main.locator('iframe')).toHaveCount(2);
});

test('the validation messages show at their fields, and the best division waits for divisions', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsNew(page, 'player');
  await openEditProfile(page);
  const basic = panel(page, 'Basic Info');
  const first = basic.getByRole('textbox', { name: 'First Name' });
  await first.fill('   ');
  await basic.getByRole('textbox', { name: 'Last Name' }).fill('');

  await tab(page, 'Player Stats').click();
  const stats = panel(page, 'Player Stats');
  const best = stats.getByRole('combobox', { name: 'Best Division' });
  await expect(best).toBeDisabled();
  await expect(best.locator('option:checked')).toHaveText('Select divisions first');
  await stats.getByRole('textbox', { name: 'Bio' }).fill('b'.repeat(301));
  await expect(stats.getByText('301/300')).toBeVisible();
  await stats.getByRole('textbox', { name: 'Weight (lbs)' }).fill('1.5');
  await stats.getByRole('textbox', { name: 'Highlight link 1' }).fill('http://example.com/my-clip.mp4');

  // Save opens the tab of the first problem and puts the focus on it, each message under its field.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(tab(page, 'Basic Info')).toHaveAttribute('aria-selected', 'true');
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription(/First name is required/);
  await expect(basic.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription(/Last name is required/);
  await first.fill('Ruth');
  await expect(first).not.toHaveAttribute('aria-invalid', 'true');
  await basic.getByRole('textbox', { name: 'Last Name' }).fill('Okafor');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(tab(page, 'Player Stats')).toHaveAttribute('aria-selected', 'true');
  await expect(stats.getByRole('textbox', { name: 'Bio' })).toHaveAccessibleDescription(
    /Bio must be 300 characters or less/,
  );
  await expect(stats.getByRole('textbox', { name: 'Weight (lbs)' })).toHaveAccessibleDescription(
    /Weight must be a positive whole number of pounds/,
  );
  await expect(stats.getByRole('textbox', { name: 'Highlight link 1' })).toHaveAccessibleDescription(
    /Highlight links must be https links to a YouTube, Twitch or Vimeo video/,
  );
  await expectNoSeriousA11yViolations(page, '/edit-profile with messages');

  // Ticking a division offers it as the best one; unticking it takes it away again.
  await stats.getByRole('checkbox', { name: '1v1 Basketball' }).check();
  await expect(best).toBeEnabled();
  await best.selectOption('1v1 Basketball');
  await stats.getByRole('checkbox', { name: '1v1 Basketball' }).uncheck();
  await expect(best).toBeDisabled();

  await stats.getByRole('textbox', { name: 'Bio' }).fill('Short and sweet.');
  await stats.getByRole('textbox', { name: 'Weight (lbs)' }).fill('171');
  await stats.getByRole('button', { name: 'Remove highlight link 1' }).click();
  await expect(stats.getByRole('textbox', { name: 'Highlight link 1' })).toHaveValue('');

  // A refusal the screen could not foresee comes back as 'Update Failed' with the server's message.
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The league is busy"}' })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Update Failed', 'The league is busy')).toBeVisible();
  await page.unroute('**/api/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
});

test('a member who has signed the waiver sees their date of birth locked; before that it is editable', async ({
  page,
}) => {
  await signInAsNew(page, 'player', { dateOfBirth: '2009-02-03' });
  await openEditProfile(page);
  const dob = panel(page, 'Basic Info').getByLabel('Date of Birth');
  await expect(dob).toBeEditable();
  await expect(dob).toHaveValue('2009-02-03');

  // A minor signs with a parent or guardian (D7).
  const signed = await page.request.post('/api/waivers', {
    headers: { origin: BASE_URL },
    data: {
      agreed: true,
      signerName: 'E2E Minor',
      signatureData: demoSignaturePng,
      emergencyContactName: 'Pat Parent',
      emergencyContactPhone: '555-010-3000',
      parentGuardianName: 'Pat Parent',
      parentGuardianEmail: 'pat.parent@example.test',
      parentGuardianSignature: demoSignaturePng,
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);

  await page.reload();
  await expect(dob).toHaveValue('2009-02-03');
  await expect(dob).not.toBeEditable();
  await expect(dob).toHaveAccessibleDescription(/signed waiver, so it cannot be changed here/);
  // The server holds the rule too (D36).
  const refused = await page.request.patch('/api/profile', {
    headers: { origin: BASE_URL },
    data: { dateOfBirth: '2000-02-03' },
  });
  expect(refused.status()).toBe(403);
});

test('an owner uploads a picture, finds the Team tab asking for a team, then uploads the team logo there', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await signInAsNew(page, 'owner');
  await openEditProfile(page);
  await expect(page.getByRole('link', { name: 'Back to My Teams' })).toHaveAttribute('href', '/teams');

  // The profile picture: cropped and uploaded, 'Image Uploaded', the cached user updated.
  await page.getByRole('button', { name: 'Upload Picture' }).click();
  const picture = page.getByRole('dialog', { name: 'Profile Picture' });
  await picture.getByLabel('Image file').setInputFiles(PHOTO);
  await expect(picture.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Image Uploaded', 'Your profile picture has been updated.')).toBeVisible();
  await expect(picture).toBeHidden();
  const [me] = await queryE2eDb('SELECT profile_image_url FROM users WHERE id = ?', [owner.id]);
  expect(String(me!.profile_image_url)).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
  await expect(page.locator(`main img[src="${String(me!.profile_image_url)}"]`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Picture' })).toBeVisible();

  await tab(page, 'Team').click();
  const team = panel(page, 'Team');
  await expect(team.getByText('You need to create a team before you can upload a team logo.')).toBeVisible();
  await expect(team.getByRole('link', { name: 'Go to My Teams' })).toHaveAttribute('href', '/teams');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  const [created] = await queryE2eDb('INSERT INTO teams (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id', [
    'Logo Lab',
    owner.id,
    Date.now(),
  ]);
  await page.reload();
  await tab(page, 'Team').click();
  await expect(team.getByRole('heading', { name: 'Logo Lab' })).toBeVisible();
  await team.getByRole('button', { name: 'Upload Team Logo' }).click();
  const logo = page.getByRole('dialog', { name: 'Team Logo' });
  await logo.getByLabel('Image file').setInputFiles(PHOTO);
  await expect(logo.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await logo.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Logo Uploaded', 'Your team logo has been updated.')).toBeVisible();
  await expect(logo).toBeHidden();
  const [saved] = await queryE2eDb('SELECT logo_url FROM teams WHERE id = ?', [Number(created!.id)]);
  expect(String(saved!.logo_url)).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
  await expect(team.locator(`img[src="${String(saved!.logo_url)}"]`)).toBeVisible();
  await expect(team.getByRole('button', { name: 'Change Team Logo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/edit-profile Team tab');
});

test('the signed-in devices list marks this one and signs the others out', async ({ page }) => {
  const me = await signInAsNew(page, 'player');
  // The same account on another device.
  const other = await playwrightRequest.newContext({ baseURL: BASE_URL, userAgent: 'Mozilla/5.0 (iPhone) Safari/605' });
  try {
    const res = await other.post('/api/login', {
      data: { email: me.email, password: me.password },
      headers: { origin: BASE_URL },
    });
    expect(res.status()).toBe(200);

    await openEditProfile(page);
    const devices = page.getByRole('region', { name: 'Signed-in Devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await devices.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
    await expect(toast(page, 'Signed Out Everywhere Else', '1 other device was signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('You are signed in on this device only.')).toBeVisible();
    expect((await other.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await other.dispose();
  }
});

test('a guest is told to log in and sent to sign in after half a second', async ({ page }) => {
  await expectUnauthorizedThenSignIn(page, '/edit-profile', 'Please log in to edit your profile.');
});

test('Logout from Edit Profile ends at / signed out, not at the login page it guards', async ({ page }) => {
  // Edit Profile sends a guest to sign in after its half-second notice; Logout's own navigation to / was overtaken
  // by it when / took longer than that to answer, and the member ended on /auth?returnTo=/edit-profile. The home
  // page's answer is held for 1.5 s here so that moment always comes.
  await signInAsNew(page, 'player');
  await openEditProfile(page);
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() === 'document') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  const left = page.waitForURL((url) => url.pathname === '/' || url.pathname === '/auth');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await left;
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('on a phone the page fits 360 px on every tab and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsNew(page, 'owner');
  await openEditProfile(page);
  for (const name of ['Basic Info', 'Player Stats', 'Team']) {
    await tab(page, name).click();
    await expect(panel(page, name)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at 360 px`).toBeLessThanOrEqual(360);
  }
  await tab(page, 'Player Stats').click();
  await expectNoSeriousA11yViolations(page, '/edit-profile (360 px)');
});

test("a sport outside the form's four is kept when another field is saved", async ({ page }) => {
  // Seeded members (D18) play pickleball, boxing...: the form shows their sport and sends only what changed.
  const account = await signInAsNew(page, 'player');
  await queryE2eDb(`UPDATE users SET sport = 'pickleball' WHERE id = ?`, [account.id]);
  await openEditProfile(page);
  await expect(panel(page, 'Basic Info').getByRole('combobox', { name: 'Primary Sport' })).toHaveValue('pickleball');
  await panel(page, 'Basic Info').getByRole('textbox', { name: 'City' }).fill('Austin');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  const [row] = await queryE2eDb('SELECT city, sport FROM users WHERE id = ?', [account.id]);
  expect({ ...row }).toEqual({ city: 'Austin', sport: 'pickleball' });
});

test('a player crops and uploads a picture by keyboard and sees it on the dashboard and the public profile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const player = await signInAsNew(page, 'player');
  await openEditProfile(page);
  // Keyboard only, but for the file itself (the system's file chooser is outside the page).
  const open = page.getByRole('button', { name: 'Upload Picture' });
  await open.focus();
  await page.keyboard.press('Enter');
  const picture = page.getByRole('dialog', { name: 'Profile Picture' });
  await picture.getByLabel('Image file').setInputFiles(PHOTO);
  const zoom = picture.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveValue('1');
  await zoom.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('1.3');
  await picture.getByRole('button', { name: 'Upload' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Image Uploaded', 'Your profile picture has been updated.')).toBeVisible();
  await expect(picture).toBeHidden();
  const [me] = await queryE2eDb('SELECT profile_image_url FROM users WHERE id = ?', [player.id]);
  const src = String(me!.profile_image_url);
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);

  // The dashboard's profile card and the public profile show the new picture.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator(`main img[src="${src}"]`).first()).toBeVisible();
  await page.goto(`/player/${player.id}`);
  await expect(page.locator(`main img[src="${src}"]`).first()).toBeVisible();
  // The stored file is a JPEG served as one.
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/jpeg');
});
