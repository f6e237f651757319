import { useQuery } from '@tanstack/react-query';
import { Camera, Handshake, Timer } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { mediaDayQueryOptions } from '../queries.ts';
import {
  actionsClass,
  cardPadClass,
  emptyClass,
  leadClass,
  pageClass,
  sectionTitleClass,
  titleClass,
} from '../styles.ts';
import { EventDetails } from './event-details.tsx';

const pointsClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
  '& li': { display: 'flex', flexDirection: 'column', gap: '1' },
  '& svg': { height: '6', width: '6' },
});
const pointTitleClass = css({ fontWeight: 'bold' });

/** /media-day (001 s2): what Media Day is, the event record of D25, and where to RSVP. */
export function MediaDayInfoPage({ canRsvp, isVerified }: { canRsvp: boolean; isVerified: boolean }) {
  const query = useQuery(mediaDayQueryOptions);
  const event = query.data?.event ?? null;
  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={titleClass}>Media Day</h1>
        <p className={leadClass}>
          A day for verified members and their teams to meet the press and the league's sponsors: photos, interviews and
          highlight content for the season.
        </p>
      </header>
      <Card className={cardPadClass}>
        {query.isPending ? (
          <p role="status" className={emptyClass}>
            Loading Media Day...
          </p>
        ) : query.isError ? (
          <Alert role="alert" tone="danger" title="Failed to load Media Day">
            <p>{getErrorMessage(query.error) ?? 'Please check your connection and try again.'}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : event ? (
          <>
            <EventDetails event={event} />
            {!event.isOpen ? (
              <p className={css({ fontWeight: 'semibold' })}>This Media Day has passed: RSVPs are closed.</p>
            ) : null}
          </>
        ) : (
          <p className={emptyClass}>No Media Day is scheduled yet. Check back soon.</p>
        )}
      </Card>
      <section
        aria-labelledby="media-day-expect"
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <h2 id="media-day-expect" className={sectionTitleClass}>
          What to expect
        </h2>
        <ul className={pointsClass}>
          <li>
            <Timer aria-hidden="true" />
            <span className={pointTitleClass}>Arrive early</span>
            <span>Arrive 30 minutes before the tournament to check in and get set up.</span>
          </li>
          <li>
            <Camera aria-hidden="true" />
            <span className={pointTitleClass}>Photos and interviews</span>
            <span>Team and player photos, interviews and highlight clips.</span>
          </li>
          <li>
            <Handshake aria-hidden="true" />
            <span className={pointTitleClass}>Sponsor contact</span>
            <span>Sponsors will contact you within 24 hours of your RSVP.</span>
          </li>
        </ul>
      </section>
      <div className={actionsClass}>
        {canRsvp ? (
          <LinkButton href="/media-day-rsvp" size="lg" variant="gold">
            {isVerified ? 'RSVP Now' : 'View RSVPs'}
          </LinkButton>
        ) : (
          <LinkButton href="/apply-verified" size="lg" variant="gold">
            Apply for Verification
          </LinkButton>
        )}
        <LinkButton href="/dashboard" size="lg" variant="outline">
          Back to Dashboard
        </LinkButton>
      </div>
      {!canRsvp ? <p className={leadClass}>Media Day RSVP is only available to verified users.</p> : null}
    </div>
  );
}
