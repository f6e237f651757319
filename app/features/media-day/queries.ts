import { queryOptions } from '@tanstack/react-query';
import type {
  AdminRsvpList,
  EventInput,
  MediaDayEventView,
  MyRsvp,
  RsvpInput,
  RsvpPage,
} from '../../../edge/features/media-day/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';

export type {
  AdminRsvp,
  AdminRsvpList,
  MediaDayEventView,
  MyRsvp,
  RsvpPage,
} from '../../../edge/features/media-day/schema.ts';

/** GET /api/media-day: the current event for the info page. */
export const mediaDayQueryOptions = queryOptions<{ event: MediaDayEventView | null }>({ queryKey: ['/api/media-day'] });

/** GET /api/media-day/rsvp: the event, the member's RSVP and their teams (verified members). */
export const rsvpPageQueryOptions = queryOptions<RsvpPage>({ queryKey: ['/api/media-day/rsvp'] });

/** GET /api/admin/media-day-rsvps, first page (admins). */
export const adminRsvpsQueryOptions = queryOptions<AdminRsvpList>({ queryKey: ['/api/admin/media-day-rsvps'] });

/** POST /api/media-day/rsvp: creates or updates the member's RSVP. */
export async function submitRsvp(input: RsvpInput): Promise<MyRsvp> {
  return (await (await apiRequest('POST', '/api/media-day/rsvp', input)).json()) as MyRsvp;
}

/** PATCH /api/admin/media-day-events/{id}: the admin's edit of the event record. */
export async function saveEvent(id: number, input: EventInput): Promise<MediaDayEventView> {
  return (await (await apiRequest('PATCH', `/api/admin/media-day-events/${id}`, input)).json()) as MediaDayEventView;
}

/** Every RSVP of the current event, page after page (the CSV holds them all, not only the first page on screen). */
export async function allRsvps(): Promise<AdminRsvpList> {
  let url = '/api/admin/media-day-rsvps?limit=500';
  const first = (await (await apiGet(url)).json()) as AdminRsvpList;
  const rsvps = [...first.rsvps];
  let cursor = first.nextCursor;
  while (cursor !== null && first.event) {
    url = `/api/admin/media-day-rsvps?limit=500&eventId=${first.event.id}&cursor=${cursor}`;
    const page = (await (await apiGet(url)).json()) as AdminRsvpList;
    rsvps.push(...page.rsvps);
    cursor = page.nextCursor;
  }
  return { event: first.event, rsvps, nextCursor: null };
}
