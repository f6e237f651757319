import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  adminBlogPostsQueryOptions,
  fetchBlogPost,
  setBlogPostPublished,
  type BlogPost,
  type BlogPostSummary,
} from '../money-content-queries.ts';
import { BlogEditor } from './blog-editor.tsx';
import { FetchFailure } from './fetch-failure.tsx';
import {
  cardPadClass,
  emptyClass,
  listClass,
  noteClass,
  sectionClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';

const headClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
});
const titleClass = css({ fontWeight: 'extrabold', textStyle: 'md', overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const skeletonItemClass = css({ height: '20' });

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function PostRow({ post, onEdit }: { post: BlogPostSummary; onEdit: (id: number) => void }) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const toggle = useMutation({
    mutationFn: () => setBlogPostPublished(post.id, !post.published),
    onSuccess: async (saved) => {
      toast({ title: saved.published ? 'Post published' : 'Post unpublished', description: saved.title });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error) ?? 'The post could not be changed',
        variant: 'destructive',
      }),
  });
  return (
    <Card className={cardPadClass}>
      <div className={headClass}>
        <span className={titleClass}>{post.title}</span>
        <Badge tone={post.published ? 'accent' : 'neutral'}>{post.published ? 'Published' : 'Draft'}</Badge>
      </div>
      <p className={noteClass}>
        {post.category ?? 'No category'} ·{' '}
        {post.publishedAt ? `published ${day(post.publishedAt)}` : `written ${day(post.createdAt)}`}
      </p>
      <p className={noteClass}>{post.excerpt}</p>
      <div className={actionsClass}>
        <Button size="sm" variant="outline" onClick={() => onEdit(post.id)} aria-label={`Edit ${post.title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant={post.published ? 'outline' : 'solid'}
          disabled={toggle.isPending || !online}
          onClick={() => toggle.mutate()}
          aria-label={`${post.published ? 'Unpublish' : 'Publish'} ${post.title}`}
        >
          {post.published ? 'Unpublish' : 'Publish'}
        </Button>
      </div>
    </Card>
  );
}

/** The Content tab's blog posts (D24): drafts and published posts, New Post, Edit, Publish and Unpublish. */
export function BlogPosts() {
  const headingId = useId();
  const query = useInfiniteQuery(adminBlogPostsQueryOptions());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BlogPost | 'new' | null>(null);
  const open = useMutation({ mutationFn: fetchBlogPost, onSuccess: (post) => setEditing(post) });
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <div className={headClass}>
        <h2 id={headingId} className={sectionTitleClass}>
          Blog Posts
        </h2>
        {editing === null ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New Post
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <BlogEditor
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={async (saved) => {
            toast({
              title: 'Post saved',
              description: saved.published ? saved.title : `${saved.title} is a draft until you publish it.`,
            });
            setEditing(null);
            await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
          }}
        />
      ) : null}
      {open.isError ? (
        <FetchFailure title="Failed to open the post" error={open.error} onRetry={() => open.reset()} />
      ) : null}
      {query.isPending ? (
        <div className={`${skeletonClass} ${skeletonItemClass}`} aria-hidden="true" />
      ) : query.isError ? (
        <FetchFailure title="Failed to load blog posts" error={query.error} onRetry={() => void query.refetch()} />
      ) : posts.length === 0 ? (
        <p className={emptyClass}>No blog posts yet</p>
      ) : (
        <>
          <ul className={listClass} aria-label="Blog posts">
            {posts.map((post) => (
              <li key={post.id}>
                <PostRow post={post} onEdit={(id) => open.mutate(id)} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more posts
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
