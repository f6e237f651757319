import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  type AdminHolder,
  type AdminMember,
  type EndSessionsResult,
  type MemberRole,
  type TeamCoach,
} from '../../../edge/features/users/constants.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { queryKeyUrl } from '../../lib/offline-cache.ts';

export type { AdminHolder, AdminMember, MemberRole, TeamCoach };

export interface MemberPage {
  members: AdminMember[];
  nextCursor: string | null;
}

function withCursor(first: string, cursor: string | null): string {
  return cursor ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : first;
}

/** Every member list of the admin screens starts with this key, so one invalidation refreshes them all. */
export const MEMBERS_KEY = '/api/admin/users';

/** GET /api/admin/users (D24): members by name, or those whose name or e-mail starts with `q`, a page at a time. */
export const membersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [MEMBERS_KEY, q ? { q } : {}] as const,
    queryFn: async ({ queryKey, pageParam, signal, client }): Promise<MemberPage> => {
      const res = await apiGet(withCursor(queryKeyUrl(queryKey)!, pageParam), { signal, client });
      return { members: (await res.json()) as AdminMember[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });

/** GET /api/admin/permissions: the holders of admin and super_admin. */
export const adminHoldersQueryOptions = queryOptions({
  queryKey: ['/api/admin/permissions'],
  queryFn: async ({ signal, client }) =>
    (await (await apiGet('/api/admin/permissions', { signal, client })).json()) as AdminHolder[],
  retry: false,
});

/** GET /api/admin/coaches: the teams' coaches, read-only, a page at a time. */
export const coachesQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/admin/coaches'] as const,
  queryFn: async ({ pageParam, signal, client }) => {
    const res = await apiGet(withCursor('/api/admin/coaches', pageParam), { signal, client });
    return { coaches: (await res.json()) as TeamCoach[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  retry: false,
});

export async function setMemberRole(id: string, role: MemberRole): Promise<AdminMember> {
  return (await (
    await apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(id)}/role`, { role })
  ).json()) as AdminMember;
}

export async function setMemberVerified(id: string, isVerified: boolean): Promise<AdminMember> {
  const res = await apiRequest('PATCH', `/api/admin/users/${encodeURIComponent(id)}/verified`, { isVerified });
  return (await res.json()) as AdminMember;
}

export async function endMemberSessions(id: string): Promise<EndSessionsResult> {
  return (await (
    await apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(id)}/sessions`)
  ).json()) as EndSessionsResult;
}
