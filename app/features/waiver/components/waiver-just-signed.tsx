import { CheckCircle2 } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Card, CardBody } from '../../../ui/card.tsx';
import { leadClass, pageClass, titleClass } from './waiver-page.ts';

const doneClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', textAlign: 'center', py: '8' });

/** What the signer sees between the success toast and the move to /tournaments (000 s4). */
export function WaiverJustSigned() {
  return (
    <div className={pageClass}>
      <Card>
        <CardBody className={doneClass}>
          <CheckCircle2 aria-hidden="true" className={css({ width: '12', height: '12', color: 'verified.text' })} />
          <h1 className={titleClass}>Waiver Signed</h1>
          <p role="status" className={leadClass}>
            Your waiver is on file. Taking you to the tournaments…
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
