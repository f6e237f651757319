import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import type { MyTeam } from '../queries.ts';
import { TeamCard } from './team-card.tsx';
import { TeamFormDialog } from './team-form-dialog.tsx';

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
const emptyClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '3',
  p: { base: '5', md: '6' },
});

/**
 * The team owner page (001 s2): Edit Profile; Create Team while the owner has none; each team with Edit Team and the
 * Roster and Management tabs.
 */
export function TeamsPage({ teams }: { teams: readonly MyTeam[] }) {
  const [creating, setCreating] = useState(false);
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
        <Card className={emptyClass}>
          <p>You have not created a team yet. Create one, then invite players to your roster.</p>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Team
          </Button>
        </Card>
      ) : (
        teams.map((team) => <TeamCard key={team.id} team={team} />)
      )}
      {creating ? <TeamFormDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
