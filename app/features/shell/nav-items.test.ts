import { describe, expect, it } from 'vitest';
import {
  accountLinks,
  divisions,
  isCurrent,
  mobileMenuSections,
  moreMenu,
  playersAndTeamsMenu,
  tournamentsMenu,
  type NavUser,
} from './nav-items.ts';

const user = (over: Partial<NavUser> = {}): NavUser => ({ role: 'player', isVerified: false, isAdmin: false, ...over });
const hrefs = (links: { href: string }[] | undefined) => (links ?? []).map((link) => link.href);

describe('shell navigation (000 s2)', () => {
  it('offers hosting only to verified users', () => {
    expect(hrefs(tournamentsMenu(null).links)).toEqual(['/tournaments', '/bracket-archive']);
    expect(hrefs(tournamentsMenu(user()).links)).not.toContain('/host-tournament');
    expect(hrefs(tournamentsMenu(user({ isVerified: true })).links)).toContain('/host-tournament');
  });

  it('lists the eight divisions in order', () => {
    expect(divisions.map((d) => d.label)).toEqual([
      'Hoop',
      'Flag Football',
      'Kickball',
      'Slap',
      'SlamBall',
      'Soccer',
      'Boxing',
      'Pickleball',
    ]);
    expect(hrefs([...divisions])).toContain('/divisions/flag-football');
  });

  it('shows Players & Teams only when signed in, by role', () => {
    expect(playersAndTeamsMenu(null)).toBeNull();
    expect(hrefs(playersAndTeamsMenu(user())?.links)).toEqual(['/leaderboards', '/free-agency', '/transfer-portal']);
    const owner = playersAndTeamsMenu(user({ role: 'owner' }));
    expect(hrefs(owner?.links)).toEqual(['/leaderboards', '/transfer-portal', '/teams']);
    expect(owner?.links.at(-1)?.label).toBe('My Team');
    expect(hrefs(playersAndTeamsMenu(user({ role: 'fan' }))?.links)).toEqual(['/leaderboards']);
  });

  it('shows RSVP to verified and Apply for Verified to unverified signed-in users', () => {
    expect(hrefs(moreMenu(null).links)).toEqual(['/media-day', '/blog', '/sponsorship', '/waiver']);
    expect(hrefs(moreMenu(user()).links)).toEqual(['/media-day', '/blog', '/apply-verified', '/sponsorship', '/waiver']);
    expect(hrefs(moreMenu(user({ isVerified: true })).links)).toEqual([
      '/media-day',
      '/media-day-rsvp',
      '/blog',
      '/sponsorship',
      '/waiver',
    ]);
  });

  it('shows Admin only to real admins', () => {
    expect(hrefs(accountLinks(null))).toEqual(['/auth', '/register']);
    expect(hrefs(accountLinks(user({ role: 'admin' })))).toEqual(['/dashboard', '/messages']);
    expect(hrefs(accountLinks(user({ role: 'admin', isAdmin: true })))).toEqual(['/dashboard', '/messages', '/admin']);
  });

  it('adds the two leaderboard views to the mobile menu', () => {
    const all = mobileMenuSections(null).flatMap((section) => hrefs(section.links));
    expect(all).toContain('/leaderboards?type=teams');
    expect(all).toContain('/leaderboards?type=players');
  });

  it('matches the current page case-insensitively, with an optional trailing slash and query', () => {
    expect(isCurrent({ label: '', href: '/auth' }, '/AUTH/', '')).toBe(true);
    expect(isCurrent({ label: '', href: '/' }, '/', '')).toBe(true);
    expect(isCurrent({ label: '', href: '/leaderboards?type=teams' }, '/leaderboards', '?type=teams')).toBe(true);
    expect(isCurrent({ label: '', href: '/leaderboards?type=teams' }, '/leaderboards', '?type=players')).toBe(false);
  });
});
