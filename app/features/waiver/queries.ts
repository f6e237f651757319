import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SignedWaiver, WaiverStatus, WaiverSubmission } from '../../../edge/features/waivers/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { SignedWaiver, WaiverStatus, WaiverSubmission };

/** GET /api/waivers/status: the dashboard's alert reads the same key, so signing here refreshes it there. */
export const waiverStatusQueryKey = ['/api/waivers/status'] as const;
export const waiverStatusQueryOptions = queryOptions<WaiverStatus>({ queryKey: waiverStatusQueryKey });

/**
 * POST /api/waivers. The caller refreshes the waiver status (and the current user, which may now hold a date of
 * birth) once it has shown the success state, so the page does not flip to 'Waiver Already Signed' under the toast.
 */
export function useSignWaiverMutation() {
  return useMutation({
    mutationFn: async (input: WaiverSubmission) => {
      const res = await apiRequest('POST', '/api/waivers', input);
      return (await res.json()) as SignedWaiver;
    },
  });
}
