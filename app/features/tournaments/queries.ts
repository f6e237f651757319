import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  Division,
  HeroVideo,
  MyRegistration,
  NextTournament,
  Sponsor,
  Tournament,
  TournamentRegistration,
} from '../../../edge/features/tournaments/schema.ts';
import type { MyTeam } from '../../../edge/features/teams/schema.ts';
import type { WaitlistEntry, WaitlistPlace } from '../../../edge/features/waitlist/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/tournaments/schema.ts';
import { apiGet, getQueryFn } from '../../lib/api-client.ts';
import { queryKeyUrl } from '../../lib/offline-cache.ts';
import type { TournamentFilter } from './tournament-display.ts';

export type { Division, HeroVideo, MyRegistration, NextTournament, Sponsor, Tournament, TournamentRegistration };

/**
 * One queryOptions factory per call of 000 s7, used by loaders (ensureQueryData) and components alike.
 * Keys are the URL segments: the default query function joins them with '/'.
 */
/** One page of GET /api/tournaments (ADR 025): its tournaments and the cursor of the next page (null on the last). */
export interface TournamentPage {
  tournaments: Tournament[];
  nextCursor: string | null;
}

/** The key of a filter's paged list: its first page's URL, `/api/tournaments` or `/api/tournaments?status=live`. */
export const tournamentListKey = (filter: TournamentFilter) =>
  ['/api/tournaments', filter === 'all' ? {} : { status: filter }] as const;

/**
 * The tournament list of 000 s2, a page at a time (ADR 025): the filter runs on the server, each page is the
 * API's default size, and the next one starts after the previous page's cursor (X-Next-Cursor). Used by the route's
 * loader (prefetchInfiniteQuery: the first page) and the screen (useInfiniteQuery) alike.
 */
export const tournamentListQueryOptions = (filter: TournamentFilter) =>
  infiniteQueryOptions({
    queryKey: tournamentListKey(filter),
    queryFn: async ({ queryKey, pageParam, signal, client }): Promise<TournamentPage> => {
      const first = queryKeyUrl(queryKey)!;
      const url = pageParam ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}` : first;
      const res = await apiGet(url, { signal, client });
      return { tournaments: (await res.json()) as Tournament[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

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

/**
 * GET /api/teams/my-teams (owners): the teams an owner may enter in a team tournament (D22). The same key as the
 * team page's query, so the two share one cached answer.
 */
export const ownerTeamsQueryOptions = queryOptions<MyTeam[]>({ queryKey: ['/api/teams/my-teams'], staleTime: 0 });

/** D42: the signed-in member's place on a full tournament's waitlist (null when not in line or signed out). */
export const waitlistPlaceQueryOptions = (id: number | string) =>
  queryOptions({
    queryKey: ['/api/tournaments', String(id), 'waitlist', 'mine'],
    queryFn: getQueryFn<WaitlistPlace | null>({ on401: 'returnNull' }),
  });

/** D42: the line, for the host and admins. */
export const waitlistQueryOptions = (id: number | string) =>
  queryOptions<WaitlistEntry[]>({ queryKey: ['/api/tournaments', String(id), 'waitlist'] });
