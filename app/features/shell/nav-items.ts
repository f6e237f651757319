/**
 * The shell's navigation (000 s2) as pure functions of the signed-in user, so the visibility rules are testable
 * without rendering. The server still enforces every rule; hiding a link is a courtesy.
 */

/** The fields of the current user that the navigation depends on. */
export interface NavUser {
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin';
  isVerified: boolean;
  isAdmin: boolean;
}

export interface NavLink {
  label: string;
  /** A path, optionally with a query string (/leaderboards?type=teams). */
  href: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

/** The eight divisions (000 s1) in the specification's order, with their menu labels. */
export const divisions: readonly NavLink[] = [
  { label: 'Hoop', href: '/divisions/hoop' },
  { label: 'Flag Football', href: '/divisions/flag-football' },
  { label: 'Kickball', href: '/divisions/kickball' },
  { label: 'Slap', href: '/divisions/slap' },
  { label: 'SlamBall', href: '/divisions/slamball' },
  { label: 'Soccer', href: '/divisions/soccer' },
  { label: 'Boxing', href: '/divisions/boxing' },
  { label: 'Pickleball', href: '/divisions/pickleball' },
];

const isVerified = (user: NavUser | null): boolean => user?.isVerified === true;

export function tournamentsMenu(user: NavUser | null): NavGroup {
  const links: NavLink[] = [
    { label: 'All Tournaments', href: '/tournaments' },
    { label: 'Bracket Archive', href: '/bracket-archive' },
  ];
  if (isVerified(user)) links.push({ label: 'Host Tournament', href: '/host-tournament' });
  return { label: 'Tournaments', links };
}

export function divisionsMenu(): NavGroup {
  return { label: 'Divisions', links: [...divisions] };
}

/** Only for signed-in users; null for guests. */
export function playersAndTeamsMenu(user: NavUser | null): NavGroup | null {
  if (!user) return null;
  const links: NavLink[] = [{ label: 'Leaderboards', href: '/leaderboards' }];
  if (user.role === 'player') links.push({ label: 'Free Agency', href: '/free-agency' });
  if (user.role === 'player' || user.role === 'owner') links.push({ label: 'Transfer Portal', href: '/transfer-portal' });
  if (user.role === 'owner') links.push({ label: 'My Team', href: '/teams' });
  return { label: 'Players & Teams', links };
}

export function moreMenu(user: NavUser | null): NavGroup {
  const links: NavLink[] = [{ label: 'Media Day', href: '/media-day' }];
  if (user && isVerified(user)) links.push({ label: 'Media Day RSVP', href: '/media-day-rsvp' });
  links.push({ label: 'Blog', href: '/blog' });
  if (user && !isVerified(user)) links.push({ label: 'Apply for Verified', href: '/apply-verified' });
  links.push({ label: 'Sponsorship', href: '/sponsorship' }, { label: 'Waiver', href: '/waiver' });
  return { label: 'More', links };
}

export const homeLink: NavLink = { label: 'Home', href: '/' };
export const searchLink: NavLink = { label: 'Search', href: '/search' };

/** The right side of the bar: account links, Admin only for real admins (role plus league domain, D6). */
export function accountLinks(user: NavUser | null): NavLink[] {
  if (!user) {
    return [
      { label: 'Login', href: '/auth' },
      { label: 'Register', href: '/register' },
    ];
  }
  const links: NavLink[] = [
    { label: 'Dashboard', href: '/dashboard' },
    { label: 'Notifications', href: '/messages' },
  ];
  if (user.isAdmin) links.push({ label: 'Admin', href: '/admin' });
  return links;
}

/** The top bar's menus in order: Tournaments, Divisions, Players & Teams (signed in), then Home, then More. */
export function topNavMenus(user: NavUser | null): { before: NavGroup[]; after: NavGroup[] } {
  const playersAndTeams = playersAndTeamsMenu(user);
  return {
    before: [tournamentsMenu(user), divisionsMenu(), ...(playersAndTeams ? [playersAndTeams] : [])],
    after: [moreMenu(user)],
  };
}

/** The mobile menu mirrors the bar and adds the two leaderboard views. */
export function mobileMenuSections(user: NavUser | null): NavGroup[] {
  const playersAndTeams = playersAndTeamsMenu(user);
  const leaderboards: NavGroup = {
    label: 'Leaderboards',
    links: [
      { label: 'Team Leaderboards', href: '/leaderboards?type=teams' },
      { label: 'Player Leaderboards', href: '/leaderboards?type=players' },
    ],
  };
  return [
    { label: 'Main', links: [homeLink, searchLink] },
    tournamentsMenu(user),
    divisionsMenu(),
    ...(playersAndTeams ? [playersAndTeams] : []),
    leaderboards,
    moreMenu(user),
  ];
}

/** Footer links on every page (000 s2). */
export const footerLinks: readonly NavLink[] = [
  { label: 'Sign Waiver', href: '/waiver' },
  { label: 'Code of Conduct', href: '/code-of-conduct' },
  { label: 'Terms of Service', href: '/terms' },
  { label: 'Privacy Policy', href: '/privacy' },
];

/** Whether a link points at the current page (for aria-current). */
export function isCurrent(link: NavLink, pathname: string, search: string): boolean {
  const [path, query] = link.href.split('?');
  const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();
  if (normalise(path ?? '') !== normalise(pathname)) return false;
  if (!query) return true;
  const want = new URLSearchParams(query);
  const have = new URLSearchParams(search);
  for (const [key, value] of want) if (have.get(key) !== value) return false;
  return true;
}
