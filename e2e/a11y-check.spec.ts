import { expect, seriousA11yViolations, test } from './fixtures.ts';

// The suite's accessibility check (fixtures.ts) must be able to fail: a page with known serious violations reports
// each of them, and the same page without them reports none.
test('the axe check reports serious violations and passes a clean page', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.getElementById('main')!;
    main.insertAdjacentHTML('beforeend', '<button id="nameless"></button><img id="no-alt" src="/favicon.ico">');
  });
  const found = await seriousA11yViolations(page);
  expect(found.some((v) => v.startsWith('button-name ') && v.includes('#nameless'))).toBe(true);
  expect(found.some((v) => v.startsWith('image-alt ') && v.includes('#no-alt'))).toBe(true);
});
