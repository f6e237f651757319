import { MapPin, Pencil, Trophy } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { formatRecord, roleLabel } from '../dashboard-display.ts';
import type { CurrentTeam } from '../queries.ts';

export interface DashboardProfile {
  firstName: string;
  lastName: string;
  role: string;
  tagline: string | null;
  city: string | null;
  sport: string | null;
  profileImageUrl: string | null;
  isVerified: boolean;
  wtaPoints: number;
  wins: number;
  losses: number;
  gamesPlayed: number;
}

const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '6' } });
const topClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: { base: '4', sm: '5' },
  alignItems: { base: 'flex-start', sm: 'center' },
});
const identityClass = css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1', minWidth: '0' });
const nameClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  overflowWrap: 'anywhere',
  textTransform: 'uppercase',
});
const badgesClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const taglineClass = css({ color: 'fg.muted', fontStyle: 'italic', textStyle: 'md' });
const metaClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: { base: '2', sm: '5' },
  flexDirection: { base: 'column', sm: 'row' },
  '& li': { alignItems: 'center', display: 'flex', gap: '1.5' },
  '& svg': { color: 'fg.muted', flexShrink: '0', height: '4', width: '4' },
});
const statsClass = css({
  borderTopWidth: '1px',
  borderColor: 'border.default',
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(8rem, 1fr))' },
  pt: '4',
});
const statClass = css({ display: 'flex', flexDirection: 'column-reverse', gap: '0.5', minWidth: '0' });
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const statValueClass = css({ fontSize: 'xl', fontWeight: 'extrabold', overflowWrap: 'anywhere' });
const editClass = css({ alignSelf: { base: 'stretch', sm: 'flex-start' } });

const count = new Intl.NumberFormat('en-US');

export interface ProfileCardProps {
  profile: DashboardProfile;
  /** The player's team (000 s2: players with a team also see its name and record); null when not shown. */
  team: CurrentTeam['team'];
  /** Whether the liability waiver is signed; undefined while unknown or not applicable (no badge then). */
  waiverSigned: boolean | undefined;
}

/** The dashboard's profile card (000 s2). */
export function ProfileCard({ profile, team, waiverSigned }: ProfileCardProps) {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <section aria-labelledby="dashboard-profile-name">
      <Card className={cardClass}>
        <div className={topClass}>
          <Avatar name={name} src={profile.profileImageUrl} size="xl" verified={profile.isVerified} />
          <div className={identityClass}>
            <h2 id="dashboard-profile-name" className={nameClass}>
              {name}
            </h2>
            <div className={badgesClass}>
              {profile.isVerified ? <VerifiedBadge /> : null}
              <Badge tone="accent">{roleLabel(profile.role)}</Badge>
              {waiverSigned === undefined ? null : waiverSigned ? (
                <Badge>Waiver Signed</Badge>
              ) : (
                <Badge tone="danger">Waiver Not Signed</Badge>
              )}
            </div>
            {profile.tagline ? <p className={taglineClass}>“{profile.tagline}”</p> : null}
            {profile.city || profile.sport ? (
              <ul className={metaClass} aria-label="Location and sport">
                {profile.city ? (
                  <li>
                    <MapPin aria-hidden="true" />
                    <span>{profile.city}</span>
                  </li>
                ) : null}
                {profile.sport ? (
                  <li>
                    <Trophy aria-hidden="true" />
                    <span>{sportLabel(profile.sport)}</span>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>
          <LinkButton href="/edit-profile" variant="outline" size="sm" className={editClass}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </LinkButton>
        </div>
        <dl className={statsClass}>
          <div className={statClass}>
            <dt className={statLabelClass}>Points</dt>
            <dd className={statValueClass}>{formatPoints(profile.wtaPoints)}</dd>
          </div>
          <div className={statClass}>
            <dt className={statLabelClass}>Solo Record</dt>
            <dd className={statValueClass}>{formatRecord(profile.wins, profile.losses)}</dd>
          </div>
          <div className={statClass}>
            <dt className={statLabelClass}>Games</dt>
            <dd className={statValueClass}>{count.format(profile.gamesPlayed)}</dd>
          </div>
          {team ? (
            <>
              <div className={statClass}>
                <dt className={statLabelClass}>Team</dt>
                <dd className={statValueClass}>{team.name}</dd>
              </div>
              <div className={statClass}>
                <dt className={statLabelClass}>Team Record</dt>
                <dd className={statValueClass}>{formatRecord(team.wins, team.losses)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      </Card>
    </section>
  );
}
