import type { Db } from './client.ts';
import { mediaDayEvents, mediaDayRsvps } from './schema/media.ts';

// Demo data of Media Day (D25), called once from seed.ts inside its transaction.

const DAY = 24 * 60 * 60 * 1000;
const VENUE_ZONE = 'America/New_York';

/** The venue's calendar date at an instant ('YYYY-MM-DD'). */
function venueDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: VENUE_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * D25: the next Media Day, 60 days after the league first starts (the seed's `now`), 10:00 AM to 4:00 PM at a
 * sports complex's main arena, and, when given, one verified member's RSVP so the admin list is not empty.
 */
export async function seedMediaDay(
  tx: Pick<Db, 'insert'>,
  opts: { now: Date; rsvpFrom: string | null },
): Promise<void> {
  const date = venueDate(new Date(opts.now.getTime() + 60 * DAY));
  const [event] = await tx
    .insert(mediaDayEvents)
    .values({
      name: `Media Day ${date.slice(0, 4)}`,
      date,
      startTime: '10:00',
      endTime: '16:00',
      timeZone: VENUE_ZONE,
      place: 'Sports Complex Main Arena',
      notes: 'Arrive 30 minutes before the tournament. Sponsors will contact you within 24 hours of your RSVP.',
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .returning({ id: mediaDayEvents.id });
  if (!opts.rsvpFrom) return;
  const at = new Date(opts.now.getTime() - 2 * DAY);
  await tx.insert(mediaDayRsvps).values({
    eventId: event!.id,
    userId: opts.rsvpFrom,
    sport: 'basketball',
    purpose: 'Team photos and a sponsor interview for the Atlanta season opener.',
    arrivalTime: 'morning',
    attendeeCount: 3,
    dietaryRestrictions: 'One vegetarian',
    specialRequests: null,
    createdAt: at,
    updatedAt: at,
  });
}
