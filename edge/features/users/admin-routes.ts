import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import {
  decodeCoachCursor,
  decodeMemberCursor,
  adminHolders,
  endMemberSessions,
  searchMembers,
  setMemberRole,
  setMemberVerified,
  teamCoaches,
} from './members.ts';
import {
  COACH_PAGE_SIZE,
  MAX_MEMBER_PAGE_SIZE,
  MEMBER_MESSAGES as M,
  MEMBER_PAGE_SIZE,
  MEMBER_SEARCH_MAX,
  memberRoles,
  NEXT_CURSOR_HEADER,
} from './constants.ts';

const limit = (fallback: number) =>
  z.coerce
    .number({ error: M.limit })
    .int({ error: M.limit })
    .min(1, { error: M.limit })
    .max(MAX_MEMBER_PAGE_SIZE, { error: M.limit })
    .default(fallback);

const cursorOf = <T>(decode: (text: string) => T | null) =>
  z
    .string({ error: M.cursor })
    .transform((text, ctx) => decode(text) ?? (ctx.addIssue({ code: 'custom', message: M.cursor }), z.NEVER))
    .optional();

const membersQuery = z.object({
  // An empty search box is no search.
  q: z
    .string({ error: M.search })
    .trim()
    .max(MEMBER_SEARCH_MAX, { error: M.search })
    .transform((text) => text || undefined)
    .optional(),
  limit: limit(MEMBER_PAGE_SIZE),
  cursor: cursorOf(decodeMemberCursor),
});
const coachesQuery = z.object({ limit: limit(COACH_PAGE_SIZE), cursor: cursorOf(decodeCoachCursor) });
const roleBody = z.object({ role: z.enum(memberRoles, { error: M.role }) });
const verifiedBody = z.object({ isVerified: z.boolean({ error: M.verified }) });

/** Sets the next page's cursor headers of a paged list (ADR 025). */
function nextPage(c: { req: { url: string }; header: (name: string, value: string) => void }, next: string | null) {
  if (!next) return;
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', next);
  c.header(NEXT_CURSOR_HEADER, next);
  c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * /api/admin/users, /api/admin/permissions, /api/admin/coaches (D24): the Users tab's member management and the
 * Permissions tab. Every route is behind requireAdmin (D6); granting and revoking admin roles is further limited to
 * super admins in the service.
 */
export const memberAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/users', zValidator('query', membersQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const { members, nextCursor } = await searchMembers(c.var.deps.db, c.var.deps.config.leagueEmailDomain, c.var.deps.now(), {
      search: query.q,
      cursor: query.cursor,
      limit: query.limit,
    });
    nextPage(c, nextCursor);
    return c.json(members, 200);
  })
  .patch('/users/:id/role', zValidator('json', roleBody, validationHook), async (c) => {
    const { db, config, now } = c.var.deps;
    const member = await setMemberRole(db, {
      actor: c.var.user!,
      targetId: c.req.param('id'),
      role: c.req.valid('json').role,
      leagueEmailDomain: config.leagueEmailDomain,
      now: now(),
    });
    return c.json(member, 200);
  })
  .patch('/users/:id/verified', zValidator('json', verifiedBody, validationHook), async (c) => {
    const { db, config, now } = c.var.deps;
    const member = await setMemberVerified(db, {
      actorId: c.var.user!.id,
      targetId: c.req.param('id'),
      isVerified: c.req.valid('json').isVerified,
      leagueEmailDomain: config.leagueEmailDomain,
      now: now(),
    });
    return c.json(member, 200);
  })
  .delete('/users/:id/sessions', async (c) => {
    const { db, now } = c.var.deps;
    return c.json(
      await endMemberSessions(db, { actorId: c.var.user!.id, targetId: c.req.param('id'), now: now() }),
      200,
    );
  })
  .get('/permissions', async (c) => c.json(await adminHolders(c.var.deps.db, c.var.deps.config.leagueEmailDomain), 200))
  .get('/coaches', zValidator('query', coachesQuery, validationHook), async (c) => {
    const { coaches, nextCursor } = await teamCoaches(c.var.deps.db, c.req.valid('query'));
    nextPage(c, nextCursor);
    return c.json(coaches, 200);
  });
