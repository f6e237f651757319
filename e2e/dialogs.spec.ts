import { closeDialogWithEscape, expect, test } from './fixtures.ts';

// Dialogs on a phone whose main thread is busy (issue 10: a paired CI run left the verification details dialog on
// the page after Escape). Ark keeps a closing dialog until its exit animation ends, and listened for that end only
// an effect and a frame after the close; with frames ~120 ms apart the animation ended first and the closed dialog
// stayed for good, its invisible backdrop over the page. Dialogs now have no exit animation (app/theme/recipes).

test.use({ viewport: { width: 390, height: 800 } });

test('a dialog closed on a busy phone leaves the page, and the page answers taps again', async ({ page }) => {
  await page.goto('/tournaments');
  // Busy 120 ms out of every ~125: frames, effects and animation events come far apart, as on a slow phone.
  await page.evaluate(() =>
    setInterval(() => {
      const started = performance.now();
      while (performance.now() - started < 120);
    }, 5),
  );
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  for (let round = 0; round < 3; round += 1) {
    await openMenu.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await closeDialogWithEscape(menu);
    // Nothing left over the page: the next tap reaches the button under where the backdrop was.
    await expect(page.locator('[data-scope="dialog"]')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'WTA League' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
