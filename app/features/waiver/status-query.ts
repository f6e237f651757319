import { queryOptions } from '@tanstack/react-query';
import type { WaiverStatus } from '../../../edge/features/waivers/schema.ts';

// Apart from queries.ts, which holds the outbox's sending: the route's loader reads this one, and a loader's imports
// ship with the app's first load (issue 12), the outbox's code should not.

/** GET /api/waivers/status: the dashboard's alert reads the same key, so signing here refreshes it there. */
export const waiverStatusQueryKey = ['/api/waivers/status'] as const;
export const waiverStatusQueryOptions = queryOptions<WaiverStatus>({
  queryKey: waiverStatusQueryKey,
});
