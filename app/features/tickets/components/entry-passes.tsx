import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { checkInWindow } from '../../../../edge/features/check-in/constants.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { myEntryPassesQueryOptions, type EntryPass } from '../queries.ts';
import { cardInnerClass, infoClass, listClass, qrClass } from './card-styles.ts';
import { TicketQr } from './ticket-qr.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const headingClass = css({ fontSize: '2xl', fontWeight: 'black' });
const leadClass = css({ color: 'fg.muted' });
const whenClass = css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', '& svg': { width: '4', height: '4' } });

/**
 * D39 on My Tickets: the entrant's QR entry pass for each tournament with check-in they are entered in (their own
 * entry, or the team's they own or captain). The door scans it, or types the code under it, to check them in. Shown
 * only when there is one; saved on the device with the tickets for a venue with no signal.
 */
export function EntryPasses() {
  const passes = useQuery(myEntryPassesQueryOptions);
  const headingId = useId();
  if (!passes.data || passes.data.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className={headingClass}>
          Entry Passes
        </h2>
        <p className={leadClass}>Show your pass at the door to check in, or check in yourself from the tournament page.</p>
      </div>
      <ul className={listClass} aria-labelledby={headingId}>
        {passes.data.map((pass) => (
          <li key={pass.registrationId}>
            <EntryPassCard pass={pass} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EntryPassCard({ pass }: { pass: EntryPass }) {
  const t = pass.tournament;
  const { opensAt, closesAt } = checkInWindow(new Date(t.startDate));
  const who = pass.teamName ?? 'You';
  return (
    <Card className={css({ height: 'full' })}>
      <article className={cardInnerClass} aria-labelledby={`pass-${pass.registrationId}`}>
        <div className={infoClass}>
          <h3 id={`pass-${pass.registrationId}`} className={css({ fontSize: 'xl', fontWeight: 'black' })}>
            <TextLink href={`/tournaments/${t.id}`}>{t.title}</TextLink>
          </h3>
          <div>
            {pass.checkedInAt ? (
              <Badge tone="verified">
                <BadgeCheck aria-hidden="true" />
                {`${who === 'You' ? "You're" : `${who} is`} checked in`}
              </Badge>
            ) : (
              <Badge>{pass.teamName ? `Entry pass for ${pass.teamName}` : 'Entry pass'}</Badge>
            )}
          </div>
          <p className={whenClass}>
            <CalendarDays aria-hidden="true" />
            <span>
              Check in from {formatLongDateTime(opensAt)} to {formatLongDateTime(closesAt)}
            </span>
          </p>
        </div>
        <TicketQr code={pass.pass} label={`entry pass for ${t.title}`} className={qrClass} />
      </article>
    </Card>
  );
}
