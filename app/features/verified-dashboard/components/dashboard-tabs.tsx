import { css } from '../../../../styled-system/css';
import { formatEventDate } from '../../../../edge/features/media-day/schema.ts';
import {
  arrivalTimeLabels,
  sportLabels,
  type ArrivalTime,
  type MediaDaySport,
} from '../../../../edge/features/media-day/schema.ts';
import { ScanLine } from 'lucide-react';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import type { BenefitEntry, HostedTournament, MediaAppearance, VerifiedDashboard } from '../queries.ts';

const statsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
});
const statClass = css({ display: 'flex', flexDirection: 'column-reverse', gap: '1', p: '4' });
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const statValueClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: { base: '4', md: '5' } });
const itemHeadClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'space-between',
});
const itemTitleClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted' });
const emptyClass = css({
  alignItems: 'center',
  color: 'fg.muted',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  py: '8',
  textAlign: 'center',
});

const doorClass = css({ alignSelf: 'flex-start' });

const count = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const statusLabels: Record<HostedTournament['status'], string> = {
  pending: 'Pending approval',
  rejected: 'Rejected',
  upcoming: 'Approved',
  live: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function StatisticsTab({ stats }: { stats: VerifiedDashboard['statistics'] }) {
  const items: [string, string][] = [
    ['WTA Points', count.format(stats.points)],
    ['Rank', stats.rank === null ? 'Unranked' : `#${count.format(stats.rank)}`],
    ['Wins', count.format(stats.wins)],
    ['Losses', count.format(stats.losses)],
    ['Win Rate', `${stats.winRate}%`],
    ['Tournaments Played', count.format(stats.tournamentsPlayed)],
  ];
  return (
    <dl className={statsClass}>
      {items.map(([label, value]) => (
        <Card key={label} className={statClass}>
          <dt className={statLabelClass}>{label}</dt>
          <dd className={statValueClass}>{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

export function HostedTab({ hosted }: { hosted: HostedTournament[] }) {
  if (hosted.length === 0) {
    return (
      <div className={emptyClass}>
        <p>You have not submitted a tournament yet.</p>
        <LinkButton href="/host-tournament" variant="gold">
          Submit Tournament
        </LinkButton>
      </div>
    );
  }
  return (
    <ul className={listClass}>
      {hosted.map((t) => (
        <li key={t.id}>
          <Card className={itemClass}>
            <div className={itemHeadClass}>
              {t.status === 'pending' || t.status === 'rejected' ? (
                <span className={itemTitleClass}>{t.title}</span>
              ) : (
                <AppLink href={`/tournaments/${t.id}`} className={itemTitleClass}>
                  {t.title}
                </AppLink>
              )}
              <Badge
                tone={
                  t.status === 'rejected' || t.status === 'cancelled'
                    ? 'danger'
                    : t.status === 'pending'
                      ? 'neutral'
                      : 'accent'
                }
              >
                {statusLabels[t.status]}
              </Badge>
            </div>
            <span className={mutedClass}>{formatTournamentDate(tournamentDate(t), formatLongDateTime)}</span>
            <span>
              {count.format(t.entrants)}
              {t.capacity !== null ? ` / ${count.format(t.capacity)}` : ''} entrants
            </span>
            {t.rejectionReason ? <span className={mutedClass}>Reason: {t.rejectionReason}</span> : null}
            {t.status === 'upcoming' || t.status === 'live' ? (
              // D26: the host checks tickets at their tournament's door.
              <LinkButton href={`/door?tournament=${t.id}`} size="sm" variant="outline" className={doorClass}>
                <ScanLine aria-hidden="true" />
                Door Check-in<VisuallyHidden> for {t.title}</VisuallyHidden>
              </LinkButton>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function MediaTab({ appearances }: { appearances: MediaAppearance[] }) {
  if (appearances.length === 0) {
    return (
      <div className={emptyClass}>
        <p>No Media Day RSVPs yet.</p>
        <LinkButton href="/media-day-rsvp" variant="gold">
          RSVP Now
        </LinkButton>
      </div>
    );
  }
  return (
    <ul className={listClass}>
      {appearances.map((a) => (
        <li key={a.id}>
          <Card className={itemClass}>
            <div className={itemHeadClass}>
              <span className={itemTitleClass}>{a.eventName}</span>
              <Badge tone={a.upcoming ? 'verified' : 'neutral'}>{a.upcoming ? 'Upcoming' : 'Past'}</Badge>
            </div>
            <span>{formatEventDate(a.date)}</span>
            <span className={mutedClass}>{a.place}</span>
            <span>
              {sportLabels[a.sport as MediaDaySport] ?? a.sport} ·{' '}
              {arrivalTimeLabels[a.arrivalTime as ArrivalTime] ?? a.arrivalTime} · {a.attendeeCount} attending
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function benefitText(entry: BenefitEntry): { label: string; title: string } {
  switch (entry.kind) {
    case 'early_registration':
      return { label: 'Early registration', title: entry.title };
    case 'hosted':
      return { label: 'Tournament hosted', title: `${entry.title} (${statusLabels[entry.status]})` };
    case 'media_day_rsvp':
      return { label: 'Media Day RSVP', title: `${entry.eventName}, ${formatEventDate(entry.date)}` };
  }
}

export function BenefitsTab({ benefits }: { benefits: BenefitEntry[] }) {
  if (benefits.length === 0) {
    return (
      <div className={emptyClass}>
        <p>No benefits used yet: register early, host a tournament or RSVP for Media Day.</p>
      </div>
    );
  }
  return (
    <ul className={listClass}>
      {benefits.map((b) => {
        const { label, title } = benefitText(b);
        return (
          <li key={`${b.kind}-${'tournamentId' in b ? b.tournamentId : b.rsvpId}-${b.at}`}>
            <Card className={itemClass}>
              <div className={itemHeadClass}>
                <span className={itemTitleClass}>{title}</span>
                <Badge>{label}</Badge>
              </div>
              <span className={mutedClass}>{day.format(new Date(b.at))}</span>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
