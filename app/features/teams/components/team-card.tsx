import { ImageUp, Pencil, UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { useQueryClient } from '@tanstack/react-query';
import { formatPoints } from '../../../lib/points.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ImageUploadDialog } from '../../../ui/image-upload-dialog.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { removeFromRoster, storeTeam, teamLogoUpload, type MyTeam, type RosterPlayer } from '../queries.ts';
import { positionLabel, winRate } from '../team-display.ts';
import { ManagementTab } from './management-tab.tsx';
import { TeamFormDialog } from './team-form-dialog.tsx';

const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '5', md: '6' } });
const headClass = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
const identityClass = css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: '0' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
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
const rosterClass = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '3' });
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
const mutedClass = css({ color: 'fg.muted', pt: '3' });

const playerName = (player: RosterPlayer) => `${player.firstName} ${player.lastName}`;

/** One of the owner's teams (001 s2): its record, Edit Team, and the Roster and Management tabs. */
export function TeamCard({ team }: { team: MyTeam }) {
  const headingId = `team-${team.id}-name`;
  const rate = winRate(team.wins, team.losses);
  const [editing, setEditing] = useState(false);
  const [changingLogo, setChangingLogo] = useState(false);
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  return (
    <section aria-labelledby={headingId}>
      <Card className={cardClass}>
        <div className={headClass}>
          <div className={identityClass}>
            <Avatar name={`${team.name} logo`} src={team.logoUrl} size="lg" />
            <div>
              <h2 id={headingId} className={teamNameClass}>
                {team.name}
              </h2>
              {team.tagline ? <p className={taglineClass}>“{team.tagline}”</p> : null}
            </div>
          </div>
          <div>
            <div className={actionsClass}>
              {/* D37: owners reach the Free Agency Pool from their team page. */}
              <LinkButton href={`/free-agency?team=${team.id}`} variant="outline" size="sm">
                <UserPlus aria-hidden="true" />
                Invite players
              </LinkButton>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit Team
              </Button>
              <Button variant="outline" size="sm" onClick={() => setChangingLogo(true)} {...gate.buttonProps}>
                <ImageUp aria-hidden="true" />
                {team.logoUrl ? 'Change Logo' : 'Upload Logo'}
              </Button>
            </div>
            <NeedsConnectionNote gate={gate} action="Uploading a logo" />
          </div>
        </div>
        <dl className={statsClass}>
          <Stat label="Sport" value={team.sport ? sportLabel(team.sport) : 'N/A'} />
          <Stat label="Wins" value={team.wins} />
          <Stat label="Losses" value={team.losses} />
          <Stat label="Win Rate" value={rate === null ? 'N/A' : `${rate}%`} />
        </dl>
        <TabsRoot defaultValue="roster" lazyMount>
          <TabsList aria-label={`${team.name} sections`}>
            <TabsTrigger value="roster">
              <Users aria-hidden="true" />
              Roster
            </TabsTrigger>
            <TabsTrigger value="management">Management</TabsTrigger>
          </TabsList>
          <TabsContent value="roster">
            <Roster team={team} />
          </TabsContent>
          <TabsContent value="management">
            {/* Starts again from the server's answer whenever the roles or the roster change. */}
            <ManagementTab
              key={`${team.coachId}:${team.captainId}:${team.roster.map((p) => p.id).join()}`}
              team={team}
            />
          </TabsContent>
        </TabsRoot>
      </Card>
      {editing ? <TeamFormDialog team={team} onClose={() => setEditing(false)} /> : null}
      {changingLogo ? (
        <ImageUploadDialog<MyTeam>
          title="Team Logo"
          description={`Choose a logo for ${team.name} and crop it square.`}
          {...teamLogoUpload(team.id)}
          kind="logo"
          onUploaded={(saved) => storeTeam(queryClient, saved)}
          onClose={() => setChangingLogo(false)}
        />
      ) : null}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={statClass}>
      <dt className={statLabelClass}>{label}</dt>
      <dd className={statValueClass}>{value}</dd>
    </div>
  );
}

/** The roster: each player links to their profile; the owner removes a player after confirming. */
function Roster({ team }: { team: MyTeam }) {
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  const [removing, setRemoving] = useState<RosterPlayer | null>(null);
  if (team.roster.length === 0) return <p className={mutedClass}>No players on the roster yet.</p>;
  return (
    <>
      <ul className={rosterClass} aria-label={`${team.name} roster`}>
        {team.roster.map((player) => {
          const name = playerName(player);
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
              <Button
                variant="ghost"
                size="sm"
                tone="danger"
                aria-label={`Remove ${name}`}
                onClick={() => setRemoving(player)}
                {...gate.buttonProps}
              >
                <UserMinus aria-hidden="true" />
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      {removing ? (
        <ConfirmDialog
          title={`Remove ${playerName(removing)}?`}
          description={
            removing.position === 'player'
              ? `${playerName(removing)} leaves ${team.name}.`
              : `${playerName(removing)} leaves ${team.name} and is no longer its ${positionLabel(removing.position)?.toLowerCase()}.`
          }
          confirmLabel="Remove Player"
          danger
          offline={gate.offline}
          action={async () => {
            storeTeam(queryClient, await removeFromRoster(team.id, removing.id));
          }}
          onDone={() =>
            toast({ title: 'Player Removed', description: `${playerName(removing)} is no longer on ${team.name}.` })
          }
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
