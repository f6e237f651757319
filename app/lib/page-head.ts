/**
 * A public page's title, description and link-preview tags (issue 12, ADR 027), as the meta list of a TanStack
 * Router route's `head`. The server writes them into the HTML it sends, so a link pasted into a chat app shows the
 * page's own preview; in the browser each page keeps setting its <title> as it renders.
 */
export interface PagePreview {
  title: string;
  description: string;
  /** An image path or URL (a tournament's flyer); the league's card otherwise. */
  image?: string | null;
  /** 'article' for a post; 'website' otherwise. */
  type?: 'website' | 'article' | 'profile';
  /** D36: a minor's profile carries no image at all (not even the league's card) and asks not to be indexed. */
  private?: boolean;
  /** The page's one address when it has two (/team/{id} is /teams/{id}); the requested path otherwise. */
  canonicalPath?: string;
}

export type PageMeta = Array<Record<string, string>>;

export const SITE_NAME = 'WTA League';
export const DEFAULT_DESCRIPTION =
  'WTA League: one-day cash-prize tournaments in eight divisions. Where you win cash, not trophies for bragging rights.';
/** The card shown for pages without their own picture. */
export const DEFAULT_IMAGE = '/icons/icon-512.png';

/** The meta list of `head` for one public page. */
export function pageMeta(preview: PagePreview): PageMeta {
  const description = clip(preview.description, 300);
  const image = preview.private ? null : preview.image || DEFAULT_IMAGE;
  const meta: PageMeta = [
    { title: preview.title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: preview.type ?? 'website' },
    { property: 'og:title', content: preview.title },
    { property: 'og:description', content: description },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: preview.image && image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: preview.title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
  if (preview.private) meta.push({ name: 'robots', content: 'noindex' });
  if (preview.canonicalPath) meta.push({ rel: 'canonical', href: preview.canonicalPath });
  return meta;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside an HTML attribute or element. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return origin;
  }
}

/**
 * The <head> tags for the matched routes' meta lists (deeper routes win): title, description, canonical URL (the
 * page's path on the league's origin, without the query) and Open Graph / Twitter tags with absolute URLs.
 */
export function headTags(metaLists: PageMeta[], origin: string, href: string): string {
  const byKey = new Map<string, Record<string, string>>();
  let canonicalPath: string | undefined;
  for (const list of metaLists) {
    for (const tag of list) {
      if (tag.rel === 'canonical') {
        canonicalPath = tag.href;
        continue;
      }
      const key = tag.title !== undefined ? 'title' : tag.name ?? tag.property ?? JSON.stringify(tag);
      byKey.set(key, tag);
    }
  }
  const canonical = absolute(canonicalPath ?? href.split(/[?#]/)[0] ?? '/', origin);
  const out: string[] = [];
  const title = byKey.get('title')?.title ?? SITE_NAME;
  out.push(`<title>${escapeHtml(title)}</title>`);
  if (!byKey.has('description')) byKey.set('description', { name: 'description', content: DEFAULT_DESCRIPTION });
  for (const [key, tag] of byKey) {
    if (key === 'title') continue;
    const content = key === 'og:image' || key === 'twitter:image' ? absolute(tag.content ?? '', origin) : tag.content;
    const attr = tag.property !== undefined ? 'property' : 'name';
    out.push(`<meta ${attr}="${escapeHtml(tag[attr] ?? key)}" content="${escapeHtml(content ?? '')}" />`);
  }
  out.push(`<meta property="og:url" content="${escapeHtml(canonical)}" />`);
  out.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  return out.join('\n    ');
}
