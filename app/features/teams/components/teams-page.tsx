import { Pencil, Users } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import type { MyTeam } from '../queries.ts';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { positionLabel, winRate } from '../team-display.ts';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '5xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const headerClass = css({
  alignItems: { base: 'stretch', sm: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  justifyContent: 'space-between',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});
const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '5', md: '6' } });
const teamNameClass = css({ fontSize: '2xl', fontWeight: 'extrabold', overflowWrap: 'anywhere' });
const taglineClass = css({ color: 'fg.muted', fontStyle: 'italic' });
const statsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
});
const statClass = css({ display: 'flex', flexDirection: 'column-reverse', gap: '0.5' });
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const statValueClass = css({ fontSize: 'xl', fontWeight: 'extrabold' });
const rosterTitleClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const rosterClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const playerClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  p: '3',
});
const playerNameClass = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'bold' });
const pointsClass = css({ color: 'fg.muted', ml: 'auto', textStyle: 'sm', fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted' });

/** The team owner page (001 s2), read-only: each of the owner's teams with its record and roster. */
export function TeamsPage({ teams }: { teams: readonly MyTeam[] }) {
  return (
    <div className={pageClass}>
      <div className={headerClass}>
        <h1 className={titleClass}>My Teams</h1>
        <LinkButton href="/edit-profile" variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit Profile
        </LinkButton>
      </div>
      {teams.length === 0 ? (
        <Card className={cardClass}>
          <p>You have not created a team yet. Team creation is coming to this page soon.</p>
        </Card>
      ) : (
        teams.map((team) => <TeamCard key={team.id} team={team} />)
      )}
    </div>
  );
}

function TeamCard({ team }: { team: MyTeam }) {
  const headingId = `team-${team.id}-name`;
  const rate = winRate(team.wins, team.losses);
  return (
    <section aria-labelledby={headingId}>
      <Card className={cardClass}>
        <div>
          <h2 id={headingId} className={teamNameClass}>
            {team.name}
          </h2>
          {team.tagline ? <p className={taglineClass}>“{team.tagline}”</p> : null}
        </div>
        <dl className={statsClass}>
          <div className={statClass}>
            <dt className={statLabelClass}>Sport</dt>
            <dd className={statValueClass}>{team.sport ? sportLabel(team.sport) : 'N/A'}</dd>
          </div>
          <div className={statClass}>
            <dt className={statLabelClass}>Wins</dt>
            <dd className={statValueClass}>{team.wins}</dd>
          </div>
          <div className={statClass}>
            <dt className={statLabelClass}>Losses</dt>
            <dd className={statValueClass}>{team.losses}</dd>
          </div>
          <div className={statClass}>
            <dt className={statLabelClass}>Win Rate</dt>
            <dd className={statValueClass}>{rate === null ? 'N/A' : `${rate}%`}</dd>
          </div>
        </dl>
        <h3 className={rosterTitleClass}>
          <Users aria-hidden="true" className={css({ display: 'inline', height: '5', width: '5', mr: '2' })} />
          Roster
        </h3>
        {team.roster.length === 0 ? (
          <p className={mutedClass}>No players on the roster yet.</p>
        ) : (
          <ul className={rosterClass} aria-label={`${team.name} roster`}>
            {team.roster.map((player) => {
              const name = `${player.firstName} ${player.lastName}`;
              const position = positionLabel(player.position);
              return (
                <li key={player.id} className={playerClass}>
                  <Avatar name={name} size="sm" verified={player.isVerified} />
                  <TextLink href={`/player/${player.id}`} className={playerNameClass}>
                    {name}
                  </TextLink>
                  {player.isVerified ? <VerifiedBadge /> : null}
                  {position ? <Badge tone="accent">{position}</Badge> : null}
                  <span className={pointsClass}>{formatPoints(player.wtaPoints)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
