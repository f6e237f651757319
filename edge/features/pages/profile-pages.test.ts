import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follows } from '../../../db/schema/follows.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member } from '../payments/test-helpers.ts';
import { isRenderedPage } from './render.ts';
import { appRenderer, loadAppRendererFirst } from '../../test/app-renderer.ts';

// The public profiles rendered on the server (issue 12, ADR 027; issue 13): their own title, description, canonical
// URL and preview tags, D36 for a minor (no photo, no city, noindex, no preview image), and the sitemap.

const NOW = new Date('2026-11-21T12:00:00Z');
const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="default" /><title>WTA League</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const SHELL = 'the app shell';

let t: TestApp;
loadAppRendererFirst();
beforeEach(async () => {
  t = await createTestApp({
    now: NOW,
    deps: {
      pages: { renderer: appRenderer, template: async () => TEMPLATE },
      staticHandler: async (c) => c.text(SHELL),
    },
  });
});
afterEach(() => t.cleanup());

async function player(fields: Partial<typeof users.$inferInsert>) {
  const m = await member(t);
  if (Object.keys(fields).length > 0) await t.db.update(users).set(fields).where(eq(users.id, m.id));
  return m;
}

async function addTeam(ownerId: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(teams)
    .values({ name: 'Atlanta Heat Check', ownerId, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('/player/{id}', () => {
  it('a guest gets the profile as HTML with its preview tags, and Follow is a link to sign in and come back', async () => {
    const p = await player({
      firstName: 'Jasmine',
      lastName: 'Carter',
      city: 'Atlanta',
      state: 'GA',
      tagline: 'Buckets & more',
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 50,
      profileImageUrl: '/uploads/jasmine.jpg',
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ'],
    });
    const res = await t.request(`/player/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Jasmine Carter | WTA League</title>');
    expect(meta(html, 'og:title')).toBe('Jasmine Carter | WTA League');
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:image')).toBe('http://localhost:3000/uploads/jasmine.jpg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'description')).toContain(
      'Jasmine Carter of Atlanta, GA on WTA League: 1,240 pts, 38-12 record.',
    );
    expect(meta(html, 'description')).toContain('Buckets &amp; more');
    expect(meta(html, 'robots')).toBeUndefined();
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/player/${p.id}" />`);
    // The content itself: the name, the figures, the embedded highlight (lazy, named) and the guest's Follow link.
    expect(html).toMatch(/<h1[^>]*>Jasmine Carter<\/h1>/);
    expect(html).toContain('76%');
    expect(html).toMatch(/<iframe[^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"[^>]*>/);
    expect(html).toMatch(/<iframe[^>]*loading="lazy"/);
    expect(html).toMatch(/<iframe[^>]*title="Jasmine Carter highlight 1 of 1 \(YouTube\)"/);
    expect(html).toContain(`href="/auth?returnTo=%2Fplayer%2F${p.id}"`);
    expect(html).toContain('0 followers');
  });

  it('D36: a minor’s page has no photo, no city, no preview image, and asks not to be indexed', async () => {
    const p = await player({
      firstName: 'Kid',
      lastName: 'Phenom',
      city: 'Decatur',
      state: 'GA',
      dateOfBirth: '2010-05-05',
      profileImageUrl: '/uploads/kid.jpg',
    });
    const html = await (await t.request(`/player/${p.id}`)).text();
    expect(html).toContain('<title>Kid Phenom | WTA League</title>');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html).not.toContain('Decatur');
    expect(html).not.toContain('/uploads/kid.jpg');
    // A signed-in member sees the photo and city; the page is still not for indexing, and its preview has no image.
    const fan = await member(t, { role: 'fan' });
    const signedIn = await (await fan.agent.get(`/player/${p.id}`)).text();
    expect(signedIn).toContain('Decatur');
    expect(meta(signedIn, 'robots')).toBe('noindex');
    expect(meta(signedIn, 'og:image')).toBeUndefined();
  });

  it('a signed-in follower sees Following (pressed) with the count; their own page has no Follow button', async () => {
    const p = await player({ firstName: 'Jasmine', lastName: 'Carter' });
    const fan = await member(t, { role: 'fan' });
    await t.db.insert(follows).values({ followerId: fan.id, playerId: p.id, createdAt: NOW });
    const res = await fan.agent.get(`/player/${p.id}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toMatch(
      /<button[^>]*aria-pressed="true"[^>]*>(?:(?!<\/button>).)*Following(?:(?!<\/button>).)* Jasmine Carter/s,
    );
    expect(html).toContain('1 follower');
    const own = await (await p.agent.get(`/player/${p.id}`)).text();
    expect(own).not.toContain('aria-pressed');
    expect(own).not.toContain('returnTo=');
    expect(own).toContain('1 follower');
  });

  it('an unknown or malformed player is the page’s "Player not found" with a link to /free-agency, status 404', async () => {
    for (const id of ['nobody-here', 'has.dots', 'x'.repeat(80)]) {
      const res = await t.request(`/player/${id}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>Player not found<\/h1>/);
      expect(html).toContain('href="/free-agency"');
    }
  });
});

describe('/teams/{id} and /team/{id}', () => {
  it('both addresses render the team with its roster; the canonical URL is /teams/{id}', async () => {
    const owner = await member(t, { role: 'owner', verified: true });
    const teamId = await addTeam(owner.id, {
      tagline: 'Heat checks only.',
      wins: 24,
      losses: 8,
      logoUrl: '/uploads/logo.jpg',
    });
    const star = await player({ firstName: 'Star', lastName: 'Player', city: 'Macon' });
    await t.db.insert(teamMembers).values({ teamId, userId: star.id, position: 'captain', joinedAt: NOW });
    for (const path of [`/teams/${teamId}`, `/team/${teamId}`, `/TEAMS/${teamId}/`]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>Atlanta Heat Check | WTA League</title>');
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/teams/${teamId}" />`);
      expect(meta(html, 'og:image')).toBe('http://localhost:3000/uploads/logo.jpg');
      expect(meta(html, 'description')).toContain('24-8 record');
      expect(html).toMatch(/<h1[^>]*>Atlanta Heat Check<\/h1>/);
      expect(html).toContain(`href="/player/${star.id}"`);
      expect(html).toContain('Captain');
      expect(html).toContain('75%');
      expect(html).toContain(`href="/auth?returnTo=%2Fteams%2F${teamId}"`);
    }
  });

  it('an unknown team is "Team not found" with a link to /tournaments (404); /teams itself stays the owner page', async () => {
    for (const path of ['/teams/424242', '/team/abc', '/teams/0']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>Team not found<\/h1>/);
      expect(html).toContain('href="/tournaments"');
    }
    expect(await (await t.request('/teams')).text()).toBe(SHELL);
    expect(isRenderedPage('/teams')).toBe(false);
    expect(isRenderedPage('/teams/')).toBe(false);
    expect(isRenderedPage('/teams/12')).toBe(true);
    expect(isRenderedPage('/team/12')).toBe(true);
    expect(isRenderedPage('/player/abc')).toBe(true);
    expect(isRenderedPage('/player/abc/x')).toBe(false);
  });
});

describe('sitemap', () => {
  it('lists teams and adult players, never a minor (D36), fans or admins', async () => {
    const adult = await player({ dateOfBirth: '1990-01-01' });
    const undated = await player({});
    const minor = await player({ dateOfBirth: '2009-11-22' });
    const eighteenToday = await player({ dateOfBirth: '2008-11-21' });
    const fan = await member(t, { role: 'fan' });
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    const xml = await (await t.request('/sitemap.xml')).text();
    for (const id of [adult.id, undated.id, eighteenToday.id])
      expect(xml).toContain(`<loc>http://localhost:3000/player/${id}</loc>`);
    for (const id of [minor.id, fan.id, owner.id]) expect(xml).not.toContain(`/player/${id}<`);
    expect(xml).toContain(`<loc>http://localhost:3000/teams/${teamId}</loc>`);
  });
});
