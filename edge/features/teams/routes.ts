import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { freeText } from '../../lib/free-text.ts';
import { UPLOAD_FIELDS } from '../images/constants.ts';
import { setTeamLogo } from '../images/service.ts';
import { receiveImage } from '../images/upload.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { TEAM_MESSAGES as M, TEAM_NAME_MAX, TEAM_TAGLINE_MAX } from './schema.ts';
import {
  createTeam,
  editTeam,
  myTeams,
  removeFromRoster,
  setRoles,
  teamAccess,
  teamById,
  teamRoster,
} from './service.ts';

const name = freeText({ label: 'Team name', name: true, error: M.nameRequired })
  .min(1, { error: M.nameRequired })
  .max(TEAM_NAME_MAX, { error: M.nameTooLong });
// An empty tagline is no tagline.
const tagline = freeText({ label: 'Tagline', error: M.taglineTooLong })
  .max(TEAM_TAGLINE_MAX, { error: M.taglineTooLong })
  .nullable()
  .transform((text) => (text ? text : null));

// 001 s7 names logoUrl in the payload; a logo only ever comes from the upload (D23), so a URL sent here is ignored.
const createSchema = z.object({ name, tagline: tagline.optional() });
const editSchema = z
  .object({ name: name.optional(), tagline: tagline.optional() })
  .refine((body) => body.name !== undefined || body.tagline !== undefined, { error: M.nothingToChange });
const memberId = z.string({ error: 'Player ids are text' }).min(1).max(64).nullable();
const rolesSchema = z
  .object({ coachId: memberId.optional(), captainId: memberId.optional() })
  .refine((body) => body.coachId !== undefined || body.captainId !== undefined, { error: M.noRoleGiven });

function teamIdOf(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

interface OwnTeamEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { teamId: number };
}

/**
 * 001 s6: only an owner changes a team, and only their own: 404 for no such team, 403 for someone else's (a team's
 * existence is public: its profile is). Runs after requireUser; sets `teamId`.
 */
const ownTeam = createMiddleware<OwnTeamEnv>(async (c, next) => {
  const user = c.var.user!;
  if (user.role !== 'owner') return c.json({ message: M.ownersOnly }, 403);
  const teamId = teamIdOf(c.req.param('id') ?? '');
  const access = teamId === null ? 'not-found' : await teamAccess(c.var.deps.db, teamId, user.id);
  if (access === 'not-found') return c.json({ message: M.notFound }, 404);
  if (access === 'not-owner') return c.json({ message: M.notYours }, 403);
  c.set('teamId', teamId!);
  await next();
});

/** /api/teams: the team owner page (001 s2, s7). */
export const teamRoutes = new Hono<AppEnv>()
  .get('/my-teams', requireUser, async (c) => {
    const user = c.var.user!;
    // 001 s2: the team owner page is for owners only.
    if (user.role !== 'owner') return c.json({ message: M.ownersOnly }, 403);
    return c.json(await myTeams(c.var.deps.db, user.id), 200);
  })
  .post('/', requireUser, zValidator('json', createSchema, validationHook), async (c) => {
    const user = c.var.user!;
    if (user.role !== 'owner') return c.json({ message: M.ownersOnly }, 403);
    const body = c.req.valid('json');
    const created = await createTeam(c.var.deps.db, user.id, { name: body.name, tagline: body.tagline ?? null });
    if (created === 'not-owner') return c.json({ message: M.ownersOnly }, 403);
    if (created === 'has-team') return c.json({ message: M.alreadyOwns }, 409);
    return c.json((await teamById(c.var.deps.db, created.id))!, 201);
  })
  .patch('/:id', requireUser, ownTeam, zValidator('json', editSchema, validationHook), async (c) => {
    const teamId = c.var.teamId;
    const body = c.req.valid('json');
    if (!(await editTeam(c.var.deps.db, teamId, c.var.user!.id, body))) return c.json({ message: M.notYours }, 403);
    return c.json((await teamById(c.var.deps.db, teamId))!, 200);
  })
  // "Roster read for team {id}, path not shown" (001 s7): public, as the team's profile shows its roster.
  .get('/:id/roster', async (c) => {
    const teamId = teamIdOf(c.req.param('id'));
    const roster = teamId === null ? null : await teamRoster(c.var.deps.db, teamId);
    if (!roster) return c.json({ message: M.notFound }, 404);
    return c.json(roster, 200);
  })
  .delete('/:id/roster/:playerId', requireUser, ownTeam, async (c) => {
    const teamId = c.var.teamId;
    if (!(await removeFromRoster(c.var.deps.db, teamId, c.req.param('playerId')))) {
      return c.json({ message: M.notOnRoster }, 404);
    }
    return c.json((await teamById(c.var.deps.db, teamId))!, 200);
  })
  // D23: the team's logo, re-encoded and stored; the team with its new logoUrl. A refusal changes nothing.
  .post('/:id/upload-logo', requireUser, ownTeam, async (c) => {
    const teamId = c.var.teamId;
    const received = await receiveImage(c, UPLOAD_FIELDS.logo);
    if (!received.ok) return received.response;
    const { db, blobs } = c.var.deps;
    if (!(await setTeamLogo(db, blobs, teamId, c.var.user!.id, received.image))) {
      return c.json({ message: M.notYours }, 403);
    }
    return c.json((await teamById(db, teamId))!, 200);
  })
  .patch('/:id/roles', requireUser, ownTeam, zValidator('json', rolesSchema, validationHook), async (c) => {
    const teamId = c.var.teamId;
    const result = await setRoles(c.var.deps.db, teamId, c.req.valid('json'));
    if (result === 'coach-not-on-roster') return c.json({ message: M.coachNotOnRoster }, 400);
    if (result === 'captain-not-on-roster') return c.json({ message: M.captainNotOnRoster }, 400);
    if (result === 'same-player') return c.json({ message: M.sameCoachAndCaptain }, 400);
    return c.json((await teamById(c.var.deps.db, teamId))!, 200);
  });
