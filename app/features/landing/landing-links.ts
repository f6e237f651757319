/**
 * What the landing page links to, as pure functions of the signed-in user (000 s2), so the rules are testable
 * without rendering. Hiding a link is a courtesy; the server enforces every rule.
 */

/** The fields of the current user the landing page's cards and lists depend on. */
export interface LandingUser {
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin';
  isAdmin: boolean;
}

export type FeatureKind = 'free-agency' | 'build-team' | 'dashboard' | 'support';

export interface FeatureCard {
  kind: FeatureKind;
  title: string;
  description: string;
  href: string;
}

/** The three feature cards of 000 s2, in order. */
export function featureCards(user: LandingUser | null): FeatureCard[] {
  const freeAgency: FeatureCard = {
    kind: 'free-agency',
    title: user ? 'Free Agency' : 'Join Free Agency',
    description: 'Put your name in the pool. Owners scout it for talent and invite players straight onto their teams.',
    href: '/free-agency',
  };
  const buildTeam: FeatureCard = {
    kind: 'build-team',
    title: 'Build Your Team',
    description: 'Own a squad: recruit from free agency, manage your roster and chase the bag together.',
    href: user ? '/teams' : '/auth',
  };
  const third: FeatureCard =
    user?.role === 'player' || user?.role === 'owner'
      ? {
          kind: 'dashboard',
          title: 'Dashboard',
          description: 'Your profile, stats, team info and tournament history in one place.',
          href: '/dashboard',
        }
      : {
          kind: 'support',
          title: 'Support a Team or Player',
          description: 'Follow tournaments, vote for the MVP, donate $1 and help crown a champion.',
          href: '/tournaments',
        };
  return [freeAgency, buildTeam, third];
}

export interface QuickLink {
  label: string;
  href: string;
}

/**
 * The simpler mobile list of the landing page (000 s2): Tournaments, Leaderboards, Bracket Archive, Search,
 * Sponsorship, then Dashboard and Admin Panel (admins only) when signed in, or Login otherwise. Logout, a button,
 * follows the links when signed in.
 */
export function quickLinks(user: LandingUser | null): QuickLink[] {
  const links: QuickLink[] = [
    { label: 'Tournaments', href: '/tournaments' },
    { label: 'Leaderboards', href: '/leaderboards' },
    { label: 'Bracket Archive', href: '/bracket-archive' },
    { label: 'Search', href: '/search' },
    { label: 'Sponsorship', href: '/sponsorship' },
  ];
  if (!user) return [...links, { label: 'Login', href: '/auth' }];
  links.push({ label: 'Dashboard', href: '/dashboard' });
  if (user.isAdmin) links.push({ label: 'Admin Panel', href: '/admin' });
  return links;
}
