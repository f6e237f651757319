import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fillTemplate, isRenderedPage, type PageRenderer } from './render.ts';
import { appRenderer, loadAppRendererFirst } from '../../test/app-renderer.ts';

// Server rendering (ADR 027) through the real app: the app's own renderer (app/entry-server.tsx) reads the API in
// process with the visitor's cookies, and the answer carries the page, its preview tags and its data.

const NOW = new Date('2026-11-21T12:00:00Z');
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="default" /><title>WTA League</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const SHELL = 'the app shell';

let t: TestApp;
let renderer: () => Promise<PageRenderer | null>;

loadAppRendererFirst();
beforeEach(async () => {
  renderer = appRenderer;
  t = await createTestApp({
    now: NOW,
    deps: {
      pages: { renderer: () => renderer(), template: async () => TEMPLATE },
      // What a host's static handler answers for anything not rendered: here a marker to tell the two apart.
      staticHandler: async (c) => c.text(SHELL),
    },
  });
});
afterEach(() => t.cleanup());

async function addTournament(fields: Partial<typeof tournaments.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(tournaments)
    .values({
      title: 'Hoop <Kings> & Co',
      description: 'One day, one winner.',
      location: 'Ponce City Courts',
      division: 'hoop',
      startDate: new Date(NOW.getTime() + 5 * 86_400_000),
      createdAt: NOW,
      ...fields,
    })
    .returning({ id: tournaments.id });
  return row!.id;
}

describe('public pages rendered on the server', () => {
  it('a tournament page holds its title, escaped preview tags, content and data', async () => {
    const id = await addTournament();
    const res = await t.request(`/tournaments/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/i);
    const html = await res.text();
    expect(html).toContain('<title>Hoop &lt;Kings&gt; &amp; Co | WTA League</title>');
    expect(html).toContain('<meta property="og:title" content="Hoop &lt;Kings&gt; &amp; Co | WTA League" />');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/tournaments/${id}" />`);
    expect(html).toContain('Ponce City Courts');
    expect(html).not.toContain('content="default"');
    // The data to hydrate from, safe inside a script element.
    const state = /<script type="application\/json" id="wta-ssr">([^<]*)<\/script>/.exec(html)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    const parsed = JSON.parse(state!) as {
      env: { now: number; timeZone: string };
      queries: { queries: unknown[] };
    };
    expect(parsed.env).toEqual({ now: NOW.getTime(), timeZone: 'UTC' });
    expect(JSON.stringify(parsed.queries)).toContain('Hoop <Kings> & Co');
  });

  it("names the flyer's preload once, in the head, and holds no script but its own and no unfinished part (issue 36)", async () => {
    const id = await addTournament({ flyerUrl: '/media/flyers/slamball.webp' });
    const html = await (await t.request(`/tournaments/${id}`)).text();
    const [head, body] = html.split('</head>');
    // React writes a preload for an image with fetchPriority="high" ahead of the markup; the renderer moves it.
    expect(head!.match(/<link rel="preload" as="image" href="\/media\/flyers\/slamball.webp" fetchPriority="high"\/>/g)).toHaveLength(1);
    expect(body).not.toContain('rel="preload"');
    expect(body).toContain('src="/media/flyers/slamball.webp"');
    // Every part complete where it stands: no fallback awaiting a script (the CSP allows no inline script).
    expect(body!.match(/<script\b[^>]*>/g)?.sort()).toEqual(['<script type="application/json" id="wta-ssr">', '<script type="module" src="/assets/index.js">']);
    expect(body).not.toMatch(/<template|<!--\$[?!]-->/);
  });

  it('writes dates in the zone of the wta_tz cookie and ignores an invalid one', async () => {
    const id = await addTournament({
      startDate: new Date('2026-11-28T02:30:00Z'),
    });
    const utc = await (
      await t.request(`/tournaments/${id}`, {
        headers: { cookie: 'wta_tz=Not/AZone' },
      })
    ).text();
    expect(utc).toContain('November 28th, 2026 at 2:30 AM');
    const ny = await (
      await t.request(`/tournaments/${id}`, {
        headers: { cookie: 'wta_tz=America/New_York' },
      })
    ).text();
    expect(ny).toContain('November 27th, 2026 at 9:30 PM');
  });

  it("a signed-in visitor's page is theirs alone: private, never stored, and a guest's holds nobody", async () => {
    const id = await addTournament();
    const member = await t.member();
    const res = await member.agent.get(`/tournaments/${id}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const mine = await res.text();
    const email = (await (await member.agent.get('/api/auth/user')).json()) as {
      email: string;
    };
    expect(mine).toContain(email.email);
    const guest = await (await t.request(`/tournaments/${id}`)).text();
    expect(guest).not.toContain(email.email);
  });

  it('an unknown tournament is the not-found page with 404', async () => {
    const res = await t.request('/tournaments/424242');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('the list, a division and the landing page are rendered; other pages get the shell', async () => {
    await addTournament();
    expect(await (await t.request('/tournaments')).text()).toContain('<title>Tournaments | WTA League</title>');
    expect(await (await t.request('/divisions/HOOP')).text()).toMatch(/<title>Hoop[^<]*\| WTA League<\/title>/);
    expect(await (await t.request('/')).text()).toContain('<title>WTA League</title>');
    expect(await (await t.request('/dashboard')).text()).toBe(SHELL);
    expect(await (await t.request('/assets/index.js')).text()).toBe(SHELL);
    // A search the route rewrites: the router redirects and renders nothing, so the browser's app shows the list
    // (an empty page sent as rendered would fail to hydrate, issue 36).
    expect(await (await t.request('/tournaments?status=garbage')).text()).toBe(SHELL);
    expect(await (await t.request('/tournaments?status=live')).text()).toContain('<title>Tournaments | WTA League</title>');
  });

  it('a renderer that fails or is not built falls back to the shell, never a 500', async () => {
    const id = await addTournament();
    const { isKnownPage } = await appRenderer();
    renderer = async () => ({
      isKnownPage,
      renderPage: () => Promise.reject(new Error('render bug')),
    });
    const failed = await t.request(`/tournaments/${id}`);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toBe(SHELL);
    // A path outside the route table keeps its 404 with the shell, whose app shows the not-found page.
    const unknown = await t.request('/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(SHELL);
    renderer = async () => null;
    expect(await (await t.request(`/tournaments/${id}`)).text()).toBe(SHELL);
  });
});

describe('paths outside the route table (issue 34)', () => {
  it('are the not-found page with 404, rendered on the server, for guests and members', async () => {
    const member = t.agent();
    await member.register();
    for (const path of ['/does-not-exist', '/tournaments/foo/bar', '/teams_/1', '/checkout', '/Dashboard/extra/']) {
      for (const [who, res] of [
        ['guest', await t.request(path)],
        ['member', await member.get(path)],
      ] as const) {
        expect(res.status, `${path} (${who})`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html, path).toContain('Page Not Found');
        expect(html).toContain('<script type="application/json" id="wta-ssr">');
      }
    }
    // HEAD answers as GET does.
    expect((await t.request('/does-not-exist', { method: 'HEAD' })).status).toBe(404);
  });

  it('leave every page of the table alone: signed-in screens get the shell, files and the API their own answers', async () => {
    for (const path of ['/dashboard', '/DASHBOARD/', '/messages', '/checkout/success', '/teams', '/auth']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
    }
    // A file, found or not, is the static handler's to answer; an unknown API path stays a JSON 404.
    expect(await (await t.request('/sw.js')).text()).toBe(SHELL);
    const api = await t.request('/api/does-not-exist');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('are told apart by the router itself', async () => {
    const { isKnownPage } = await appRenderer();
    for (const path of ['/', '/tournaments', '/TOURNAMENTS/12/', '/blog', '/team/3', '/teams/3', '/admin', '/player/x']) {
      expect(isKnownPage(path), path).toBe(true);
    }
    for (const path of ['/does-not-exist', '/tournaments/1/x', '/divisions', '/checkout', '/teams_/3', '/a/b/c']) {
      expect(isKnownPage(path), path).toBe(false);
    }
  });
});

describe('fillTemplate and isRenderedPage', () => {
  it('puts head, markup and state in place even when they hold $ patterns', () => {
    const out = fillTemplate(TEMPLATE, {
      head: '<title>$& $1</title>',
      html: '<p>$$</p>',
      state: '{"a":"$\'"}',
    });
    expect(out).toContain('<title>$& $1</title>');
    expect(out).toContain('<div id="root"><p>$$</p></div>');
    expect(out).toContain('<script type="application/json" id="wta-ssr">{"a":"$\'"}</script>');
    expect(out).not.toContain('content="default"');
  });

  it("keeps the app's one stylesheet link", () => {
    const template = TEMPLATE.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/boot-1.css"></head>');
    const linked = fillTemplate(template, { head: '<title>x</title>', html: '', state: '{}' });
    expect(linked.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(linked).toContain('href="/assets/boot-1.css"');
  });

  it('knows the rendered public pages', () => {
    for (const path of ['/', '/tournaments', '/tournaments/', '/TOURNAMENTS/12', '/divisions/hoop']) {
      expect(isRenderedPage(path)).toBe(true);
    }
    for (const path of ['/dashboard', '/admin', '/tournaments/1/x', '/api/tournaments', '/auth']) {
      expect(isRenderedPage(path)).toBe(false);
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('lists the public pages and listed tournaments, never a pending, rejected or cancelled one', async () => {
    const listed = await addTournament({ status: 'upcoming' });
    const done = await addTournament({ status: 'completed' });
    const pending = await addTournament({ status: 'pending' });
    const cancelled = await addTournament({ status: 'cancelled' });
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<loc>http://localhost:3000/</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/divisions/pickleball</loc>');
    for (const path of ['/bracket-archive', '/leaderboards', '/blog']) {
      expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(xml).toContain(`<loc>http://localhost:3000/tournaments/${listed}</loc>`);
    expect(xml).toContain(`<loc>http://localhost:3000/tournaments/${done}</loc>`);
    expect(xml).not.toContain(`/tournaments/${pending}<`);
    expect(xml).not.toContain(`/tournaments/${cancelled}<`);
  });

  it('robots.txt keeps crawlers off the API and account pages and names the sitemap by its full URL', async () => {
    const text = await (await t.request('/robots.txt')).text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toMatch(/Sitemap: http:\/\/localhost:3000\/sitemap\.xml\n$/);
  });
});
