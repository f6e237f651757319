import { CheckCircle2 } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Card, CardBody } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';

const pageClass = css({ maxWidth: '2xl', mx: 'auto', px: '4', py: { base: '8', md: '14' }, width: 'full' });
const bodyClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', textAlign: 'center', py: '8' });
const titleClass = css({ fontFamily: 'display', fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'black', textTransform: 'uppercase' });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', width: { base: 'full', sm: 'auto' } });

export interface WaiverSignedProps {
  /** Server receipt time of the signature. */
  signedAt: string | null;
  textVersion: string;
}

/** 000 s2/s4: the page once the current waiver is signed, with the ways on. */
export function WaiverSigned({ signedAt, textVersion }: WaiverSignedProps) {
  return (
    <div className={pageClass}>
      <Card>
        <CardBody className={bodyClass}>
          <CheckCircle2 aria-hidden="true" className={css({ width: '12', height: '12', color: 'verified.text' })} />
          <h1 className={titleClass}>Waiver Already Signed</h1>
          <p className={css({ color: 'fg.muted' })}>
            {signedAt ? `You signed the liability waiver (version ${textVersion}) on ${formatLongDateTime(signedAt)}.` : `You have signed the liability waiver (version ${textVersion}).`}{' '}
            You are cleared to register for tournaments.
          </p>
          <div className={actionsClass}>
            <LinkButton href="/tournaments" size="lg">
              View Tournaments
            </LinkButton>
            <LinkButton href="/dashboard" variant="outline" size="lg">
              Go to Dashboard
            </LinkButton>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
