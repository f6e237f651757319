import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { isRenderedPage } from './render.ts';
import { appRenderer, loadAppRendererFirst } from '../../test/app-renderer.ts';

// The static pages of 001 s2 (issue 14) arrive as HTML with their content and head, like the other public pages
// (ADR 027): what a crawler or a browser without JavaScript gets.

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="default" /><title>WTA League</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

let t: TestApp;
loadAppRendererFirst();
beforeAll(async () => {
  t = await createTestApp({
    now: new Date('2026-11-21T12:00:00Z'),
    deps: {
      pages: { renderer: appRenderer, template: async () => TEMPLATE },
      staticHandler: async (c) => c.text('the app shell'),
    },
  });
});
afterAll(() => t.cleanup());

const page = async (path: string) => {
  const res = await t.request(path);
  return { status: res.status, html: await res.text() };
};

describe('the legal pages (001 s2)', () => {
  it.each([
    [
      '/terms',
      'Terms of Service',
      ['at least 13 years old', 'under 18', 'binding arbitration', 'Payment Terms', 'refunded in full'],
    ],
    ['/privacy', 'Privacy Policy', ['within 30 days', 'aged 13 and up']],
    [
      '/code-of-conduct',
      'Code of Conduct',
      ['at least 30 minutes before', 'within ' + '7 days', 'from a warning to a permanent ban', 'Suspension'],
    ],
  ])(
    '%s is rendered with its title, text, date, Back to Home, canonical and preview tags',
    async (path, title, facts) => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain(`<title>${title} | WTA League</title>`);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}" />`);
      expect(html).toContain(`<meta property="og:title" content="${title} | WTA League" />`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
      expect(html).not.toContain('content="default"');
      // The page's own markup, not the head or the data to hydrate from.
      // React marks where one text node ends and the next begins (`<!-- -->`); a reader sees one text.
      const root = html
        .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="module"'))
        .replaceAll('<!-- -->', '');
      expect(root).toContain(`>${title}</h1>`);
      expect(root).toContain('Last updated: January 2025');
      expect(root.match(/Back to Home/g)).toHaveLength(2);
      for (const fact of facts) expect(root).toContain(fact);
    },
  );
});

describe('the notices', () => {
  it('/maintenance says Under Construction with a two-hour countdown and support, not indexed', async () => {
    const { status, html } = await page('/maintenance');
    expect(status).toBe(200);
    expect(html).toContain('<title>Under Construction | WTA League</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('>Under Construction</h1>');
    expect(html).toContain('02:00:00');
    expect(html).toContain('href="/support"');
    // Social links only when the league configured its own (VITE_SOCIAL_LINKS, site-links.test.ts): none here.
    expect(html).not.toContain('Follow us for updates');
  });

  it('/unauthorized answers 403 with Access Denied, the reasons and its four ways out', async () => {
    const { status, html } = await page('/unauthorized');
    expect(status).toBe(403);
    expect(html).toContain('<title>Access Denied | WTA League</title>');
    expect(html).toContain('>Access Denied</h1>');
    expect(html).toContain('>403</p>');
    expect(html).toContain('This page requires admin privileges');
    expect(html).toMatch(/href="\/api\/login"[^>]*>.*Login to Your Account/);
    expect(html).toContain('Go Back');
    expect(html).toMatch(/href="\/"[^>]*>.*Return to Homepage/);
    expect(html).toContain('href="/support"');
  });

  it('matches the five paths case-insensitively, and nothing around them', () => {
    for (const path of ['/terms', '/PRIVACY', '/code-of-conduct/', '/maintenance', '/unauthorized']) {
      expect(isRenderedPage(path)).toBe(true);
    }
    expect(isRenderedPage('/terms/extra')).toBe(false);
    expect(isRenderedPage('/termsx')).toBe(false);
  });
});

it('lists the legal pages in the sitemap, and not the notices', async () => {
  const xml = await (await t.request('/sitemap.xml')).text();
  for (const path of ['/terms', '/privacy', '/code-of-conduct']) {
    expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
  }
  expect(xml).not.toContain('/maintenance');
  expect(xml).not.toContain('/unauthorized');
});
