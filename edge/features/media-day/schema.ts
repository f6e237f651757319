import { z } from 'zod';
import { arrivalTimes, mediaDaySports } from '../../../db/schema/media-values.ts';
import { freeText } from '../../lib/free-text.ts';
import { isTime, isTimeZone, minutesOf, parseDate } from './dates.ts';

/** The printed forms of 001 s2, for the screens. */
export { defaultEventName, formatEventDate, formatEventTime } from './dates.ts';

export { arrivalTimes, mediaDaySports };
export type MediaDaySport = (typeof mediaDaySports)[number];
export type ArrivalTime = (typeof arrivalTimes)[number];

/** 001 s2 and s6: the verified-only gate, word for word. */
export const VERIFIED_ONLY_TITLE = 'Verified Users Only';
export const VERIFIED_ONLY_DESCRIPTION = 'Media Day RSVP is only available to verified users.';
export const VERIFIED_ONLY_MESSAGE = `${VERIFIED_ONLY_TITLE}: ${VERIFIED_ONLY_DESCRIPTION}`;

/** 001 s9: at most 5 attendees. */
export const MAX_ATTENDEES = 5;
/** D25: the fuller form, with the short form's stricter purpose of 20 characters. */
export const PURPOSE_MIN = 20;
export const PURPOSE_MAX = 1000;
export const NOTE_MAX = 500;

export const RSVP_MESSAGES = {
  sport: 'Please select a sport',
  purpose: 'Please provide at least 20 characters explaining your purpose',
  purposeTooLong: `Purpose must be ${PURPOSE_MAX} characters or less`,
  arrivalTime: 'Please select your arrival time preference',
  tooManyAttendees: 'Maximum 5 attendees allowed',
  tooFewAttendees: 'At least 1 attendee is required',
  team: 'Please select one of your teams',
  dietaryTooLong: `Dietary restrictions must be ${NOTE_MAX} characters or less`,
  requestsTooLong: `Special requests must be ${NOTE_MAX} characters or less`,
  noEvent: 'No Media Day is scheduled yet.',
  closed: 'RSVPs for this Media Day are closed: the day has passed.',
} as const;

/** 001 s9: the arrival windows as the form offers them. */
export const arrivalTimeLabels: Record<ArrivalTime, string> = {
  morning: 'Morning (9-12)',
  afternoon: 'Afternoon (12-3)',
  evening: 'Evening (3-6)',
  flexible: 'Flexible',
};

export const sportLabels: Record<MediaDaySport, string> = {
  basketball: 'Basketball',
  football: 'Football',
  kickball: 'Kickball',
  volleyball: 'Volleyball',
  soccer: 'Soccer',
  softball: 'Softball',
};

const M = RSVP_MESSAGES;
// An empty optional text is none.
const optionalText = (label: string, max: number, message: string) =>
  freeText({ label, multiline: true, error: message })
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((text) => (text ? text : null));

/** POST /api/media-day/rsvp (001 s7, the fuller form of D25). Shared by the server and the form. */
export const rsvpSchema = z.object({
  sport: z.enum(mediaDaySports, { error: M.sport }),
  purpose: freeText({ label: 'Purpose', multiline: true, error: M.purpose })
    .min(PURPOSE_MIN, { error: M.purpose })
    .max(PURPOSE_MAX, { error: M.purposeTooLong }),
  arrivalTime: z.enum(arrivalTimes, { error: M.arrivalTime }),
  attendeeCount: z
    .number({ error: M.tooFewAttendees })
    .int({ error: M.tooFewAttendees })
    .min(1, { error: M.tooFewAttendees })
    .max(MAX_ATTENDEES, { error: M.tooManyAttendees }),
  teamId: z.number({ error: M.team }).int({ error: M.team }).positive({ error: M.team }).nullable().optional(),
  dietaryRestrictions: optionalText('Dietary restrictions', NOTE_MAX, M.dietaryTooLong),
  specialRequests: optionalText('Special requests', NOTE_MAX, M.requestsTooLong),
});
export type RsvpInput = z.input<typeof rsvpSchema>;

export const EVENT_MESSAGES = {
  name: 'Event name is required',
  nameTooLong: 'Event name must be 100 characters or less',
  date: 'Please enter a valid date',
  startTime: 'Please enter a valid start time',
  endTime: 'Please enter a valid end time',
  endBeforeStart: 'The end time must be after the start time',
  place: 'Place is required',
  placeTooLong: 'Place must be 200 characters or less',
  notesTooLong: 'Notes must be 1000 characters or less',
  timeZone: 'Please choose a valid time zone',
  notFound: 'Media Day not found',
} as const;

const E = EVENT_MESSAGES;

const eventFields = {
  name: freeText({ label: 'Event name', name: true, error: E.name })
    .min(1, { error: E.name })
    .max(100, { error: E.nameTooLong }),
  date: z.string({ error: E.date }).refine((d) => parseDate(d) !== null, { error: E.date }),
  startTime: z.string({ error: E.startTime }).refine(isTime, { error: E.startTime }),
  endTime: z.string({ error: E.endTime }).refine(isTime, { error: E.endTime }),
  timeZone: z.string({ error: E.timeZone }).max(64, { error: E.timeZone }).refine(isTimeZone, { error: E.timeZone }),
  place: freeText({ label: 'Place', error: E.place }).min(1, { error: E.place }).max(200, { error: E.placeTooLong }),
  notes: freeText({ label: 'Notes', multiline: true, error: E.notesTooLong })
    .max(1000, { error: E.notesTooLong })
    .nullable()
    .optional()
    .transform((text) => (text ? text : null)),
};

const endAfterStart = (e: { startTime: string; endTime: string }) =>
  !isTime(e.startTime) || !isTime(e.endTime) || minutesOf(e.endTime) > minutesOf(e.startTime);

/** POST /api/admin/media-day-events: schedule a Media Day (D25). */
export const eventSchema = z
  .object({ ...eventFields, timeZone: eventFields.timeZone.default('America/New_York') })
  .refine(endAfterStart, { error: E.endBeforeStart, path: ['endTime'] });
export type EventInput = z.input<typeof eventSchema>;

/** The US zones the edit form offers (the server takes any IANA zone). */
export const eventTimeZones = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
] as const;

/** A Media Day as the screens read it. */
export interface MediaDayEventView {
  id: number;
  name: string;
  /** 'YYYY-MM-DD', the venue's calendar. */
  date: string;
  /** 'HH:MM', the venue's wall clock. */
  startTime: string;
  endTime: string;
  timeZone: string;
  place: string;
  notes: string | null;
  /** When RSVPs close: midnight after the date in the venue's zone (ISO). */
  closesAt: string;
  isOpen: boolean;
}

export interface MediaDayTeam {
  id: number;
  name: string;
}

/** The member's own RSVP (GET /api/media-day/rsvp). */
export interface MyRsvp {
  id: number;
  sport: MediaDaySport;
  teamId: number | null;
  purpose: string;
  arrivalTime: ArrivalTime;
  attendeeCount: number;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RsvpPage {
  event: MediaDayEventView | null;
  rsvp: MyRsvp | null;
  /** The member's teams for the optional team picker (001 s3 'My team'). */
  teams: MediaDayTeam[];
}

/** One row of the admin RSVP list (001 s3 Media Day RSVP). */
export interface AdminRsvp extends MyRsvp {
  user: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    isVerified: boolean;
    profileImageUrl: string | null;
  };
  team: { name: string } | null;
}

export interface AdminRsvpList {
  event: MediaDayEventView | null;
  rsvps: AdminRsvp[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: number | null;
}
