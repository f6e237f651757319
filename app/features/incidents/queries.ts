import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminIncidentPage,
  Consequence,
  IncidentFilter,
  MemberStandingView,
  MyDecision,
} from '../../../edge/features/incidents/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';

/** GET /api/incidents/mine: the signed-in member's decisions (D24), for the dashboard. */
export const myDecisionsQueryOptions = queryOptions({
  queryKey: ['/api/incidents/mine'],
  queryFn: getQueryFn<MyDecision[]>({ on401: 'returnNull' }),
  retry: false,
});

/** GET /api/admin/incidents, newest first, a page at a time (the cursor is the last incident's id). */
export function adminIncidentsQueryOptions(filter: IncidentFilter | 'all') {
  return infiniteQueryOptions({
    queryKey: ['/api/admin/incidents', filter],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (filter !== 'all') params.set('filter', filter);
      if (pageParam) params.set('cursor', String(pageParam));
      return (await (await apiRequest('GET', `/api/admin/incidents?${params}`)).json()) as AdminIncidentPage;
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}

/** GET /api/admin/members/{id}/standing: what the Suspend/Ban actions show. */
export function memberStandingQueryOptions(memberId: string) {
  return queryOptions({
    queryKey: ['/api/admin/members', memberId, 'standing'],
    queryFn: getQueryFn<MemberStandingView>({ on401: 'throw' }),
    retry: false,
  });
}

/** GET /api/admin/members/search?q= (at least 2 characters). */
export function memberSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['/api/admin/members/search', { q }],
    queryFn: getQueryFn<MemberStandingView[]>({ on401: 'throw' }),
    enabled: q.trim().length >= 2,
    retry: false,
    staleTime: 10_000,
  });
}

const post = async <T>(url: string, body: unknown) => (await (await apiRequest('POST', url, body)).json()) as T;

export const createIncident = (input: { memberId: string; description: string }) =>
  post<{ id: number }>('/api/admin/incidents', input);
export const decideIncident = (id: number, input: { consequence: Consequence; days?: number; note: string }) =>
  post<{ id: number }>(`/api/admin/incidents/${id}/decide`, input);
export const resolveAppeal = (id: number, input: { outcome: 'upheld' | 'overturned'; response: string }) =>
  post<{ id: number }>(`/api/admin/incidents/${id}/appeal`, input);
export const suspendMember = (memberId: string, input: { days: number; reason: string }) =>
  post(`/api/admin/members/${memberId}/suspend`, input);
export const banMember = (memberId: string, input: { reason: string }) =>
  post(`/api/admin/members/${memberId}/ban`, input);
export const liftMember = (memberId: string, input: { reason: string }) =>
  post(`/api/admin/members/${memberId}/lift`, input);
export const appealDecision = (id: number, text: string) => post(`/api/incidents/${id}/appeal`, { text });

/** After any admin change: the list, and every standing shown, read again. */
export async function refreshConduct(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/admin/incidents'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/members'] }),
    // The Users tab's member rows show the standing too (the admin feature's finder, keyed by its URL).
    queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
  ]);
}
