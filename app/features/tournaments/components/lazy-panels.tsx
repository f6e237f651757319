import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { whenIdle } from '../../../lib/next-task.ts';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import type { TeamRegistrationProps } from './team-registration.tsx';
import type { TournamentRegistrationProps } from './tournament-registration.tsx';
import type { TournamentTicketsProps } from './tournament-tickets.tsx';

// The Sponsors, Registration and Tickets tabs are never part of the first render: the server draws Overview, and a
// #hash opens another tab only after hydration (ADR 027). Their code (~6 KiB gz) leaves the detail page's first load
// (ADR 064) and is fetched once the page is idle, so a tap on a tab, or a signal lost after that, finds it there.
const loadRegistration = () => import('./tournament-registration.tsx');
const loadTeamRegistration = () => import('./team-registration.tsx');
const loadSponsors = () => import('./tournament-sponsors.tsx');
const loadTickets = () => import('./tournament-tickets.tsx');

const RegistrationImpl = lazy(() => loadRegistration().then((m) => ({ default: m.TournamentRegistration })));
const TeamRegistrationImpl = lazy(() => loadTeamRegistration().then((m) => ({ default: m.TeamRegistration })));
const SponsorsImpl = lazy(() => loadSponsors().then((m) => ({ default: m.TournamentSponsors })));
const TicketsImpl = lazy(() => loadTickets().then((m) => ({ default: m.TournamentTickets })));

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

const fallbackClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3', height: '48', mt: '2' });

function Loading({ label, children }: { label: string; children: ReactNode }) {
  const fallback = (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div className={fallbackClass} aria-hidden="true" />
    </div>
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

export function TournamentRegistration(props: TournamentRegistrationProps) {
  return (
    <Loading label="Loading registration">
      <RegistrationImpl {...props} />
    </Loading>
  );
}

export function TeamRegistration(props: TeamRegistrationProps) {
  return (
    <Loading label="Loading registration">
      <TeamRegistrationImpl {...props} />
    </Loading>
  );
}

export function TournamentSponsors(props: { tournamentId: number }) {
  return (
    <Loading label="Loading sponsors">
      <SponsorsImpl {...props} />
    </Loading>
  );
}

export function TournamentTickets(props: TournamentTicketsProps) {
  return (
    <Loading label="Loading tickets">
      <TicketsImpl {...props} />
    </Loading>
  );
}
