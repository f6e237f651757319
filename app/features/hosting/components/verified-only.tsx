import { BadgeCheck } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
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
const buttonsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  justifyContent: 'center',
  width: { base: 'full', sm: 'auto' },
});

/** 001 s2: what a guest or a member who is not verified sees on /host-tournament. */
export function VerifiedOnly({ onBack }: { onBack: () => void }) {
  return (
    <div className={pageClass}>
      <Card className={cardClass}>
        <BadgeCheck aria-hidden="true" className={iconClass} />
        <h1 className={titleClass}>Verified Users Only</h1>
        <p>Hosting tournaments is a benefit of verified members. Apply for verification to host your own events.</p>
        <div className={buttonsClass}>
          <Button variant="outline" onClick={onBack}>
            Go Back
          </Button>
          <LinkButton href="/apply-verified">Apply for Verification</LinkButton>
        </div>
      </Card>
    </div>
  );
}
