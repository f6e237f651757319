import { describe, expect, it } from 'vitest';
import { featureCards, quickLinks, type LandingUser } from './landing-links.ts';

const as = (role: LandingUser['role'], isAdmin = false): LandingUser => ({ role, isAdmin });
const summary = (user: LandingUser | null) => featureCards(user).map((c) => `${c.title} -> ${c.href}`);

describe('landing feature cards (000 s2)', () => {
  it('guests: Join Free Agency, Build Your Team to /auth, Support a Team or Player', () => {
    expect(summary(null)).toEqual([
      'Join Free Agency -> /free-agency',
      'Build Your Team -> /auth',
      'Support a Team or Player -> /tournaments',
    ]);
  });

  it('players and owners get the Dashboard card', () => {
    for (const role of ['player', 'owner'] as const) {
      expect(summary(as(role))).toEqual([
        'Free Agency -> /free-agency',
        'Build Your Team -> /teams',
        'Dashboard -> /dashboard',
      ]);
    }
  });

  it('fans and admins get the support card', () => {
    for (const role of ['fan', 'admin', 'super_admin'] as const) {
      expect(summary(as(role, role !== 'fan'))[2]).toBe('Support a Team or Player -> /tournaments');
      expect(summary(as(role))[1]).toBe('Build Your Team -> /teams');
    }
  });
});

describe('landing mobile list (000 s2)', () => {
  const labels = (user: LandingUser | null) => quickLinks(user).map((l) => l.label);
  const common = ['Tournaments', 'Leaderboards', 'Bracket Archive', 'Search', 'Sponsorship'];

  it('guests end with Login', () => {
    expect(labels(null)).toEqual([...common, 'Login']);
    expect(quickLinks(null).at(-1)).toEqual({ label: 'Login', href: '/auth' });
  });

  it('signed in: Dashboard, and Admin Panel only for admins', () => {
    expect(labels(as('player'))).toEqual([...common, 'Dashboard']);
    expect(labels(as('admin', false))).toEqual([...common, 'Dashboard']);
    expect(labels(as('admin', true))).toEqual([...common, 'Dashboard', 'Admin Panel']);
    expect(quickLinks(as('super_admin', true)).at(-1)).toEqual({ label: 'Admin Panel', href: '/admin' });
  });
});
