import { CalendarDays, DollarSign, MapPin } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDate } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { placementLabel, registrationStatusLabels } from '../dashboard-display.ts';
import type { MyRegistration } from '../queries.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  gap: '3',
  justifyContent: 'space-between',
  alignItems: { base: 'flex-start', md: 'center' },
  p: '4',
});
const mainClass = css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' });
const titleClass = css({ fontSize: 'lg', fontWeight: 'bold', overflowWrap: 'anywhere' });
const titleLinkClass = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch' });
const metaClass = css({
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  gap: { base: '1', sm: '4' },
  flexDirection: { base: 'column', sm: 'row' },
  textStyle: 'sm',
  '& > span': { alignItems: 'center', display: 'inline-flex', gap: '1.5' },
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
const badgesClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const emptyClass = css({ color: 'fg.muted', py: '8', textAlign: 'center' });

/** The Match History tab (000 s2): every tournament the user entered, the latest start first. */
export function MatchHistory({ registrations }: { registrations: readonly MyRegistration[] }) {
  if (registrations.length === 0) {
    return <p className={emptyClass}>No match history yet. Register for a tournament to get started!</p>;
  }
  return (
    <ul className={listClass} aria-label="Match history">
      {registrations.map((registration) => {
        const { tournament } = registration;
        const placement = placementLabel(registration);
        return (
          <li key={registration.id} className={itemClass}>
            <div className={mainClass}>
              <h3 className={titleClass}>
                <TextLink href={`/tournaments/${tournament.id}`} className={titleLinkClass}>
                  {tournament.title}
                </TextLink>
              </h3>
              <p className={metaClass}>
                <span>
                  <CalendarDays aria-hidden="true" />
                  <time dateTime={tournament.startDate}>{formatLongDate(tournament.startDate)}</time>
                </span>
                {tournament.location ? (
                  <span>
                    <MapPin aria-hidden="true" />
                    {tournament.location}
                  </span>
                ) : null}
                <span>
                  <DollarSign aria-hidden="true" />
                  {`Buy-In ${formatMoney(tournament.buyIn)}`}
                </span>
              </p>
            </div>
            <div className={badgesClass}>
              {placement ? (
                <Badge tone={registration.placement === 1 ? 'verified' : 'accent'}>{placement}</Badge>
              ) : null}
              <Badge tone={registration.status === 'registered' ? 'neutral' : 'danger'}>
                {registrationStatusLabels[registration.status]}
              </Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
