import { ShieldAlert } from 'lucide-react';
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
const iconClass = css({ color: 'fg.muted', height: '12', width: '12' });
const titleClass = css({ fontFamily: 'display', fontSize: '3xl', fontWeight: 'black', textTransform: 'uppercase' });

/** 001 s2: what anyone but a team owner sees on the team owner page. */
export function OwnerAccessOnly() {
  return (
    <div className={pageClass}>
      <Card className={cardClass}>
        <ShieldAlert aria-hidden="true" className={iconClass} />
        <h1 className={titleClass}>Team Owner Access Only</h1>
        <p>This page is for team owners. Your own stats and history are on your dashboard.</p>
        <LinkButton href="/dashboard">Go to Dashboard</LinkButton>
      </Card>
    </div>
  );
}
