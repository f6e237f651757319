/**
 * Media Day dates (D25): the event's date and times are the venue's wall clock. Pure functions shared by the server
 * (when RSVPs close) and the screens (the printed forms of 001 s2: 'Media Day {year}', '{Weekday} {Month} {day},
 * {year}', '10:00 AM').
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The parts of a real calendar date 'YYYY-MM-DD' (no 31 February), or null. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isTime(time: string): boolean {
  return TIME.test(time);
}

/** Minutes since midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** Whether the runtime knows the IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** '{Weekday} {Month} {day}, {year}' (001 s2: 'Saturday March 15, 2025'). */
export function formatEventDate(date: string): string {
  const parts = parseDate(date);
  if (!parts) return date;
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${MONTHS[parts.month - 1]} ${parts.day}, ${parts.year}`;
}

/** '10:00 AM', '4:00 PM', '12:30 AM'. */
export function formatEventTime(time: string): string {
  if (!isTime(time)) return time;
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Media Day {year}': the name the demo and a new event get by default (D25). */
export function defaultEventName(date: string): string {
  return `Media Day ${parseDate(date)?.year ?? ''}`.trim();
}

/** The zone's offset from UTC at `instant`, in milliseconds (local minus UTC). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock date and time happen in a zone (the later one in a DST overlap, the shifted one in a gap). */
export function wallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const parts = parseDate(date);
  if (!parts || !isTime(time)) throw new Error(`Not a wall time: ${date} ${time}`);
  const minutes = minutesOf(time);
  const guess = Date.UTC(parts.year, parts.month - 1, parts.day, Math.floor(minutes / 60), minutes % 60);
  const first = guess - zoneOffsetMs(guess, timeZone);
  return new Date(guess - zoneOffsetMs(first, timeZone));
}

/** The calendar day after 'YYYY-MM-DD'. */
export function nextDate(date: string): string {
  const parts = parseDate(date);
  if (!parts) throw new Error(`Not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1)).toISOString().slice(0, 10);
}

/** D25: RSVPs close once the day has passed: at midnight after the event's date, in the venue's zone. */
export function rsvpClosesAt(event: { date: string; timeZone: string }): Date {
  return wallTimeToInstant(nextDate(event.date), '00:00', event.timeZone);
}

/** The calendar date in a zone at an instant ('YYYY-MM-DD'). */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return parts;
}
