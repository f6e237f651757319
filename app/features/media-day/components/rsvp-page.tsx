import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { rsvpPageQueryOptions } from '../queries.ts';
import { cardPadClass, emptyClass, leadClass, pageClass, sectionTitleClass, titleClass } from '../styles.ts';
import { EventDetails } from './event-details.tsx';
import { RsvpAdminPanel } from './rsvp-admin-panel.tsx';
import { RsvpForm } from './rsvp-form.tsx';

const backClass = css({ alignItems: 'center', display: 'inline-flex', gap: '1', '& svg': { height: '4', width: '4' } });

function RsvpSection() {
  const query = useQuery(rsvpPageQueryOptions);
  if (query.isPending) {
    return (
      <p role="status" className={emptyClass}>
        Loading Media Day...
      </p>
    );
  }
  if (query.isError) {
    return (
      <Alert role="alert" tone="danger" title="Failed to load Media Day">
        <p>{getErrorMessage(query.error) ?? 'Please check your connection and try again.'}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const page = query.data;
  if (!page.event) return <p className={emptyClass}>No Media Day is scheduled yet. Check back soon.</p>;
  return (
    <>
      <Card className={cardPadClass}>
        <EventDetails event={page.event} />
      </Card>
      <Card className={cardPadClass}>
        <h2 className={sectionTitleClass}>{page.rsvp ? 'Your RSVP' : 'RSVP'}</h2>
        {page.event.isOpen ? (
          <>
            {page.rsvp ? (
              <p className={leadClass}>You have RSVPed. You can change your answers until the day.</p>
            ) : null}
            <RsvpForm page={page} />
          </>
        ) : (
          <p role="status" className={leadClass}>
            This Media Day has passed: RSVPs are closed.
          </p>
        )}
      </Card>
    </>
  );
}

/** /media-day-rsvp (001 s2, D25): the RSVP form for verified members; the RSVP panel for admins. */
export function RsvpPage({ isVerified, isAdmin }: { isVerified: boolean; isAdmin: boolean }) {
  return (
    <div className={pageClass}>
      <TextLink href="/media-day" className={backClass}>
        <ArrowLeft aria-hidden="true" />
        Media Day
      </TextLink>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={titleClass}>Media Day RSVP</h1>
        <p className={leadClass}>Arrive 30 minutes before the tournament. Sponsors will contact you within 24 hours.</p>
      </header>
      {isVerified ? (
        <RsvpSection />
      ) : (
        <p className={leadClass}>The RSVP form is for verified members; as an admin you see every RSVP below.</p>
      )}
      {isAdmin ? <RsvpAdminPanel /> : null}
    </div>
  );
}
