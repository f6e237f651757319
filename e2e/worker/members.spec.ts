import { queryE2eDb } from '../e2e-db.ts';
import { PHOTO } from '../image-files.ts';
import { fullName, openThread, sendInThread, thread } from '../messages-helpers.ts';
import { BASE_URL, createAccount, expect, login, signInAsNew, test, toast } from '../fixtures.ts';

// Issue 35 item 3 (ADR 062): what members do between matches, on the Worker host: a message to another member, who
// has Messages open in their own browser, and a profile picture stored in R2 and shown back from it.

test('a member writes to another, who sees it arrive unread and reads it', async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  const ann = await signInAsNew(page, 'player', { firstName: 'Annika', lastName: `Edge${tag}` });
  const bob = await createAccount('player', { firstName: 'Bobby', lastName: `Edge${tag}` });
  const bobContext = await browser.newContext({ baseURL: BASE_URL });
  const bobPage = await bobContext.newPage();
  await login(bobPage, bob.email, bob.password);
  await bobPage.goto('/messages');
  await expect(bobPage.getByText('No conversations yet')).toBeVisible();

  await openThread(page, bob);
  await sendInThread(page, 'Court 3 at noon?');
  await expect(thread(page).getByTestId('message')).toHaveCount(1);
  await expect(thread(page).getByTestId('tick-sent')).toHaveCount(1);

  // Bob's list shows it within its 10 s poll, unread; opening it reads it, and Ann's tick turns to read.
  const row = bobPage.getByTestId('conversation-row').filter({ hasText: fullName(ann) });
  await expect(row.getByTestId('conversation-unread')).toContainText('1 unread', { timeout: 15_000 });
  await row.click();
  await expect(thread(bobPage).getByTestId('message')).toHaveCount(1);
  await expect(thread(bobPage).getByTestId('message').first()).toContainText('Court 3 at noon?');
  await expect(thread(page).getByTestId('tick-read')).toHaveCount(1, { timeout: 10_000 });
  await bobContext.close();
});

test('a profile picture is stored in R2 and shown back from it', async ({ page }) => {
  const player = await signInAsNew(page, 'player');
  await page.goto('/edit-profile');
  await page.getByRole('button', { name: 'Upload Picture' }).click();
  const picture = page.getByRole('dialog', { name: 'Profile Picture' });
  await picture.getByLabel('Image file').setInputFiles(PHOTO);
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'Image Uploaded', 'Your profile picture has been updated.')).toBeVisible();
  const [me] = await queryE2eDb('SELECT profile_image_url FROM users WHERE id = ?', [player.id]);
  const src = String(me!.profile_image_url);
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);

  // The public profile shows it: the browser decoded what the Worker read back from the bucket.
  await page.goto(`/player/${player.id}`);
  const shown = page.locator(`main img[src="${src}"]`).first();
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/jpeg');
});
