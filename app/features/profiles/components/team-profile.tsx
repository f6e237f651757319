import type { QueryKey } from '@tanstack/react-query';
import { BadgeCheck, MapPin, Trophy, UserRound } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { fullName } from '../profile-display.ts';
import type { TeamProfile, TeamProfilePlayer } from '../queries.ts';
import { FollowControl } from './follow-control.tsx';
import {
  badgeRowClass,
  emptyClass,
  factsClass,
  headerClass,
  headInfoClass,
  nameClass,
  pageClass,
  Section,
  Stats,
  taglineClass,
} from './profile-parts.tsx';

const count = new Intl.NumberFormat('en-US');

// The logo's box is fixed (96 px) whether or not it has loaded: nothing moves when it arrives.
const logoClass = css({
  background: 'bg.emphasized',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  flexShrink: '0',
  height: '24',
  objectFit: 'cover',
  width: '24',
});
const mottoClass = css({ fontWeight: 'semibold' });
const rosterClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
});
const playerClass = css({
  alignItems: 'center',
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  gap: '3',
  p: '3',
});
const playerInfoClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const playerNameClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  fontWeight: 'bold',
  minHeight: 'touch',
  overflowWrap: 'anywhere',
});
const playerFactsClass = css({ color: 'fg.muted', textStyle: 'sm' });

const positionLabels = { captain: 'Captain', coach: 'Coach', player: null } as const;

function RosterPlayer({ player }: { player: TeamProfilePlayer }) {
  const name = fullName(player);
  const position = positionLabels[player.position];
  const facts = [
    player.city,
    formatPoints(player.wtaPoints),
    `${count.format(player.wins)} ${player.wins === 1 ? 'win' : 'wins'} in ${count.format(player.gamesPlayed)} ${player.gamesPlayed === 1 ? 'game' : 'games'}`,
  ].filter(Boolean);
  return (
    <li className={playerClass}>
      <Avatar name={name} src={player.profileImageUrl} size="md" verified={player.isVerified} />
      <div className={playerInfoClass}>
        <div className={badgeRowClass}>
          <TextLink href={`/player/${player.id}`} className={playerNameClass}>
            {name}
          </TextLink>
          {player.isVerified ? <VerifiedBadge /> : null}
          {position ? <Badge tone="accent">{position}</Badge> : null}
        </div>
        <p className={playerFactsClass}>{facts.join(' · ')}</p>
      </div>
    </li>
  );
}

/** The public team profile (001 s2, s3): every field of the team, its owner, roster and winRate, and Follow. */
export function TeamProfileView({ team, queryKey }: { team: TeamProfile; queryKey: QueryKey }) {
  const owner = fullName(team.owner);
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        {team.logoUrl ? (
          <img src={team.logoUrl} alt={`${team.name} logo`} width={96} height={96} className={logoClass} />
        ) : (
          <Avatar name={team.name} size="xl" />
        )}
        <div className={headInfoClass}>
          <div className={badgeRowClass}>
            {team.sport ? <Badge tone="neutral">{sportLabel(team.sport)}</Badge> : null}
            {team.championshipWins > 0 ? (
              <Badge tone="verified">
                <Trophy aria-hidden="true" />
                {team.championshipWins === 1 ? 'Champion' : `${team.championshipWins}x Champion`}
              </Badge>
            ) : null}
          </div>
          <h1 className={nameClass}>{team.name}</h1>
          {team.tagline ? <p className={taglineClass}>“{team.tagline}”</p> : null}
          {team.motto ? <p className={mottoClass}>Motto: {team.motto}</p> : null}
          <p className={factsClass}>
            {team.city ? (
              <span>
                <MapPin aria-hidden="true" />
                {team.city}
              </span>
            ) : null}
            <span>
              <UserRound aria-hidden="true" />
              Owner: {owner}
              {team.owner.isVerified ? (
                <BadgeCheck aria-label="Verified" role="img" className={css({ color: 'verified.text' })} />
              ) : null}
            </span>
          </p>
          <FollowControl
            subject="teams"
            id={String(team.id)}
            queryKey={queryKey}
            profile={team}
            returnTo={`/teams/${team.id}`}
            name={team.name}
          />
        </div>
      </header>

      <Stats
        label={`${team.name} figures`}
        items={[
          ['Wins', count.format(team.wins)],
          ['Losses', count.format(team.losses)],
          ['Win Rate', `${team.winRate}%`],
          ['Tournaments Played', count.format(team.tournamentsPlayed)],
          ['Championships', count.format(team.championshipWins)],
        ]}
      />

      <Section id="team-roster" title="Roster">
        {team.roster.length > 0 ? (
          <ul className={rosterClass} aria-label={`${team.name} roster`}>
            {team.roster.map((player) => (
              <RosterPlayer key={player.id} player={player} />
            ))}
          </ul>
        ) : (
          <p className={emptyClass}>No players on the roster yet</p>
        )}
      </Section>
    </div>
  );
}
