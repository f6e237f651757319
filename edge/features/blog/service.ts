import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, desc, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { blogPosts, type BlogPostRow } from '../../../db/schema/blog.ts';
import { auditActions, recordAudit, type AuditAction } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { encodeTimeCursor, type TimeCursor } from '../../lib/time-cursor.ts';
import { excerptOf, renderMarkdown } from './markdown.ts';
import { BLOG_TEXTS, type BlogPost, type BlogPostInput, type BlogPostSummary } from './schema.ts';

/** Blog posts (D24, D29): admins write Markdown, publish and unpublish; everyone else reads the published ones. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    excerpt: row.excerpt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    published: row.publishedAt !== null,
  };
}

function toPost(row: BlogPostRow): BlogPost {
  return { ...toSummary(row), content: row.body, html: renderMarkdown(row.body) };
}

/** What the audit log keeps of a post: enough to see what changed (the Markdown itself included). */
const audited = (row: BlogPostRow) => ({
  title: row.title,
  category: row.category,
  content: row.body,
  publishedAt: iso(row.publishedAt),
});

/**
 * GET /api/blog/posts: the published posts, newest publication first, read backwards along blog_posts_published_idx
 * (the null published_at of drafts sorts below every date, so a draft is never reached).
 */
export async function publishedPostsPage(db: Db, page: { limit: number; cursor?: TimeCursor | undefined }) {
  const after = page.cursor
    ? or(
        lt(blogPosts.publishedAt, new Date(page.cursor.at)),
        and(eq(blogPosts.publishedAt, new Date(page.cursor.at)), lt(blogPosts.id, page.cursor.id)),
      )
    : undefined;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(isNotNull(blogPosts.publishedAt), after))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(page.limit + 1);
  const last = rows.length > page.limit ? rows[page.limit - 1]! : null;
  return {
    posts: rows.slice(0, page.limit).map(toSummary),
    nextCursor: last ? encodeTimeCursor({ at: last.publishedAt!.getTime(), id: last.id }) : null,
  };
}

/** GET /api/admin/blog/posts: every post, drafts included, newest written first (by id, the primary key). */
export async function allPostsPage(db: Db, page: { limit: number; cursor?: TimeCursor | undefined }) {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(page.cursor ? lt(blogPosts.id, page.cursor.id) : undefined)
    .orderBy(desc(blogPosts.id))
    .limit(page.limit + 1);
  const last = rows.length > page.limit ? rows[page.limit - 1]! : null;
  return {
    posts: rows.slice(0, page.limit).map(toSummary),
    nextCursor: last ? encodeTimeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
  };
}

/** One post with its HTML; an unpublished one only for admins. Null when there is none the caller may see. */
export async function postFor(db: Db, id: number, viewerIsAdmin: boolean): Promise<BlogPost | null> {
  const where: SQL | undefined = viewerIsAdmin
    ? eq(blogPosts.id, id)
    : and(eq(blogPosts.id, id), isNotNull(blogPosts.publishedAt));
  const [row] = await db.select().from(blogPosts).where(where);
  return row ? toPost(row) : null;
}

/** A URL-safe, unique slug: the title's words, then a random tail so two posts of one title never collide. */
function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const tail = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(5)));
  return words ? `${words}-${tail}` : tail;
}

/** POST /api/admin/blog/posts: a new draft (unpublished until an admin publishes it), audited. */
export async function createPost(
  db: Db,
  input: { post: BlogPostInput; actorId: string; now: Date },
): Promise<BlogPost> {
  const { post, now } = input;
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .insert(blogPosts)
        .values({
          slug: slugOf(post.title),
          title: post.title,
          category: post.category,
          body: post.content,
          excerpt: excerptOf(post.content),
          authorId: input.actorId,
          publishedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actorId: input.actorId,
        action: auditActions.blogCreate,
        targetType: 'blog_post',
        targetId: row!.id,
        before: null,
        after: audited(row!),
        at: now,
      });
      return toPost(row!);
    },
    { behavior: 'immediate' },
  );
}

/** PATCH /api/admin/blog/posts/{id}: new title, category and Markdown; unchanged fields change nothing. 404 unknown. */
export async function editPost(
  db: Db,
  input: { id: number; post: BlogPostInput; actorId: string; now: Date },
): Promise<BlogPost> {
  const { post, now } = input;
  return db.transaction(
    async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, input.id));
      if (!before) fail(404, BLOG_TEXTS.notFound);
      if (before.title === post.title && before.category === post.category && before.body === post.content) {
        return toPost(before);
      }
      const [after] = await tx
        .update(blogPosts)
        .set({
          title: post.title,
          category: post.category,
          body: post.content,
          excerpt: excerptOf(post.content),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, input.id))
        .returning();
      await recordAudit(tx, {
        actorId: input.actorId,
        action: auditActions.blogEdit,
        targetType: 'blog_post',
        targetId: input.id,
        before: audited(before),
        after: audited(after!),
        at: now,
      });
      return toPost(after!);
    },
    { behavior: 'immediate' },
  );
}

/**
 * POST /api/admin/blog/posts/{id}/publish | unpublish, by ONE conditional update (publish only a draft, unpublish
 * only a published post): the same request repeated, or two at once, changes the post and writes the log once; the
 * others answer the post as it stands. 404 unknown.
 */
export async function setPublished(
  db: Db,
  input: { id: number; publish: boolean; actorId: string; now: Date },
): Promise<BlogPost> {
  const { id, publish, now } = input;
  return db.transaction(
    async (tx) => {
      const [changed] = await tx
        .update(blogPosts)
        .set({ publishedAt: publish ? now : null, updatedAt: now })
        .where(and(eq(blogPosts.id, id), publish ? isNull(blogPosts.publishedAt) : isNotNull(blogPosts.publishedAt)))
        .returning();
      if (!changed) {
        const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
        if (!current) fail(404, BLOG_TEXTS.notFound);
        return toPost(current);
      }
      const action: AuditAction = publish ? auditActions.blogPublish : auditActions.blogUnpublish;
      await recordAudit(tx, {
        actorId: input.actorId,
        action,
        targetType: 'blog_post',
        targetId: id,
        before: { title: changed.title, published: !publish },
        after: { title: changed.title, published: publish, publishedAt: iso(changed.publishedAt) },
        at: now,
      });
      return toPost(changed);
    },
    { behavior: 'immediate' },
  );
}
