import { CalendarDays, DollarSign, MapPin } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDate } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { placementLabel, registrationStatusLabels } from '../dashboard-display.ts';
import type { MyRegistration, PlayerMatch, Winning } from '../queries.ts';
import { PlayerMatches } from './player-matches.tsx';
import { WinningsList } from './winnings-list.tsx';

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
const stackClass = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const groupClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const groupTitleClass = css({ fontSize: 'xl', fontWeight: 'extrabold' });

export interface MatchHistoryProps {
  registrations: readonly MyRegistration[];
  /** The player's matches (issue 11); empty while loading or when the call failed. */
  matches: readonly PlayerMatch[];
  winnings: readonly Winning[];
  /** A fan never plays (D9): their empty tab says what a fan can do instead of asking them to register. */
  fan?: boolean;
}

/**
 * The Match History tab (000 s2): the player's winnings (D21), their matches newest first, and every tournament
 * they entered; the specification's empty text when there is none of these.
 */
export function MatchHistory({ registrations, matches, winnings, fan = false }: MatchHistoryProps) {
  if (registrations.length === 0 && matches.length === 0 && winnings.length === 0) {
    return fan ? (
      <FanEmptyHistory />
    ) : (
      <p className={emptyClass}>No match history yet. Register for a tournament to get started!</p>
    );
  }
  return (
    <div className={stackClass}>
      {winnings.length > 0 ? (
        <section className={groupClass} aria-labelledby="history-winnings">
          <h2 id="history-winnings" className={groupTitleClass}>
            Winnings
          </h2>
          <WinningsList winnings={winnings} />
        </section>
      ) : null}
      {matches.length > 0 ? (
        <section className={groupClass} aria-labelledby="history-matches">
          <h2 id="history-matches" className={groupTitleClass}>
            Matches
          </h2>
          <PlayerMatches matches={matches} />
        </section>
      ) : null}
      {registrations.length > 0 ? (
        <section className={groupClass} aria-labelledby="history-tournaments">
          <h2 id="history-tournaments" className={groupTitleClass}>
            Tournaments entered
          </h2>
          <TournamentsEntered registrations={registrations} />
        </section>
      ) : null}
    </div>
  );
}

/** 000 s1: a fan follows tournaments and supports teams or players (votes for MVP, buys tickets); nothing to enter. */
function FanEmptyHistory() {
  return (
    <p className={emptyClass}>
      No match history yet: fans don’t play in tournaments. You can{' '}
      <TextLink href="/leaderboards">follow players and teams</TextLink>,{' '}
      <TextLink href="/tournaments?status=live">vote for the MVP</TextLink> while a tournament is live and{' '}
      <TextLink href="/tournaments?status=upcoming">buy tickets</TextLink> for the next one.
    </p>
  );
}

/** Every tournament the user entered, the latest start first, with the placement once completed. */
function TournamentsEntered({ registrations }: { registrations: readonly MyRegistration[] }) {
  return (
    <ul className={listClass} aria-label="Tournaments entered">
      {registrations.map((registration) => {
        const { tournament } = registration;
        const placement = placementLabel(registration);
        const date = tournamentDate(tournament);
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
                  <time dateTime={date.at}>{formatTournamentDate(date, formatLongDate)}</time>
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
