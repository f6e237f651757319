import { CalendarDays, MapPin, Trophy } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { SearchPlayer, SearchTeam, SearchTournament } from '../../../../edge/features/search/constants.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { approvalLabel, placeLabel } from '../search-display.ts';

const cardClass = css({
  height: 'full',
  transitionDuration: 'normal',
  transitionProperty: '[border-color, box-shadow]',
  _hover: { borderColor: 'accent.default', boxShadow: 'md' },
  '&:has(a:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const bodyClass = css({ alignItems: 'center', display: 'flex', gap: '3', minWidth: '0', p: '4' });
const textClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '1', minWidth: '0' });
const nameClass = css({ fontSize: 'md', fontWeight: 'extrabold', lineHeight: 'tight', overflowWrap: 'anywhere' });
// The name's link is stretched over the card, so the whole card leads to the profile or the tournament.
const linkClass = css({
  color: 'fg.default',
  textDecoration: 'none',
  _focusVisible: { outline: 'none' },
  _after: { content: '""', inset: '0', position: 'absolute', zIndex: 'base' },
});
const metaClass = css({
  alignItems: 'center',
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  textStyle: 'sm',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
const statClass = css({ display: 'flex', flexDirection: 'column', flexShrink: '0', textAlign: 'right' });
const statValueClass = css({ fontSize: 'lg', fontWeight: 'black', fontVariantNumeric: 'tabular-nums' });
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'xs', textTransform: 'uppercase' });

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <p className={statClass}>
      <span className={statValueClass}>{value}</span>
      <span className={statLabelClass}>{label}</span>
    </p>
  );
}

/** 001 Search, player card: to /player/{id}; name, verified mark, city and state ('Unknown' city), sport, points. */
export function PlayerCard({ player }: { player: SearchPlayer }) {
  const name = `${player.firstName} ${player.lastName}`;
  return (
    <Card className={cardClass}>
      <div className={bodyClass}>
        <Avatar name={name} src={player.profileImageUrl} verified={player.isVerified} />
        <div className={textClass}>
          <h3 className={nameClass}>
            <AppLink href={`/player/${encodeURIComponent(player.id)}`} className={linkClass}>
              {name}
            </AppLink>
          </h3>
          <p className={metaClass}>
            <MapPin aria-hidden="true" />
            <span>{placeLabel(player)}</span>
            {player.sport ? <span>· {sportLabel(player.sport)}</span> : null}
          </p>
          {player.isVerified ? (
            <span>
              <VerifiedBadge />
            </span>
          ) : null}
        </div>
        <Stat value={formatPoints(player.wtaPoints)} label="Points" />
      </div>
    </Card>
  );
}

/** 001 Search, team card: to /team/{id}; logo, name, tagline (fallback 'Team'), wins. */
export function TeamCard({ team }: { team: SearchTeam }) {
  return (
    <Card className={cardClass}>
      <div className={bodyClass}>
        <Avatar name={team.name} src={team.logoUrl} />
        <div className={textClass}>
          <h3 className={nameClass}>
            <AppLink href={`/team/${team.id}`} className={linkClass}>
              {team.name}
            </AppLink>
          </h3>
          <p className={metaClass}>{team.tagline?.trim() || 'Team'}</p>
        </div>
        <Stat value={String(team.wins)} label={team.wins === 1 ? 'Win' : 'Wins'} />
      </div>
    </Card>
  );
}

/**
 * 001 Search, tournament row: to /tournaments/{id}; name, start date (once started, when it started or completed,
 * issue 34) or 'TBD', prize pool, approval status.
 */
export function TournamentRow({ tournament }: { tournament: SearchTournament }) {
  const { longDate } = useDisplayDates();
  const approval = approvalLabel(tournament.approvalStatus);
  const date = tournamentDate(tournament);
  const start = date.at && !Number.isNaN(Date.parse(date.at)) ? formatTournamentDate(date, longDate) : 'TBD';
  return (
    <Card className={cardClass}>
      <div className={bodyClass}>
        <Trophy aria-hidden="true" className={css({ color: 'fg.muted', flexShrink: '0', height: '6', width: '6' })} />
        <div className={textClass}>
          <h3 className={nameClass}>
            <AppLink href={`/tournaments/${tournament.id}`} className={linkClass}>
              {tournament.title}
            </AppLink>
          </h3>
          <p className={metaClass}>
            <CalendarDays aria-hidden="true" />
            <span>{start}</span>
            <Badge tone={approval.approved ? 'accent' : 'neutral'}>{approval.label}</Badge>
          </p>
        </div>
        <Stat value={formatMoney(tournament.prizePool)} label="Prize Pool" />
      </div>
    </Card>
  );
}
