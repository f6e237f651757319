import { queryOptions } from '@tanstack/react-query';
import type {
  Division,
  HeroVideo,
  MyRegistration,
  NextTournament,
  Sponsor,
  Tournament,
  TournamentRegistration,
} from '../../../edge/features/tournaments/schema.ts';
import { getQueryFn } from '../../lib/api-client.ts';

export type { Division, HeroVideo, MyRegistration, NextTournament, Sponsor, Tournament, TournamentRegistration };

/**
 * One queryOptions factory per call of 000 s7, used by loaders (ensureQueryData) and components alike.
 * Keys are the URL segments: the default query function joins them with '/'.
 */
export const tournamentsQueryOptions = queryOptions<Tournament[]>({ queryKey: ['/api/tournaments'] });

export const nextTournamentQueryOptions = queryOptions<NextTournament>({ queryKey: ['/api/tournaments/next'] });

export const tournamentQueryOptions = (id: number | string) =>
  queryOptions<Tournament>({ queryKey: ['/api/tournaments', String(id)] });

export const tournamentRegistrationsQueryOptions = (id: number | string) =>
  queryOptions<TournamentRegistration[]>({ queryKey: ['/api/tournaments', String(id), 'registrations'] });

export const tournamentSponsorsQueryOptions = (id: number | string) =>
  queryOptions<Sponsor[]>({ queryKey: ['/api/tournaments', String(id), 'sponsors'] });

/** Only when signed in (000 s7); a 401 (session just ended) reads as no registrations. */
export const myRegistrationsQueryOptions = queryOptions({
  queryKey: ['/api/tournament-registrations/my-registrations'],
  queryFn: getQueryFn<MyRegistration[]>({ on401: 'returnNull' }),
});

export const heroVideoQueryOptions = queryOptions<HeroVideo>({ queryKey: ['/api/hero-video'] });

export const divisionQueryOptions = (slug: string) =>
  queryOptions<Division>({ queryKey: ['/api/divisions', slug] });
