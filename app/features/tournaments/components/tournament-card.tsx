import { CalendarDays, MapPin } from 'lucide-react';
import { memo } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import type { Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Card } from '../../../ui/card.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { formatMoney } from '../../../lib/money.ts';
import type { earlyRegistrationBadge } from '../tournament-display.ts';
import { EarlyRegistrationBadge, LiveIndicator, StatusBadge } from './status-badges.tsx';
import { TournamentFlyer } from './tournament-flyer.tsx';

const cardClass = css({
  height: 'full',
  transitionDuration: 'normal',
  transitionProperty: '[border-color, box-shadow]',
  _hover: { borderColor: 'accent.default', boxShadow: 'md' },
  // The title link covers the card; its focus ring is drawn around the whole card.
  '&:has(a:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const bodyClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3', p: '5' });
const badgesClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const titleClass = css({ fontSize: 'xl', fontWeight: 'extrabold', lineHeight: 'tight' });
const linkClass = css({
  color: 'fg.default',
  textDecoration: 'none',
  _focusVisible: { outline: 'none' },
  // Stretched over the card so the whole card is the link target.
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
const moneyValueClass = css({ fontSize: 'xl', fontWeight: 'black', fontVariantNumeric: 'tabular-nums' });
const prizeValueClass = css({ color: 'verified.text' });
const countdownClass = css({
  background: 'bg.subtle',
  borderRadius: 'l2',
  px: '3',
  py: '2',
  textStyle: 'sm',
});
// Clicks on the call to action fall through to the stretched title link beneath it.
const footerClass = css({ mt: 'auto', pt: '1', pointerEvents: 'none' });

export interface TournamentCardProps {
  tournament: Tournament;
  /** The early-window badge for this viewer now (earlyRegistrationBadge), worked out by the list. */
  early: ReturnType<typeof earlyRegistrationBadge>;
  /** Heading level of the title in the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list: its flyer is likely the page's largest paint. */
  priority?: boolean;
}

/**
 * One tournament on the list (000 s2): flyer, badges, where and when, money, countdown and the way in. Memoized, and
 * given its badge rather than the clock: the list's clock ticks (the first one right after hydration) re-render only
 * the cards whose badge changed (issue 12, TBT).
 */
export const TournamentCard = memo(function TournamentCard({
  tournament,
  early,
  headingLevel: Heading = 'h2',
  priority = false,
}: TournamentCardProps) {
  const { longDate } = useDisplayDates();
  const live = tournament.status === 'live';
  return (
    <Card className={cardClass}>
      <TournamentFlyer tournament={tournament} priority={priority} />
      <div className={bodyClass}>
        <div className={badgesClass}>
          <StatusBadge status={tournament.status} />
          {live ? <LiveIndicator /> : null}
          {early ? <EarlyRegistrationBadge label={early} /> : null}
        </div>
        <Heading className={titleClass}>
          <AppLink href={`/tournaments/${tournament.id}`} className={linkClass}>
            {tournament.title}
          </AppLink>
        </Heading>
        <div className={metaClass}>
          {tournament.location ? (
            <p className={metaItemClass}>
              <MapPin aria-hidden="true" />
              {tournament.location}
            </p>
          ) : null}
          <p className={metaItemClass}>
            <CalendarDays aria-hidden="true" />
            {formatTournamentDate(tournamentDate(tournament), longDate)}
          </p>
        </div>
        <dl className={moneyClass}>
          <div>
            <dt className={moneyLabelClass}>Buy-In</dt>
            <dd className={moneyValueClass}>{formatMoney(tournament.buyIn)}</dd>
          </div>
          <div>
            <dt className={moneyLabelClass}>Prize Pool</dt>
            <dd className={cx(moneyValueClass, prizeValueClass)}>{formatMoney(tournament.prizePool)}</dd>
          </div>
        </dl>
        {tournament.status === 'upcoming' ? (
          <div className={countdownClass}>
            <Countdown targetDate={tournament.startDate} label="Starts In" compact />
          </div>
        ) : null}
        <div className={footerClass}>
          {/* The title link already leads here; this is its visible call to action, not a second stop. */}
          <span
            aria-hidden="true"
            className={button({
              variant: live ? 'solid' : 'outline',
              tone: live ? 'danger' : undefined,
              fullWidth: true,
            })}
          >
            {live ? 'Watch Live' : 'View Details'}
          </span>
        </div>
      </div>
    </Card>
  );
});

const skeletonBlock = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l2' });

/** A placeholder card while the list loads. */
export function TournamentCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <div className={cx(skeletonBlock, css({ aspectRatio: '16 / 9', borderRadius: 'none' }))} />
      <div className={bodyClass}>
        <div className={cx(skeletonBlock, css({ height: '5', width: '24' }))} />
        <div className={cx(skeletonBlock, css({ height: '7', width: '4/5' }))} />
        <div className={cx(skeletonBlock, css({ height: '4', width: '3/5' }))} />
        <div className={cx(skeletonBlock, css({ height: '4', width: '2/5' }))} />
        <div className={cx(skeletonBlock, css({ height: '11', width: 'full' }))} />
      </div>
    </Card>
  );
}
