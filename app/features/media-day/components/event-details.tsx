import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatEventDate, formatEventTime } from '../../../../edge/features/media-day/schema.ts';
import type { MediaDayEventView } from '../queries.ts';

const listClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  '& li': { alignItems: 'flex-start', display: 'flex', gap: '2' },
  '& svg': { color: 'fg.muted', flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
const nameClass = css({
  fontFamily: 'display',
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'black',
  textTransform: 'uppercase',
});
const notesClass = css({ color: 'fg.muted', whiteSpace: 'pre-line' });

/** The event as 001 s2 prints it: 'Media Day 2025', 'Saturday March 15, 2025', '10:00 AM to 4:00 PM', the place. */
export function EventDetails({ event, headingLevel = 'h2' }: { event: MediaDayEventView; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <Heading className={nameClass}>{event.name}</Heading>
      <ul className={listClass} aria-label="When and where">
        <li>
          <CalendarDays aria-hidden="true" />
          <span>{formatEventDate(event.date)}</span>
        </li>
        <li>
          <Clock aria-hidden="true" />
          <span>
            {formatEventTime(event.startTime)} to {formatEventTime(event.endTime)}
          </span>
        </li>
        <li>
          <MapPin aria-hidden="true" />
          <span>{event.place}</span>
        </li>
      </ul>
      {event.notes ? <p className={notesClass}>{event.notes}</p> : null}
    </div>
  );
}
