import { queryE2eDb } from './e2e-db.ts';
import { PHOTO, PNG_NAMED_JPG, SVG } from './image-files.ts';
import { BASE_URL, expect, expectNoSeriousA11yViolations, signInAsNew, test, toast } from './fixtures.ts';

// Images (D23, 001 s5, s7, s8): an owner creates a team with a logo chosen, cropped square (zoom by keyboard) and
// uploaded after the team exists; then changes it from the team card. The API tests hold the server's rules.

test('an owner creates a team with a cropped logo (keyboard zoom) and changes it from the team card', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const owner = await signInAsNew(page, 'owner');
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Team' }).click();
  const create = page.getByRole('dialog', { name: 'Create Team' });
  await create.getByRole('textbox', { name: 'Team Name' }).fill('Crest Club');
  await create.getByRole('button', { name: 'Choose Logo' }).click();

  // The cropper's dialog: a wrong type is refused on the spot, then a PNG named .jpg is taken.
  const crop = page.getByRole('dialog', { name: 'Team Logo' });
  await crop.getByLabel('Image file').setInputFiles(SVG);
  await expect(toast(page, 'Invalid File Type', 'Please upload a JPG, PNG, or WebP image.')).toBeVisible();
  await crop.getByLabel('Image file').setInputFiles(PNG_NAMED_JPG);

  // Zoom 1 to 3 in steps of 0.1, by keyboard.
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveValue('1');
  await zoom.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('1.5');
  await page.keyboard.press('End');
  await expect(zoom).toHaveValue('3');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('1.1');
  await expectNoSeriousA11yViolations(page, '/teams logo crop dialog');
  await crop.getByRole('button', { name: 'Use Logo' }).click();
  await expect(crop).toBeHidden();
  await expect(create.getByRole('img', { name: 'Chosen team logo' })).toBeVisible();

  // Created first, then the logo uploads.
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(toast(page, 'Team Created')).toBeVisible();
  const team = page.getByRole('region', { name: 'Crest Club' });
  const [row] = await queryE2eDb('SELECT logo_url FROM teams WHERE owner_id = ?', [owner.id]);
  const logoUrl = String(row!.logo_url);
  expect(logoUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
  await expect(team.locator(`img[src="${logoUrl}"]`)).toBeVisible();
  const served = await page.request.get(`${BASE_URL}${logoUrl}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Change Logo on the card: cropped, uploaded with a progress bar, 'Logo Uploaded'.
  await team.getByRole('button', { name: 'Change Logo' }).click();
  const change = page.getByRole('dialog', { name: 'Team Logo' });
  await change.getByLabel('Image file').setInputFiles(PHOTO);
  await expect(change.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await change.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Logo Uploaded', 'Your team logo has been updated.')).toBeVisible();
  await expect(change).toBeHidden();
  const [after] = await queryE2eDb('SELECT logo_url FROM teams WHERE owner_id = ?', [owner.id]);
  expect(after!.logo_url).not.toBe(logoUrl);
  await expect(team.locator(`img[src="${String(after!.logo_url)}"]`)).toBeVisible();
  // The first logo was used by nobody else: its file is gone.
  expect((await page.request.get(`${BASE_URL}${logoUrl}`)).status()).toBe(404);
  await expectNoSeriousA11yViolations(page, '/teams with a logo');
});
