import { FileSignature } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';

const actionClass = css({ mt: '2' });

/** 000 s2: shown while the liability waiver is unsigned; tournament registration needs it (000 s5). */
export function WaiverAlert() {
  return (
    <Alert tone="verified" title="Liability waiver not signed" icon={<FileSignature />}>
      <p>You need to sign the liability waiver before you can register for tournaments.</p>
      <LinkButton href="/waiver" variant="gold" size="sm" className={actionClass}>
        Sign Waiver Now
      </LinkButton>
    </Alert>
  );
}
