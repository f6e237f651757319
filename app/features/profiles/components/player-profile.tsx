import type { QueryKey } from '@tanstack/react-query';
import { CalendarDays, MapPin, Shield, Trophy } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { fullName, historyStatusLabels, placeOf, placementLabel } from '../profile-display.ts';
import type { PlayerProfile, TournamentHistoryEntry } from '../queries.ts';
import { FollowControl } from './follow-control.tsx';
import { HighlightVideos } from './highlight-videos.tsx';
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

const roleLabels: Partial<Record<PlayerProfile['role'], string>> = { owner: 'Team Owner', fan: 'Fan' };
const count = new Intl.NumberFormat('en-US');

const aboutClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
});
const bioClass = css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere', textStyle: 'lg' });
const detailsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  '& dt': { color: 'fg.muted', fontWeight: 'semibold' },
  '& dd': { fontWeight: 'bold', overflowWrap: 'anywhere' },
});
const historyListClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const historyItemClass = css({
  alignItems: 'center',
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '2',
  p: '3',
});
// Completed tournaments read differently at a glance: a gold edge and the trophy with the place (001 s2).
const completedItemClass = css({
  borderInlineStartColor: 'verified.default',
  borderInlineStartWidth: '4px',
  background: 'bg.subtle',
});
const historyNameClass = css({ display: 'inline-flex', alignItems: 'center', fontWeight: 'bold', minHeight: 'touch' });
const historyDateClass = css({ color: 'fg.muted', textStyle: 'sm', marginInlineStart: 'auto' });

const statusTone = { upcoming: 'accent', live: 'danger', completed: 'neutral' } as const;

function HistoryItem({ entry }: { entry: TournamentHistoryEntry }) {
  const { longDate } = useDisplayDates();
  const place = placementLabel(entry);
  return (
    <li className={cx(historyItemClass, entry.status === 'completed' && completedItemClass)}>
      <Badge tone={statusTone[entry.status]}>{historyStatusLabels[entry.status]}</Badge>
      <TextLink href={`/tournaments/${entry.id}`} className={historyNameClass}>
        {entry.name}
      </TextLink>
      {place ? (
        <Badge tone="verified">
          <Trophy aria-hidden="true" />
          {place}
        </Badge>
      ) : null}
      <span className={historyDateClass}>{formatTournamentDate(tournamentDate(entry), longDate)}</span>
    </li>
  );
}

/** The public player profile (001 s2, s3): who they are, their figures, highlights and tournaments, and Follow. */
export function PlayerProfileView({ profile, queryKey }: { profile: PlayerProfile; queryKey: QueryKey }) {
  const name = fullName(profile);
  const where = placeOf(profile.city, profile.state);
  const role = roleLabels[profile.role];
  const details = (
    [
      ['Sport', profile.sport ? sportLabel(profile.sport) : null],
      ['Height', profile.height],
      ['Weight', profile.weight !== null ? `${profile.weight} lbs` : null],
      ['Divisions', profile.divisions.length > 0 ? profile.divisions.join(', ') : null],
      ['Best Division', profile.bestDivision],
    ] satisfies Array<[string, string | null]>
  ).filter((d): d is [string, string] => d[1] !== null && d[1] !== '');
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <Avatar name={name} src={profile.profileImageUrl} size="xl" verified={profile.isVerified} />
        <div className={headInfoClass}>
          <div className={badgeRowClass}>
            {profile.isVerified ? <VerifiedBadge /> : null}
            {role ? <Badge tone="neutral">{role}</Badge> : null}
          </div>
          <h1 className={nameClass}>{name}</h1>
          {profile.tagline ? <p className={taglineClass}>“{profile.tagline}”</p> : null}
          <p className={factsClass}>
            {where ? (
              <span>
                <MapPin aria-hidden="true" />
                {where}
              </span>
            ) : null}
            {profile.currentTeam ? (
              <TextLink href={`/teams/${profile.currentTeam.id}`}>
                <Shield aria-hidden="true" />
                {profile.currentTeam.name}
              </TextLink>
            ) : (
              <span>No team</span>
            )}
          </p>
          <FollowControl
            subject="players"
            id={profile.id}
            queryKey={queryKey}
            profile={profile}
            returnTo={`/player/${profile.id}`}
            name={name}
          />
        </div>
      </header>

      <Stats
        label={`${name}'s figures`}
        items={[
          ['WTA Points', count.format(profile.wtaPoints)],
          ['Wins', count.format(profile.wins)],
          ['Losses', count.format(profile.losses)],
          ['Games Played', count.format(profile.gamesPlayed)],
          ['Win Rate', `${profile.winRate}%`],
        ]}
      />

      {profile.bio || details.length > 0 ? (
        <Section id="player-about" title="About">
          <div className={aboutClass}>
            {profile.bio ? (
              <p className={bioClass}>{profile.bio}</p>
            ) : (
              <p className={css({ color: 'fg.muted' })}>No bio yet.</p>
            )}
            {details.length > 0 ? (
              <dl className={detailsClass}>
                {details.map(([label, value]) => (
                  <div key={label} className={css({ display: 'contents' })}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        </Section>
      ) : null}

      <Section id="player-highlights" title="Highlights">
        {profile.highlights.length > 0 ? (
          <HighlightVideos highlights={profile.highlights} playerName={name} />
        ) : (
          <p className={emptyClass}>No highlight videos yet</p>
        )}
      </Section>

      <Section id="player-history" title="Tournament History">
        {profile.tournamentHistory.length > 0 ? (
          <ul className={historyListClass}>
            {profile.tournamentHistory.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : (
          <p className={emptyClass}>
            <CalendarDays
              aria-hidden="true"
              className={css({ display: 'inline', height: '4', width: '4', mr: '1.5' })}
            />
            No tournaments played yet
          </p>
        )}
      </Section>
    </div>
  );
}
