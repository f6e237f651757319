import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { adminFlags } from '../../lib/admin.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { cursorPlain, cursorText } from '../../lib/paging.ts';
import { NEXT_CURSOR_HEADER, SEARCH_RESULT_CAP, SEARCH_TEXTS } from './constants.ts';
import { searchParamsSchema } from './schema.ts';
import { search } from './service.ts';

/**
 * A tab's page cursor is the offset of its next row (opaque to the client, as every cursor here). Why not a keyset
 * cursor: results are ordered by bm25, which no index holds, so FTS5 ranks every match of the query for any page;
 * skipping rows of that ranked list costs no more than a seek would, and SEARCH_RESULT_CAP bounds how deep it goes.
 */
function offsetOf(text: string | undefined): number | null {
  if (text === undefined) return 0;
  const plain = cursorPlain(text, 8);
  if (plain === null || !/^[1-9][0-9]{0,3}$/.test(plain)) return null;
  const offset = Number(plain);
  return offset < SEARCH_RESULT_CAP ? offset : null;
}

/** /api/search (001 s7 GET /api/search, D30): open to everyone; what each caller sees depends on who they are. */
export const searchRoutes = new Hono<AppEnv>().get(
  '/',
  zValidator('query', searchParamsSchema, (result, c) =>
    result.success ? undefined : validationError(result.error, c),
  ),
  async (c) => {
    const { q, filter, cursor } = c.req.valid('query');
    const offset = offsetOf(cursor);
    if (offset === null) return c.json({ message: SEARCH_TEXTS.cursor }, 400);
    const user = c.var.user;
    const searcher = {
      id: user?.id ?? null,
      isAdmin: user ? adminFlags(user, c.var.deps.config.leagueEmailDomain).isAdmin : false,
    };
    const { result, nextOffset } = await search(c.var.deps.db, {
      q,
      filter,
      offset,
      searcher,
      now: c.var.deps.now(),
    });
    if (nextOffset !== null) c.header(NEXT_CURSOR_HEADER, cursorText(String(nextOffset)));
    return c.json(result, 200);
  },
);
