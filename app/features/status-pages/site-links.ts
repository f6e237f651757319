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

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/wtaleague' },
  { label: 'X (Twitter)', href: 'https://x.com/wtaleague' },
  { label: 'Facebook', href: 'https://www.facebook.com/wtaleague' },
  { label: 'YouTube', href: 'https://www.youtube.com/@wtaleague' },
];
