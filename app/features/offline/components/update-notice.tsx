import { RefreshCw, X } from 'lucide-react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import type { WaitingUpdate } from '../../../lib/service-worker.ts';
import { Button } from '../../../ui/button.tsx';

const bannerClass = css({
  alignItems: 'center',
  background: 'inverse.bg',
  borderColor: 'inverse.accent',
  borderRadius: 'l3',
  borderWidth: '2px',
  boxShadow: 'xl',
  color: 'inverse.fg',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  pl: '4',
  pr: '2',
  py: '2',
  '& > svg': { flexShrink: '0', height: '5', width: '5' },
});
const textClass = css({ display: 'flex', flex: '1', flexDirection: 'column', minWidth: '40' });
const titleClass = css({ fontWeight: 'bold' });
const noteClass = css({ textStyle: 'sm' });
const actionsClass = css({ alignItems: 'center', display: 'flex', gap: '1' });

/**
 * The notice inside <UpdatePrompt>'s live region: a labelled region (reachable by landmark navigation) whose buttons
 * are ordinary, keyboard-operable buttons. Its own chunk: it shows only once a new version waits, which most visits
 * never see, so it stays out of the first load (issue 16's budget).
 */
export default function UpdateNotice({ update, onDismiss }: { update: WaitingUpdate; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <section role="region" aria-labelledby={titleId} className={bannerClass}>
      <RefreshCw aria-hidden="true" />
      <p className={textClass}>
        <span id={titleId} className={titleClass}>
          Update available
        </span>
        <span className={noteClass}>A new version of WTA League is ready.</span>
      </p>
      <div className={actionsClass}>
        <Button size="sm" variant="gold" onClick={update.apply}>
          Reload
        </Button>
        <Button size="icon" variant="inverse" aria-label="Dismiss update notice" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
