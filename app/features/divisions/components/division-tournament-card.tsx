import { CalendarDays, Crown, MapPin } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import type { Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { fullName, statusLabels } from '../division-display.ts';

const statusTone = { upcoming: 'accent', live: 'danger', completed: 'neutral', cancelled: 'neutral' } as const;

const cardClass = css({
  height: 'full',
  transitionDuration: 'normal',
  transitionProperty: '[border-color, box-shadow]',
  _hover: { borderColor: 'accent.default', boxShadow: 'md' },
  '&:has(a:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const bodyClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3', p: '5' });
const titleClass = css({ fontSize: 'lg', fontWeight: 'extrabold', lineHeight: 'tight' });
const linkClass = css({
  color: 'fg.default',
  textDecoration: 'none',
  _focusVisible: { outline: 'none' },
  // Stretched over the card so the whole card leads to the tournament.
  _after: { content: '""', inset: '0', position: 'absolute', zIndex: 'base' },
});
const metaClass = css({ color: 'fg.muted', display: 'flex', flexDirection: 'column', gap: '1.5', textStyle: 'sm' });
const metaItemClass = css({
  alignItems: 'center',
  display: 'flex',
  gap: '2',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
const moneyClass = css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 1fr' });
const moneyLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'xs', textTransform: 'uppercase' });
const moneyValueClass = css({ fontSize: 'lg', fontWeight: 'black', fontVariantNumeric: 'tabular-nums' });
const championClass = css({
  alignItems: 'center',
  background: 'verified.subtle',
  borderRadius: 'l2',
  color: 'verified.text',
  display: 'flex',
  fontWeight: 'bold',
  gap: '2',
  px: '3',
  py: '2',
  textStyle: 'sm',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});

/** One of the division's tournaments: status, title (to /tournaments/{id}), date, place, money, champion. */
export function DivisionTournamentCard({ tournament }: { tournament: Tournament }) {
  const { longDate } = useDisplayDates();
  return (
    <Card className={cardClass}>
      <div className={bodyClass}>
        <div>
          <Badge tone={statusTone[tournament.status]}>{statusLabels[tournament.status]}</Badge>
        </div>
        <h3 className={titleClass}>
          <AppLink href={`/tournaments/${tournament.id}`} className={linkClass}>
            {tournament.title}
          </AppLink>
        </h3>
        <div className={metaClass}>
          <p className={metaItemClass}>
            <CalendarDays aria-hidden="true" />
            {formatTournamentDate(tournamentDate(tournament), longDate)}
          </p>
          {tournament.location ? (
            <p className={metaItemClass}>
              <MapPin aria-hidden="true" />
              {tournament.location}
            </p>
          ) : null}
        </div>
        <dl className={moneyClass}>
          <div>
            <dt className={moneyLabelClass}>Buy-In</dt>
            <dd className={moneyValueClass}>{formatMoney(tournament.buyIn)}</dd>
          </div>
          <div>
            <dt className={moneyLabelClass}>Prize Pool</dt>
            <dd className={cx(moneyValueClass, css({ color: 'verified.text' }))}>
              {formatMoney(tournament.prizePool)}
            </dd>
          </div>
        </dl>
        {tournament.status === 'completed' && (tournament.champion || tournament.championTeam) ? (
          <p className={championClass}>
            <Crown aria-hidden="true" />
            {/* A team tournament's champion is a team (D22). */}
            Champion: {tournament.champion ? fullName(tournament.champion) : tournament.championTeam!.name}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
