/**
 * Where the maintenance and access-denied pages send people for help (001 s2): the league's own Contact Support page
 * (D17, it messages the admins and works for guests), and the league's social accounts for news while the site is
 * down. One list, so the league changes a handle in one place.
 */
export const SUPPORT_HREF = '/support';

export interface SocialLink {
  label: string;
  href: string;
}

function isHttps(href: string): boolean {
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The social accounts of `"Label=https://…,Label=https://…"`: only https addresses with a label, at most 8. Anything
 * else is dropped rather than shown as a broken link.
 */
export function parseSocialLinks(text: string | undefined): SocialLink[] {
  const links: SocialLink[] = [];
  for (const part of (text ?? '').split(',')) {
    const at = part.indexOf('=');
    const label = part.slice(0, at).trim();
    const href = part.slice(at + 1).trim();
    if (at <= 0 || !label || label.length > 40 || !isHttps(href)) continue;
    links.push({ label, href });
  }
  return links.slice(0, 8);
}

/**
 * The league's social accounts, set when the app is built (VITE_SOCIAL_LINKS, README: Configuration). None by
 * default: the maintenance page never shows a handle the league may not own.
 */
export const SOCIAL_LINKS: readonly SocialLink[] = parseSocialLinks(
  import.meta.env.VITE_SOCIAL_LINKS as string | undefined,
);
