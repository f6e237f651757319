import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin, RotateCw, Ticket, WifiOff } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatLongDate, formatLongDateTime } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { isNetworkError } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { myTicketsQueryOptions, type MyTicket } from '../queries.ts';
import { cardInnerClass, infoClass, listClass, qrClass } from './card-styles.ts';
import { EntryPasses } from './entry-passes.tsx';
import { TicketQr } from './ticket-qr.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '5xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '5xl' },
  fontWeight: 'black',
  textTransform: 'uppercase',
});
const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });
const tierClass = css({ alignItems: 'center', display: 'flex', fontSize: 'xl', fontWeight: 'black', gap: '2' });
const metaClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5', color: 'fg.muted' });
const metaItemClass = css({
  alignItems: 'center',
  display: 'flex',
  gap: '2',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '72',
});
const emptyClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '10',
  textAlign: 'center',
});

/** /tickets: My Tickets, each with its QR code for the door (000 s9 tiers; ADR 011). */
export function MyTickets() {
  const tickets = useQuery(myTicketsQueryOptions);
  const online = useOnlineStatus();
  // D16: tickets opened once online stay on the device; when nothing was saved, no answer offline is no error.
  const notSaved = tickets.isError && (!online || isNetworkError(tickets.error));
  return (
    <div className={pageClass}>
      <header>
        <h1 className={titleClass}>My Tickets</h1>
        <p className={leadClass}>Show the QR code at the door. Each ticket admits one person once.</p>
      </header>
      <EntryPasses />
      {tickets.isPending ? (
        <div className={listClass} aria-busy="true">
          <VisuallyHidden role="status">Loading tickets</VisuallyHidden>
          <div className={skeletonClass} aria-hidden="true" />
          <div className={skeletonClass} aria-hidden="true" />
        </div>
      ) : notSaved ? (
        <Alert role="alert" title="You are offline" icon={<WifiOff />}>
          <p>
            Your tickets were not saved for offline use: this page needs a connection. Try again when you are back
            online. Once opened online, your tickets and their QR codes stay on this device for the venue.
          </p>
          <Button className={css({ mt: '2' })} size="sm" variant="outline" onClick={() => void tickets.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </Alert>
      ) : tickets.isError ? (
        <Alert role="alert" tone="danger" title="Failed to load tickets">
          <p>{getErrorMessage(tickets.error) ?? 'An unexpected error occurred'}</p>
          <Button
            className={css({ mt: '2' })}
            size="sm"
            variant="outline"
            tone="danger"
            onClick={() => void tickets.refetch()}
          >
            Try Again
          </Button>
        </Alert>
      ) : tickets.data.length === 0 ? (
        <Card>
          <div className={emptyClass}>
            <Ticket aria-hidden="true" size={40} />
            <h2 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>No tickets yet</h2>
            <p className={leadClass}>Tickets you buy for a tournament show up here with their QR code.</p>
            <LinkButton href="/tournaments">Browse Tournaments</LinkButton>
          </div>
        </Card>
      ) : (
        <ul className={listClass} aria-label="Tickets">
          {tickets.data.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TicketCard({ ticket }: { ticket: MyTicket }) {
  const t = ticket.tournament;
  return (
    <Card className={css({ height: 'full' })}>
      <article className={cardInnerClass} aria-labelledby={`ticket-${ticket.id}`}>
        <div className={infoClass}>
          <h2 id={`ticket-${ticket.id}`} className={tierClass}>
            <Ticket aria-hidden="true" size={22} />
            {ticket.tierName}
          </h2>
          <div>
            {ticket.refunded ? (
              <Badge tone="danger">Refunded: no longer valid</Badge>
            ) : ticket.usedAt ? (
              <Badge>Used on {formatLongDateTime(ticket.usedAt)}</Badge>
            ) : (
              <Badge tone="verified">Valid</Badge>
            )}
          </div>
          <TextLink href={`/tournaments/${t.id}`} className={css({ fontWeight: 'bold', textStyle: 'lg' })}>
            {t.title}
          </TextLink>
          <ul className={metaClass}>
            <li className={metaItemClass}>
              <CalendarDays aria-hidden="true" />
              {formatTournamentDate(tournamentDate(t), formatLongDate)}
            </li>
            {t.location ? (
              <li className={metaItemClass}>
                <MapPin aria-hidden="true" />
                <span className={css({ srOnly: true })}>Location: </span>
                {t.location}
              </li>
            ) : null}
          </ul>
        </div>
        {/* The code is printed once, under its QR code (what door staff type in when a camera fails). A refunded
            ticket shows none: it admits nobody, and a code on screen would only send its holder to the door. */}
        {ticket.refunded ? null : (
          <TicketQr
            code={ticket.code}
            label={`${ticket.tierName} ticket ${ticket.code}`}
            className={cx(qrClass, ticket.usedAt ? css({ opacity: 0.5 }) : undefined)}
          />
        )}
      </article>
    </Card>
  );
}
