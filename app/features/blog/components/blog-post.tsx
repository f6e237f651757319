import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowLeft, Share2 } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { useDisplayDates } from '../../../lib/dates.ts';
import { shareOrCopy } from '../../../lib/share.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { blogPostQueryOptions } from '../queries.ts';
import { metaClass, pageClass, proseClass } from './styles.ts';
import { DocumentTitle } from '../../../ui/document-title.tsx';

const headingClass = css({ fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'black', lineHeight: 'tight' });
const headClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const footClass = css({
  borderColor: 'border.default',
  borderTopWidth: '1px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
  pt: '6',
});

/** A blog post (/blog/{id}): its Markdown as the server rendered it (D29: no raw HTML, checked links) and Share. */
export function BlogPostPage({ id }: { id: string }) {
  const { data: post } = useSuspenseQuery(blogPostQueryOptions(id));
  const { longDate } = useDisplayDates();
  const [sharing, setSharing] = useState(false);
  const date = post.publishedAt ?? post.createdAt;

  const share = () => {
    setSharing(true);
    const url = `${window.location.origin}/blog/${post.id}`;
    void shareOrCopy({ title: post.title, text: `${post.title} on WTA League`, url }).finally(() => setSharing(false));
  };

  return (
    <article className={pageClass} aria-labelledby="blog-post-title">
      <DocumentTitle>{`${post.title} | WTA League`}</DocumentTitle>
      <TextLink href="/blog" className={css({ alignSelf: 'flex-start' })}>
        <ArrowLeft aria-hidden="true" className={css({ display: 'inline', height: '4', width: '4' })} /> All posts
      </TextLink>
      <header className={headClass}>
        <div className={metaClass}>
          {post.category ? <Badge tone="accent">{post.category}</Badge> : null}
          <time dateTime={date}>{longDate(date)}</time>
          {post.published ? null : <Badge tone="danger">Draft: only admins see this post</Badge>}
        </div>
        <h1 id="blog-post-title" className={headingClass}>
          {post.title}
        </h1>
      </header>
      {/* The server's renderer escapes every tag of the source (raw HTML off) and checks every link (D29). */}
      <div className={proseClass} dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className={footClass}>
        <Button variant="outline" disabled={sharing} onClick={share}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
        <LinkButton href="/blog" variant="ghost">
          More posts
        </LinkButton>
      </footer>
    </article>
  );
}

const notFoundClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  px: '4',
  py: '20',
  textAlign: 'center',
});

/** A post that does not exist, or is not published (its existence is not public either). */
export function BlogPostNotFound() {
  return (
    <section className={notFoundClass} aria-labelledby="blog-not-found">
      <DocumentTitle>Blog post not found | WTA League</DocumentTitle>
      <h1 id="blog-not-found" className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' })}>
        Blog post not found
      </h1>
      <LinkButton href="/blog" size="lg">
        Back to the Blog
      </LinkButton>
    </section>
  );
}
