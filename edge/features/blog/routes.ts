import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { adminFlags } from '../../lib/admin.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { excerptOf, renderMarkdown } from './markdown.ts';
import { BLOG_TEXTS, NEXT_CURSOR_HEADER, type BlogPreview } from './schema.ts';
import { blogPageQuerySchema, blogPostInputSchema, blogPreviewSchema } from './requests.ts';
import { allPostsPage, createPost, editPost, postFor, publishedPostsPage, setPublished } from './service.ts';

const parseId = (text: string) => (/^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null);

const pageQuery = zValidator('query', blogPageQuerySchema, (result, c) =>
  result.success ? undefined : validationError(result.error, c),
);

/** The page's cursor; null when the text is not one this server wrote (a 400). */
const cursorOf = (text: string | undefined) => (text === undefined ? undefined : decodeTimeCursor(text));

/** /api/blog (001 s7 GET /api/blog/posts): open to everyone; drafts only for admins (D6, D24). */
export const blogRoutes = new Hono<AppEnv>()
  .get('/posts', pageQuery, async (c) => {
    const { limit, cursor: text } = c.req.valid('query');
    const cursor = cursorOf(text);
    if (cursor === null) return c.json({ message: BLOG_TEXTS.cursor }, 400);
    const page = await publishedPostsPage(c.var.deps.db, { limit, cursor });
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json(page.posts, 200);
  })
  .get('/posts/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    const user = c.var.user;
    const isAdmin = user ? adminFlags(user, c.var.deps.config.leagueEmailDomain).isAdmin : false;
    const post = id === null ? null : await postFor(c.var.deps.db, id, isAdmin);
    // An unpublished post is "not found" for everyone but admins: its existence is not public either.
    if (!post) return c.json({ message: BLOG_TEXTS.notFound }, 404);
    return c.json(post, 200);
  });

/** /api/admin/blog: the Content tab's posts (D24) for league admins only (D6). */
export const adminBlogRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/posts', pageQuery, async (c) => {
    const { limit, cursor: text } = c.req.valid('query');
    const cursor = cursorOf(text);
    if (cursor === null) return c.json({ message: BLOG_TEXTS.cursor }, 400);
    const page = await allPostsPage(c.var.deps.db, { limit, cursor });
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json(page.posts, 200);
  })
  .get('/posts/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    const post = id === null ? null : await postFor(c.var.deps.db, id, true);
    if (!post) return c.json({ message: BLOG_TEXTS.notFound }, 404);
    return c.json(post, 200);
  })
  .post('/posts', jsonBody(blogPostInputSchema), async (c) => {
    const post = await createPost(c.var.deps.db, {
      post: c.req.valid('json'),
      actorId: c.var.user.id,
      now: c.var.deps.now(),
    });
    return c.json(post, 201);
  })
  .patch('/posts/:id', jsonBody(blogPostInputSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: BLOG_TEXTS.notFound }, 404);
    const post = await editPost(c.var.deps.db, {
      id,
      post: c.req.valid('json'),
      actorId: c.var.user.id,
      now: c.var.deps.now(),
    });
    return c.json(post, 200);
  })
  .post('/posts/:id/publish', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: BLOG_TEXTS.notFound }, 404);
    return c.json(
      await setPublished(c.var.deps.db, { id, publish: true, actorId: c.var.user.id, now: c.var.deps.now() }),
      200,
    );
  })
  .post('/posts/:id/unpublish', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: BLOG_TEXTS.notFound }, 404);
    return c.json(
      await setPublished(c.var.deps.db, { id, publish: false, actorId: c.var.user.id, now: c.var.deps.now() }),
      200,
    );
  })
  // The editor's Preview: the same renderer the blog uses, so the preview is what readers will get (D29).
  .post('/preview', jsonBody(blogPreviewSchema), (c) => {
    const { content } = c.req.valid('json');
    return c.json({ html: renderMarkdown(content), excerpt: excerptOf(content) } satisfies BlogPreview, 200);
  });
