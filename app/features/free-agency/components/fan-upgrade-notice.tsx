import { Users } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';

const pageClass = css({ maxWidth: '2xl', mx: 'auto', px: '4', py: { base: '10', md: '16' }, width: 'full' });
const cardClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '8',
  textAlign: 'center',
});
const iconClass = css({ color: 'verified.text', height: '12', width: '12' });
const titleClass = css({ fontFamily: 'display', fontSize: '3xl', fontWeight: 'black', textTransform: 'uppercase' });
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  width: { base: 'full', sm: 'auto' },
});

/**
 * 000 s2: a fan sees an upgrade notice instead of the pool. Choose Your Path is the upgrade (D34: it keeps the
 * account); /auth is the specification's own button.
 */
export function FanUpgradeNotice() {
  return (
    <div className={pageClass}>
      <Card className={cardClass}>
        <Users aria-hidden="true" className={iconClass} />
        <h1 className={titleClass}>Free Agency Pool</h1>
        <h2 className={css({ fontWeight: 'bold', textStyle: 'xl' })}>Upgrade to join free agency</h2>
        <p>
          Free agency is for players and team owners. Become a player to be scouted by teams, or a team owner to build
          your roster from the pool.
        </p>
        <div className={actionsClass}>
          <LinkButton href="/register">Choose Your Path</LinkButton>
          <LinkButton href="/auth?tab=register" variant="outline">
            Register or Log In
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
