import { encodeHexLowerCase } from '@oslojs/encoding';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { fail } from '../../lib/errors.ts';
import { etagMatches } from '../../lib/etag.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { divisionNames, divisionSlugs, type DivisionSlug } from '../tournaments/schema.ts';
import { calendarFeed, type FeedEvent } from './feed.ts';
import { divisionFeed, memberFeed, readFeedToken, resetFeedToken, tournamentFeed } from './service.ts';

/** The member's feed address: under the API, named by its secret alone. */
export const memberFeedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/members/${token}.ics`;

/** `12.ics` -> 12; anything else is a 404 in the route's own words. */
function fileName(raw: string, pattern: RegExp, notFound: string): string {
  const match = pattern.exec(raw);
  if (!match) fail(404, notFound);
  return match[1]!;
}

/**
 * The feed as text/calendar with a strong ETag of its bytes: a feed is rebuilt from a few indexed rows on each read,
 * and an unchanged one answers 304 (calendar apps poll; DTSTAMP comes from the data, never from the clock, so the
 * same data is the same bytes). Who may keep it is declared in middleware/cache-control.ts (the tournament's and the
 * division's are public; the member's, whose address is the secret, is private).
 */
async function sendFeed(c: Context<AppEnv>, feed: { name: string; events: FeedEvent[] }) {
  const body = calendarFeed(feed.name, feed.events);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const tag = `"${encodeHexLowerCase(new Uint8Array(digest)).slice(0, 32)}"`;
  c.header('ETag', tag);
  // The Node host's compression makes the tag weak (W/"..."): a calendar app sends back either form.
  if (etagMatches(tag, c.req.header('If-None-Match') ?? null)) return c.body(null, 304);
  c.header('Content-Type', 'text/calendar; charset=utf-8');
  return c.body(body, 200);
}

const site = (c: Context<AppEnv>) => ({ publicUrl: c.var.deps.config.publicUrl });

/** D45 under /api/calendar: the iCalendar feeds of a tournament, a division and a member's own schedule. */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/tournaments/:file', async (c) => {
    const id = Number(fileName(c.req.param('file'), /^([1-9][0-9]{0,14})\.ics$/, 'Tournament not found'));
    const feed = await tournamentFeed(c.var.deps.db, id, site(c));
    if (!feed) fail(404, 'Tournament not found');
    return sendFeed(c, feed);
  })
  .get('/divisions/:file', async (c) => {
    const slug = fileName(c.req.param('file'), /^([a-z-]{1,40})\.ics$/, 'Division not found');
    if (!(divisionSlugs as readonly string[]).includes(slug)) fail(404, 'Division not found');
    const name = divisionNames[slug as DivisionSlug];
    return sendFeed(c, await divisionFeed(c.var.deps.db, slug, name, c.var.deps.now(), site(c)));
  })
  .get('/members/:file', async (c) => {
    const token = fileName(c.req.param('file'), /^([A-Za-z0-9_-]{43})\.ics$/, 'Calendar not found');
    const feed = await memberFeed(c.var.deps.db, token, site(c));
    if (!feed) fail(404, 'Calendar not found');
    return sendFeed(c, feed);
  });

/** Edit Profile's calendar card: the member's feed address (null before they made one), and Reset. */
export const calendarProfileRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const token = await readFeedToken(c.var.deps.db, c.var.user!.id);
    return c.json({ url: token ? memberFeedUrl(c.var.deps.config.publicUrl, token) : null }, 200);
  })
  .post('/reset', requireUser, async (c) => {
    const { db, config, now } = c.var.deps;
    const token = await resetFeedToken(db, c.var.user!.id, now());
    return c.json({ url: memberFeedUrl(config.publicUrl, token) }, 200);
  });
