import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { Db } from '../../../db/client.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { ARCHIVE_MESSAGES as M, CHAMPIONSHIP_PHOTO_FIELD, type ArchiveTournament, type BracketMatch } from './schema.ts';
import { archiveQuerySchema } from './requests.ts';
import { replaySchema } from './requests.ts';
import {
  addChampionshipPhoto,
  editableTournament,
  removeChampionshipPhoto,
  setReplay,
  type AdoptImage,
  type EditRefusal,
  type ImageToStore,
  type ReleaseImage,
} from './highlights.ts';
import { archiveDetails, archivePage, decodeArchiveCursor, finalStandingsOf } from './service.ts';

/**
 * What the archive takes from other features, handed in by app.ts (features never import each other): the
 * competition engine's bracket reader, and the images feature's upload intake, store and release (D23).
 */
export interface ArchiveParts {
  readBracket: (db: Db, tournamentId: number) => Promise<BracketMatch[]>;
  receiveImage: <E extends AppEnv>(
    c: Context<E>,
    field: string,
  ) => Promise<{ ok: true; image: ImageToStore } | { ok: false; response: Response }>;
  adopt: (db: Db, blobs: AppEnv['Variables']['deps']['blobs']) => AdoptImage;
  release: (db: Db, blobs: AppEnv['Variables']['deps']['blobs']) => ReleaseImage;
}

const NOT_FOUND = { message: M.notFound } as const;

function parseId(raw: string): number | null {
  return /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
}

const REFUSALS = {
  'not-found': [404, M.notFound],
  forbidden: [403, M.forbidden],
  'not-completed': [409, M.notCompleted],
  full: [409, M.tooManyPhotos],
  'photo-not-found': [404, M.photoNotFound],
} as const satisfies Record<EditRefusal, readonly [number, string]>;

function refuse<E extends AppEnv>(c: Context<E>, refusal: EditRefusal) {
  const [status, message] = REFUSALS[refusal];
  return c.json({ message }, status);
}

function editCtx<E extends AppEnv>(c: Context<E>) {
  return { now: c.var.deps.now(), leagueEmailDomain: c.var.deps.config.leagueEmailDomain };
}

/**
 * /api/tournaments/archive, /api/tournaments/{id}/full-details and /final-standings (001 s7), and the highlight edits
 * of D29 (replay link, championship photos) by the admin or the tournament's host once it is completed. Mounted
 * before the tournaments router so 'archive' is never read as an id.
 */
export function archiveRoutes(parts: ArchiveParts) {
  return new Hono<AppEnv>()
    .get('/archive', zValidator('query', archiveQuerySchema, validationHook), async (c) => {
      const q = c.req.valid('query');
      const cursor = q.cursor === undefined ? undefined : decodeArchiveCursor(q.cursor);
      if (cursor === null) return c.json({ message: M.cursor }, 400);
      const page = await archivePage(c.var.deps.db, { ...q, cursor });
      if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return c.json(page.items satisfies ArchiveTournament[], 200);
    })
    .get('/:id/full-details', async (c) => {
      const id = parseId(c.req.param('id'));
      const { db, config, now } = c.var.deps;
      const details =
        id === null
          ? null
          : await archiveDetails(db, id, {
              viewer: c.var.user,
              now: now(),
              leagueEmailDomain: config.leagueEmailDomain,
              siteHost: new URL(config.publicUrl).hostname,
              readBracket: parts.readBracket,
            });
      if (!details) return c.json(NOT_FOUND, 404);
      return c.json(details, 200);
    })
    .get('/:id/final-standings', async (c) => {
      const id = parseId(c.req.param('id'));
      const standings = id === null ? undefined : await finalStandingsOf(c.var.deps.db, id);
      if (standings === undefined) return c.json(NOT_FOUND, 404);
      return c.json(standings, 200);
    })
    .put('/:id/replay', requireUser, jsonBody(replaySchema), async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) return c.json(NOT_FOUND, 404);
      const { replayVideoUrl } = c.req.valid('json');
      const result = await setReplay(c.var.deps.db, id, c.var.user, replayVideoUrl, editCtx(c));
      if (!result.ok) return refuse(c, result.refusal);
      return c.json({ replayVideoUrl: result.replayVideoUrl }, 200);
    })
    .post('/:id/championship-photos', requireUser, async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) return c.json(NOT_FOUND, 404);
      const { db, blobs, config } = c.var.deps;
      // Refused before the image is read and processed; checked again in the write itself.
      const check = await editableTournament(db, id, c.var.user, config.leagueEmailDomain);
      if (!check.ok) return refuse(c, check.refusal);
      const received = await parts.receiveImage(c, CHAMPIONSHIP_PHOTO_FIELD);
      if (!received.ok) return received.response;
      const result = await addChampionshipPhoto(db, parts.adopt(db, blobs), id, c.var.user, received.image, editCtx(c));
      if (!result.ok) return refuse(c, result.refusal);
      return c.json(result.photo, 201);
    })
    .delete('/:id/championship-photos/:photoId', requireUser, async (c) => {
      const id = parseId(c.req.param('id'));
      const photoId = parseId(c.req.param('photoId'));
      if (id === null) return c.json(NOT_FOUND, 404);
      if (photoId === null) return c.json({ message: M.photoNotFound }, 404);
      const { db, blobs } = c.var.deps;
      const result = await removeChampionshipPhoto(db, parts.release(db, blobs), id, photoId, c.var.user, editCtx(c));
      if (!result.ok) return refuse(c, result.refusal);
      return c.body(null, 204);
    });
}
