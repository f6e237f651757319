import { DEMO, expect, expectNoSeriousA11yViolations, login, pageHydrated, test } from './fixtures.ts';
import { queryE2eDb } from './e2e-db.ts';

// Issue 16 item 4 (D29): the blog's published posts, a post's Markdown rendered safely with Share, drafts for admins
// only; both pages arrive rendered on the server with their previews.

const NEWEST = 'Preview: SlamBall Summer Smash Is Live Today';
const WELCOME = 'Welcome to the WTA: Cash, Not Trophies';

async function draftPost(): Promise<{ id: number; title: string }> {
  const rows = await queryE2eDb('SELECT id, title FROM blog_posts WHERE published_at IS NULL ORDER BY id LIMIT 1');
  return { id: Number(rows[0]!.id), title: String(rows[0]!.title) };
}

test.describe('the blog', () => {
  test('a reader opens a post from the list, reads it and shares it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/blog');
    await pageHydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    // Newest first, each with its category, date and the start of its text. Other journeys publish posts into the
    // same database, so the demo's two are found by name and compared by position, not assumed first.
    const newest = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NEWEST }) });
    await expect(newest).toBeVisible();
    await expect(newest.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/);
    await expect(page.getByRole('link', { name: WELCOME })).toBeVisible();
    const titles = await page.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles.indexOf(NEWEST)).toBeLessThan(titles.indexOf(WELCOME));
    const draft = await draftPost();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: WELCOME }).click();
    await expect(page).toHaveURL(/\/blog\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
    await expect(page).toHaveTitle(`${WELCOME} | WTA League`);
    // The Markdown became HTML (no raw marks left) and every link leaves with noopener.
    const article = page.getByRole('article');
    await expect(article.locator('p').first()).toBeVisible();
    await expect(article).not.toContainText('**');
    for (const rel of await article
      .locator('a[href^="http"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('rel')))) {
      expect(rel).toContain('noopener');
    }
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expectNoSeriousA11yViolations(page);
  });

  test('a draft is not found for guests and shown to admins; a bad id is not found', async ({ page, request }) => {
    const draft = await draftPost();
    const res = await request.get(`/blog/${draft.id}`);
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain(draft.title);
    await page.goto(`/blog/${draft.id}`);
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();
    await page.goto('/blog/not-a-post');
    await expect(page.getByRole('heading', { name: 'Blog post not found' })).toBeVisible();

    await login(page, DEMO.admin);
    await page.goto(`/blog/${draft.id}`);
    await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
    await expect(page.getByText('Draft: only admins see this post')).toBeVisible();
  });

  test('the list and a post arrive rendered with their previews', async ({ request }) => {
    const list = await (await request.get('/blog')).text();
    expect(list).toContain('<title>Blog | WTA League</title>');
    expect(list).toContain(NEWEST.replace(/&/g, '&amp;'));
    const rows = await queryE2eDb(`SELECT id FROM blog_posts WHERE title = '${WELCOME.replace(/'/g, "''")}'`);
    const post = await (await request.get(`/blog/${Number(rows[0]!.id)}`)).text();
    expect(post).toContain(`<title>${WELCOME} | WTA League</title>`);
    expect(post).toContain('<meta property="og:type" content="article" />');
    expect(post).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(post).toMatch(new RegExp(`<h1[^>]*>${WELCOME.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
  });
});
