import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { blogPosts } from '../../../db/schema/blog.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournaments, type TournamentStatus } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { adultCutoff } from '../../lib/minors.ts';

/**
 * /sitemap.xml (issue 12): the public pages a search engine may list. Signed-in pages, pending or rejected hosted
 * tournaments (D10) and cancelled ones are left out; so is every minor's profile (D36). One file holds at most 50,000
 * URLs (the protocol's limit): the static pages, then tournaments newest first, published blog posts, teams, then players
 * by points.
 */

// The legal pages are content worth finding; /maintenance and /unauthorized are notices (noindex) and stay out.
const STATIC_PAGES = [
  '/',
  '/tournaments',
  '/bracket-archive',
  '/leaderboards',
  '/blog',
  '/sponsorship',
  '/terms',
  '/privacy',
  '/code-of-conduct',
];
const SITEMAP_LIMIT = 50_000;

// WTA League: the public pages (home, tournaments, divisions, search, sponsorship, team and player pages) may be
// indexed; the API, sign-in and sign-up, the waiver, payment pages and every page that needs an account may not
// (they show a crawler only a sign-in prompt). The list follows the route table (spec 000 s2, app/routes).
// /teams is the owner's own team page; /teams/{id}, a team's public page, stays open, hence the $ anchors.
const ROBOTS_RULES = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /api/',
  'Disallow: /admin',
  'Disallow: /auth',
  'Disallow: /register',
  'Disallow: /waiver',
  'Disallow: /dashboard',
  'Disallow: /verified-dashboard',
  'Disallow: /team-dashboard',
  'Disallow: /teams$',
  'Disallow: /teams/$',
  'Disallow: /tickets',
  'Disallow: /checkout/',
  'Disallow: /donate',
  'Disallow: /messages',
  'Disallow: /free-agency',
  'Disallow: /transfer-portal',
  'Disallow: /apply-verified',
  'Disallow: /media-day',
  'Disallow: /host-tournament',
  'Disallow: /edit-profile',
].join('\n');

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The divisions (D17) and the statuses a visitor may see (D10) belong to the tournaments feature; app.ts hands them
 * in, so each list is written once.
 */
export const sitemapRoutes = (site: { divisions: readonly string[]; listedStatuses: readonly TournamentStatus[] }) =>
  new Hono<AppEnv>()
    // robots.txt names the sitemap by its absolute URL, which only the server knows (PUBLIC_URL).
    .get('/robots.txt', (c) => {
      const origin = c.get('deps').config.publicUrl.replace(/\/+$/, '');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(`${ROBOTS_RULES}\n\nSitemap: ${origin}/sitemap.xml\n`);
    })
    .get('/sitemap.xml', async (c) => {
      const { db, config } = c.get('deps');
      const origin = config.publicUrl.replace(/\/+$/, '');
      const fixed = [...STATIC_PAGES, ...site.divisions.map((slug) => `/divisions/${slug}`)];
      // Served from tournaments_status_start_idx: the newest listed tournaments, ids only.
      const rows = await db
        .select({ id: tournaments.id })
        .from(tournaments)
        .where(inArray(tournaments.status, [...site.listedStatuses]))
        .orderBy(desc(tournaments.startDate))
        .limit(SITEMAP_LIMIT - fixed.length);
      const listed = [...fixed, ...rows.map((row) => `/tournaments/${row.id}`)];
      // Published blog posts, newest first (blog_posts_published_idx); drafts are not public.
      const postRows = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(isNotNull(blogPosts.publishedAt))
        .orderBy(desc(blogPosts.publishedAt))
        .limit(Math.max(SITEMAP_LIMIT - listed.length, 0));
      listed.push(...postRows.map((row) => `/blog/${row.id}`));
      const teamRows = await db
        .select({ id: teams.id })
        .from(teams)
        .orderBy(asc(teams.id))
        .limit(Math.max(SITEMAP_LIMIT - listed.length, 0));
      listed.push(...teamRows.map((row) => `/teams/${row.id}`));
      // D36: no minor's profile (no date of birth counts as an adult); the best-known players first.
      const playerRows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, 'player'),
            or(isNull(users.dateOfBirth), lte(users.dateOfBirth, adultCutoff(c.get('deps').now()))),
          ),
        )
        .orderBy(desc(users.wtaPoints), asc(users.id))
        .limit(Math.max(SITEMAP_LIMIT - listed.length, 0));
      const urls = [...listed, ...playerRows.map((row) => `/player/${encodeURIComponent(row.id)}`)];
      const body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        urls.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n') +
        '\n</urlset>\n';
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(body, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
      });
    });
