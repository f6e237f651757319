import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * D45's calendar feeds written by ical-generator (maintained, MIT, no dependencies, so it runs on Workers as on
 * Node): plain data in, the iCalendar text out. Every time is UTC ('Z' form, no VTIMEZONE), and each event keeps its
 * UID for as long as it lives, so a calendar app updates it in place (the UID is the only identity it has) and moves
 * it when SEQUENCE goes up; a cancelled tournament stays in the feed as a cancelled event.
 */

/** Without an end date a tournament is shown as one day of this many hours (D45). */
export const DEFAULT_EVENT_HOURS = 8;

export interface FeedEvent {
  /** Stable for the event's whole life: 'tournament-12@league.example'. */
  uid: string;
  sequence: number;
  /** DTSTAMP: when the event last changed, so an unchanged feed is the same bytes (and the same ETag). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string | null;
  location: string | null;
  url: string;
  cancelled: boolean;
}

/** DTEND: the tournament's end date, or the start plus DEFAULT_EVENT_HOURS. */
export function eventEnd(start: Date, end: Date | null): Date {
  return end && end > start ? end : new Date(start.getTime() + DEFAULT_EVENT_HOURS * 60 * 60 * 1000);
}

/** The whole feed: one VCALENDAR named `name`, its events in the order given. */
export function calendarFeed(name: string, events: readonly FeedEvent[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'WTA League', product: 'Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp: e.stamp,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: [e.description?.trim(), e.url].filter(Boolean).join('\n\n'),
      location: e.location,
      url: e.url,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
