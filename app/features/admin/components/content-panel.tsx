import { AuditLogPanel } from './audit-log-panel.tsx';
import { BlogPosts } from './blog-posts.tsx';
import { SponsorListings } from './sponsor-listings.tsx';
import { panelClass } from './styles.ts';

/** The content actions the Content tab's audit log shows (D24). */
export const CONTENT_AUDIT_ACTIONS = [
  'blog.create',
  'blog.edit',
  'blog.publish',
  'blog.unpublish',
  'sponsor.approve',
  'sponsor.edit',
  'sponsor.hide',
  'sponsor.reject',
] as const;

/** 001 s2 / D24 Content: sponsor listings awaiting approval, the blog's posts, and their audit log. */
export function ContentPanel() {
  return (
    <div className={panelClass}>
      <SponsorListings />
      <BlogPosts />
      <AuditLogPanel title="Content Audit Log" actions={CONTENT_AUDIT_ACTIONS} />
    </div>
  );
}
