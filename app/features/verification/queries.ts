import { queryOptions } from '@tanstack/react-query';
import type { ApplyInput, MyApplication } from '../../../edge/features/verification/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';

export type { ApplyInput, MyApplication };

/** GET /api/verification/applications (001 s7): the member's own applications, newest first. */
export const myApplicationsQueryOptions = queryOptions({
  queryKey: ['/api/verification/applications'],
  queryFn: getQueryFn<MyApplication[]>({ on401: 'throw' }),
  retry: false,
});

/** POST /api/verification/apply: the stored application (pending). */
export async function submitApplication(input: ApplyInput): Promise<MyApplication> {
  return (await (await apiRequest('POST', '/api/verification/apply', input)).json()) as MyApplication;
}
