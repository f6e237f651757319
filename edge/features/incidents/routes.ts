import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/context.ts';
import { fail, validationHook } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { readAppealPass } from '../../lib/appeal-pass.ts';
import { requireSecrets } from '../../lib/config.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import {
  appealDecision,
  createAdminIncident,
  decideIncident,
  liftRestrictions,
  resolveAppeal,
  restrictMember,
  type Actor,
} from './decisions.ts';
import {
  appealSchema,
  decideSchema,
  incidentListQuerySchema,
  incidentReportSchema,
  memberSearchQuerySchema,
  reasonSchema,
  resolveAppealSchema,
  suspendSchema,
} from './requests.ts';
import { INCIDENT_MESSAGES as M } from './schema.ts';
import { listIncidents, memberStanding, myDecisions, searchMembers, writeReport } from './service.ts';

/** An incident id from the path; anything else is an incident that does not exist. */
function incidentId(param: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) fail(404, M.incidentNotFound);
  return id;
}

/** The signed-in admin (requireAdmin ran), with the league domain that tells a super admin (D6). */
function actorOf(c: { var: Pick<Context<AppEnv>['var'], 'user' | 'deps'> }): Actor {
  return { user: c.var.user!, leagueEmailDomain: c.var.deps.config.leagueEmailDomain };
}

/**
 * Whose decisions a call reads or appeals: the signed-in member's, or those of the suspended or banned member who
 * holds an appeal pass (they cannot sign in, D24, yet may appeal). Null: 401.
 */
function conductMemberId(c: Context<AppEnv>): string | null {
  const { config, now } = c.var.deps;
  return c.var.user?.id ?? readAppealPass(c, requireSecrets(config).deviceCookieSecret, now());
}

/** 401 before anything else (a body is validated only for someone who may send it). */
const requireConductMember = createMiddleware<AppEnv>(async (c, next) => {
  if (!conductMemberId(c)) return c.json({ message: 'Unauthorized' }, 401);
  await next();
});

/** /api/incidents: a member's side of conduct (D24, D27): report a member, read decisions about them, appeal once. */
export const incidentRoutes = new Hono<AppEnv>()
  .get('/mine', requireConductMember, async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await myDecisions(db, conductMemberId(c)!, now()), 200);
  })
  .post('/report', requireUser, jsonBody(incidentReportSchema), async (c) => {
    const { db, now } = c.var.deps;
    const at = now();
    const author = { id: c.var.user!.id, source: 'member' as const };
    const id = await db.transaction((tx) => writeReport(tx, author, c.req.valid('json'), at), {
      behavior: 'immediate',
    });
    return c.json({ id }, 201);
  })
  .post('/:id/appeal', requireConductMember, jsonBody(appealSchema), async (c) => {
    const { db, now } = c.var.deps;
    const id = await appealDecision(
      db,
      conductMemberId(c)!,
      incidentId(c.req.param('id')),
      c.req.valid('json').text,
      now(),
    );
    return c.json({ id }, 201);
  });

/** /api/admin/incidents (D6 admins): the Incidents tab's list, new report, decision and appeals. */
export const adminIncidentRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', zValidator('query', incidentListQuerySchema, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await listIncidents(db, c.req.valid('query'), now()), 200);
  })
  .post('/', jsonBody(incidentReportSchema), async (c) => {
    const { db, now } = c.var.deps;
    const at = now();
    const input = c.req.valid('json');
    const actor = actorOf(c);
    const id = await createAdminIncident(
      db,
      actor,
      (tx) => writeReport(tx, { id: actor.user.id, source: 'admin' }, input, at),
      { memberId: input.memberId, description: input.description, messageId: input.messageId ?? null, status: 'open' },
      at,
    );
    return c.json({ id }, 201);
  })
  .post('/:id/decide', jsonBody(decideSchema), async (c) => {
    const { db, now } = c.var.deps;
    const id = await decideIncident(db, actorOf(c), incidentId(c.req.param('id')), c.req.valid('json'), now());
    return c.json({ id }, 200);
  })
  .post('/:id/appeal', jsonBody(resolveAppealSchema), async (c) => {
    const { db, now } = c.var.deps;
    const id = await resolveAppeal(db, actorOf(c), incidentId(c.req.param('id')), c.req.valid('json'), now());
    return c.json({ id }, 200);
  });

/** /api/admin/members (D6 admins): a member's standing, suspend for N days, ban, lift (the Users tab's actions). */
export const memberStandingRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/search', zValidator('query', memberSearchQuerySchema, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await searchMembers(db, c.req.valid('query').q, now()), 200);
  })
  .get('/:id/standing', async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await memberStanding(db, c.req.param('id'), now()), 200);
  })
  .post('/:id/suspend', jsonBody(suspendSchema), async (c) => {
    const { db, now } = c.var.deps;
    const { days, reason } = c.req.valid('json');
    const result = await restrictMember(
      db,
      actorOf(c),
      c.req.param('id'),
      { consequence: 'suspension', days, reason },
      now(),
    );
    return c.json(result, 200);
  })
  .post('/:id/ban', jsonBody(reasonSchema), async (c) => {
    const { db, now } = c.var.deps;
    const { reason } = c.req.valid('json');
    const result = await restrictMember(db, actorOf(c), c.req.param('id'), { consequence: 'ban', reason }, now());
    return c.json(result, 200);
  })
  .post('/:id/lift', jsonBody(reasonSchema), async (c) => {
    const { db, now } = c.var.deps;
    const result = await liftRestrictions(db, actorOf(c), c.req.param('id'), c.req.valid('json').reason, now());
    return c.json(result, 200);
  });
