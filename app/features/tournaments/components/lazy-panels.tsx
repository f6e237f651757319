import { lazy, useEffect } from 'react';
import { whenIdle } from '../../../lib/next-task.ts';
import { lazyPanel } from '../../../ui/lazy-panel.tsx';

// The Sponsors, Registration and Tickets tabs are never part of the first render: the server draws Overview, and a
// #hash opens another tab only after hydration (ADR 027). Their code (~6 KiB gz) leaves the detail page's first load
// (ADR 064) and is fetched once the page is idle, so a tap on a tab, or a signal lost after that, finds it there.
const loadRegistration = () => import('./tournament-registration.tsx');
const loadTeamRegistration = () => import('./team-registration.tsx');
const loadSponsors = () => import('./tournament-sponsors.tsx');
const loadTickets = () => import('./tournament-tickets.tsx');

/** Fetches the tabs' code when the page is idle: a team tournament's registration, or an individual one's. */
export function usePanelsWhenIdle(team: boolean) {
  useEffect(() => {
    whenIdle(() => {
      void (team ? loadTeamRegistration() : loadRegistration());
      void loadSponsors();
      void loadTickets();
    });
  }, [team]);
}

export const TournamentRegistration = lazyPanel(
  lazy(() => loadRegistration().then((m) => ({ default: m.TournamentRegistration }))),
  'Loading registration',
);
export const TeamRegistration = lazyPanel(
  lazy(() => loadTeamRegistration().then((m) => ({ default: m.TeamRegistration }))),
  'Loading registration',
);
export const TournamentSponsors = lazyPanel(
  lazy(() => loadSponsors().then((m) => ({ default: m.TournamentSponsors }))),
  'Loading sponsors',
);
export const TournamentTickets = lazyPanel(
  lazy(() => loadTickets().then((m) => ({ default: m.TournamentTickets }))),
  'Loading tickets',
);
