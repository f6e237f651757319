import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  type MyApplication,
  type PendingApplication,
} from '../../../edge/features/verification/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';

export type { PendingApplication };

export interface ApplicationPage {
  applications: PendingApplication[];
  nextCursor: string | null;
}

const QUEUE_URL = '/api/verification/admin/applications';

/** GET /api/verification/admin/applications (001 s7, D11): the pending queue, oldest first, a page at a time. */
export const pendingApplicationsQueryOptions = infiniteQueryOptions({
  queryKey: [QUEUE_URL] as const,
  queryFn: async ({ pageParam, signal, client }): Promise<ApplicationPage> => {
    const url = pageParam ? `${QUEUE_URL}?cursor=${encodeURIComponent(pageParam)}` : QUEUE_URL;
    const res = await apiGet(url, { signal, client });
    return {
      applications: (await res.json()) as PendingApplication[],
      nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
    };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  retry: false,
});

/** PATCH /api/verification/{id}/approve. */
export async function approveApplication(id: number): Promise<MyApplication> {
  return (await (await apiRequest('PATCH', `/api/verification/${id}/approve`)).json()) as MyApplication;
}

/** PATCH /api/verification/{id}/reject with the reason the applicant will read. */
export async function rejectApplication(id: number, reason: string): Promise<MyApplication> {
  return (await (await apiRequest('PATCH', `/api/verification/${id}/reject`, { reason })).json()) as MyApplication;
}
