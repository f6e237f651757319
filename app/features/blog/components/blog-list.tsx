import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { useDisplayDates } from '../../../lib/dates.ts';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { blogListQueryOptions, type BlogPostSummary } from '../queries.ts';
import { emptyClass, leadClass, metaClass, pageClass, titleClass } from './styles.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const itemClass = css({
  bg: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: { base: '4', md: '6' },
  position: 'relative',
  transition: 'colors',
  _hover: { borderColor: 'accent.default' },
  _focusWithin: { borderColor: 'accent.default' },
});
const postTitleClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'extrabold', lineHeight: 'tight' });
// The whole card is the link's target (the title's link stretched over it), so the list reads as one link per post.
const stretchedLinkClass = css({
  _after: { content: '""', inset: '0', position: 'absolute' },
  _focusVisible: { outline: 'none' },
});
const excerptClass = css({ color: 'fg.muted', overflowWrap: 'anywhere' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '32',
});

/** The blog (001 s2): published posts with title, category, date and excerpt; each opens /blog/{id}. */
export function BlogList() {
  const query = useInfiniteQuery(blogListQueryOptions);
  const listRef = useRef<HTMLUListElement>(null);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const focus = useFocusNewItems(listRef, posts.length);

  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focus.expectFrom(posts.length);
    void query.fetchNextPage().then((result) => {
      if (result.isError) focus.cancel();
    });
  };

  return (
    <div className={pageClass}>
      <div>
        <h1 className={titleClass}>Blog</h1>
        <p className={leadClass}>News, results and stories from the WTA League.</p>
      </div>
      {query.isPending ? (
        <div aria-busy="true" className={listClass}>
          <VisuallyHidden role="status">Loading blog posts</VisuallyHidden>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className={skeletonClass} />
          ))}
        </div>
      ) : query.isError && !query.isFetchNextPageError ? (
        <BlogError error={query.error} onRetry={() => void query.refetch()} />
      ) : posts.length === 0 ? (
        <p className={emptyClass}>No blog posts yet</p>
      ) : (
        <>
          <ul ref={listRef} className={listClass}>
            {posts.map((post) => (
              <li key={post.id} tabIndex={-1}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <VisuallyHidden role="status">
            {query.isFetchingNextPage ? 'Loading more posts' : `Showing ${posts.length} posts`}
          </VisuallyHidden>
          <LoadMore
            query={query}
            onLoadMore={loadMore}
            action="Loading more posts"
            error={<BlogError error={query.error} onRetry={loadMore} />}
          />
        </>
      )}
    </div>
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const { longDate } = useDisplayDates();
  return (
    <article className={itemClass}>
      <div className={metaClass}>
        {post.category ? <Badge tone="accent">{post.category}</Badge> : null}
        <time dateTime={post.publishedAt ?? post.createdAt}>{longDate(post.publishedAt ?? post.createdAt)}</time>
      </div>
      <h2 className={postTitleClass}>
        <AppLink href={`/blog/${post.id}`} className={stretchedLinkClass}>
          {post.title}
        </AppLink>
      </h2>
      {post.excerpt ? <p className={excerptClass}>{post.excerpt}</p> : null}
    </article>
  );
}

/** 000 s8: what failed, the server's message when there is one, and Try Again. */
export function BlogError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <Alert role="alert" tone="danger" title="Failed to fetch blog posts">
      {message ? <p>{message}</p> : null}
      <Button className={css({ mt: '2' })} variant="outline" tone="danger" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}
