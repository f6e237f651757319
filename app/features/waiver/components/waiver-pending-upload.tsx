import { CloudUpload } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { Card, CardBody } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '2xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '14' },
  width: 'full',
});
const bodyClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '4',
  textAlign: 'center',
  py: '8',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  textTransform: 'uppercase',
});
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  width: { base: 'full', sm: 'auto' },
});

/**
 * Issue 5 / D16: the waiver is signed on this device but the server has not stored it yet (no signal at the venue).
 * It uploads by itself when the connection returns; `children` is where the route puts the outbox's status.
 */
export function WaiverPendingUpload({ children }: { children?: ReactNode }) {
  return (
    <div className={pageClass}>
      <Card>
        <CardBody className={bodyClass}>
          <CloudUpload aria-hidden="true" className={css({ width: '12', height: '12', color: 'fg.muted' })} />
          <h1 className={titleClass}>Signed - waiting to upload</h1>
          <p role="status" className={css({ color: 'fg.muted' })}>
            Your signed waiver is saved on this device with the time you signed it. It uploads automatically as soon as
            you are back online; until then you cannot register for tournaments.
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
      {children}
    </div>
  );
}
