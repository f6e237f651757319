// The blog (D24, D29, D6) against a real migrated database: admins write Markdown, preview it with the renderer the
// blog uses, publish and unpublish; everyone else reads only published posts; the HTML is safe whatever the source.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogPosts } from '../../../db/schema/blog.ts';
import { auditEntries, expectRefused, leagueAdmin } from '../../test/admin-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import { excerptOf, renderMarkdown } from './markdown.ts';
import { NEXT_CURSOR_HEADER, type BlogPost, type BlogPostSummary, type BlogPreview } from './schema.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

const draft = {
  title: 'Media Day Recap',
  category: 'League News',
  content: 'A **big** day at the arena.\n\n- hoops\n- flag',
};
const create = async (body = draft) => json<BlogPost>(await admin.agent.post('/api/admin/blog/posts', body), 201);

describe('the Markdown renderer (D29)', () => {
  it('keeps raw HTML as text, refuses javascript: links and marks links noopener', () => {
    const html = renderMarkdown(
      [
        '<script>alert("x")</script>',
        '<img src=x onerror="alert(1)"> <a href="https://evil.example">raw</a>',
        '[click](javascript:alert(1)) [also](JAVASCRIPT:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)',
        '[site](/tournaments/3) [off](https://wta.example/news) <https://auto.example>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|<[^>]*onerror|>raw<\/a>|href="javascript|href="data/i);
    // The raw <a> stays text (linkify may still turn its bare address into an ordinary, checked link).
    expect(html).toContain('&lt;a href=&quot;');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('<a href="/tournaments/3" rel="noopener noreferrer">site</a>');
    expect(html).toContain(
      '<a href="https://wta.example/news" rel="noopener noreferrer nofollow" target="_blank">off</a>',
    );
    expect(html).toContain('rel="noopener noreferrer nofollow" target="_blank">https://auto.example</a>');
  });

  it('makes the excerpt from the first 200 characters of the text, without Markdown marks', () => {
    expect(excerptOf('# Title\n\nSome **bold** and [a link](https://x.example).')).toBe('Title Some bold and a link.');
    expect([...excerptOf('word '.repeat(100))]).toHaveLength(200);
  });
});

describe('writing, previewing, publishing', () => {
  it('creates a draft only admins see, publishes it for everyone, unpublishes it again, auditing each step', async () => {
    const reader = await member(t);
    const post = await create();
    expect(post).toMatchObject({
      title: 'Media Day Recap',
      category: 'League News',
      published: false,
      publishedAt: null,
      excerpt: 'A big day at the arena. hoops flag',
    });
    expect(post.html).toContain('<strong>big</strong>');
    expect(await json<BlogPostSummary[]>(await t.request('/api/blog/posts'))).toEqual([]);
    expect(await json(await t.request(`/api/blog/posts/${post.id}`), 404)).toEqual({ message: 'Blog post not found' });
    expect((await reader.agent.get(`/api/blog/posts/${post.id}`)).status).toBe(404);
    const inSitemap = async () => (await (await t.request('/sitemap.xml')).text()).includes(`/blog/${post.id}<`);
    expect(await inSitemap()).toBe(false);
    expect(await json<BlogPost>(await admin.agent.get(`/api/blog/posts/${post.id}`))).toMatchObject({
      id: post.id,
      published: false,
    });

    const published = await json<BlogPost>(await admin.agent.post(`/api/admin/blog/posts/${post.id}/publish`));
    expect(published).toMatchObject({ published: true, publishedAt: '2026-11-21T12:00:00.000Z' });
    // Publishing again answers the post as it stands: no second change, no second entry.
    t.advance(60_000);
    expect(await json<BlogPost>(await admin.agent.post(`/api/admin/blog/posts/${post.id}/publish`))).toMatchObject({
      publishedAt: '2026-11-21T12:00:00.000Z',
    });
    const list = await json<BlogPostSummary[]>(await t.request('/api/blog/posts'));
    expect(list.map((p) => p.id)).toEqual([post.id]);
    expect(await inSitemap()).toBe(true);
    expect(await json<BlogPost>(await reader.agent.get(`/api/blog/posts/${post.id}`))).toMatchObject({
      content: draft.content,
      html: post.html,
    });

    await Promise.all([1, 2, 3].map(() => admin.agent.post(`/api/admin/blog/posts/${post.id}/unpublish`)));
    expect(await json<BlogPostSummary[]>(await t.request('/api/blog/posts'))).toEqual([]);
    expect(await inSitemap()).toBe(false);
    expect((await reader.agent.get(`/api/blog/posts/${post.id}`)).status).toBe(404);

    const entries = await auditEntries(t);
    expect(entries.map((e) => e.action)).toEqual(['blog.create', 'blog.publish', 'blog.unpublish']);
    for (const e of entries)
      expect(e).toMatchObject({ actorId: admin.id, targetType: 'blog_post', targetId: String(post.id) });
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toEqual({
      title: 'Media Day Recap',
      category: 'League News',
      content: draft.content,
      publishedAt: null,
    });
    expect(entries[1]!.before).toEqual({ title: 'Media Day Recap', published: false });
    expect(entries[1]!.after).toEqual({
      title: 'Media Day Recap',
      published: true,
      publishedAt: '2026-11-21T12:00:00.000Z',
    });
    expect(entries[2]!.after).toMatchObject({ published: false, publishedAt: null });
  });

  it('edits a post with the before and after in the log; an unchanged edit changes nothing', async () => {
    const post = await create();
    const edited = await json<BlogPost>(
      await admin.agent.patch(`/api/admin/blog/posts/${post.id}`, {
        title: ' Media Day 2026 ',
        category: '',
        content: 'New *text*',
      }),
    );
    expect(edited).toMatchObject({
      title: 'Media Day 2026',
      category: null,
      content: 'New *text*',
      excerpt: 'New text',
    });
    await json(
      await admin.agent.patch(`/api/admin/blog/posts/${post.id}`, { title: 'Media Day 2026', content: 'New *text*' }),
    );
    const edits = await auditEntries(t, 'blog.edit');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.before).toMatchObject({
      title: 'Media Day Recap',
      category: 'League News',
      content: draft.content,
    });
    expect(edits[0]!.after).toMatchObject({ title: 'Media Day 2026', category: null, content: 'New *text*' });
  });

  it('previews with the same renderer the blog uses, safely', async () => {
    const content = '## Hi\n\n<script>alert(1)</script> [x](javascript:alert(1))';
    const preview = await json<BlogPreview>(await admin.agent.post('/api/admin/blog/preview', { content }));
    expect(preview.html).toBe(renderMarkdown(content));
    expect(preview.html).not.toMatch(/<script|href="javascript/);
    expect(await auditEntries(t)).toEqual([]);
  });

  it('stores a post whose source is hostile and serves it rendered safely to readers', async () => {
    const post = await create({
      title: '<b>Hi</b>',
      category: 'x',
      content: '<iframe src="https://evil.example"></iframe>\n\n[a](vbscript:msgbox)',
    });
    await admin.agent.post(`/api/admin/blog/posts/${post.id}/publish`);
    const read = await json<BlogPost>(await t.request(`/api/blog/posts/${post.id}`));
    expect(read.html).not.toMatch(/<iframe|href="vbscript/);
    expect(read.title).toBe('<b>Hi</b>');
  });

  it('validates with clear messages and writes nothing', async () => {
    expect(await json(await admin.agent.post('/api/admin/blog/posts', { ...draft, title: '  ' }), 400)).toMatchObject({
      message: 'Title is required',
    });
    expect(
      await json(await admin.agent.post('/api/admin/blog/posts', { ...draft, content: ' \n ' }), 400),
    ).toMatchObject({ message: 'Content is required' });
    expect(
      await json(await admin.agent.post('/api/admin/blog/posts', { ...draft, title: 'x'.repeat(201) }), 400),
    ).toMatchObject({
      message: 'Title must be at most 200 characters',
    });
    expect(await json(await admin.agent.post('/api/admin/blog/posts/999/publish'), 404)).toEqual({
      message: 'Blog post not found',
    });
    expect(await json(await admin.agent.patch('/api/admin/blog/posts/999', draft), 404)).toEqual({
      message: 'Blog post not found',
    });
    expect(await t.db.select().from(blogPosts)).toEqual([]);
    expect(await auditEntries(t)).toEqual([]);
  });

  it('pages the published list newest first by the X-Next-Cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const post = await create({ ...draft, title: `Post ${i}` });
      await admin.agent.post(`/api/admin/blog/posts/${post.id}/publish`);
      ids.unshift(post.id);
      t.advance(1000);
    }
    const first = await t.request('/api/blog/posts?limit=2');
    expect((await json<BlogPostSummary[]>(first)).map((p) => p.id)).toEqual(ids.slice(0, 2));
    const next = await t.request(`/api/blog/posts?limit=2&cursor=${first.headers.get(NEXT_CURSOR_HEADER)!}`);
    expect((await json<BlogPostSummary[]>(next)).map((p) => p.id)).toEqual(ids.slice(2));
    expect((await t.request('/api/blog/posts?cursor=bogus!')).status).toBe(400);
  });

  it('refuses every admin call to guests (401), players and the foreign-domain admin (403), changing nothing', async () => {
    const post = await create();
    await expectRefused(t, (a) => a.get('/api/admin/blog/posts'));
    await expectRefused(t, (a) => a.post('/api/admin/blog/posts', draft));
    await expectRefused(t, (a) => a.patch(`/api/admin/blog/posts/${post.id}`, { ...draft, title: 'Taken over' }));
    await expectRefused(t, (a) => a.post(`/api/admin/blog/posts/${post.id}/publish`));
    await expectRefused(t, (a) => a.post('/api/admin/blog/preview', { content: 'x' }));
    const rows = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Media Day Recap', publishedAt: null });
    expect((await auditEntries(t)).map((e) => e.action)).toEqual(['blog.create']);
  });
});
