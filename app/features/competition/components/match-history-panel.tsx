import { useQuery } from '@tanstack/react-query';
import { ChevronDown, History } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { describeHistoryValue, historyActionLabels } from '../match-display.ts';
import { matchHistoryQueryOptions } from '../queries.ts';

const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const chevronClass = css({
  transitionProperty: '[transform]',
  transitionDuration: 'normal',
  '[aria-expanded=true] &': { transform: 'rotate(180deg)' },
});
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2', textStyle: 'sm' });
const itemClass = css({
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  px: '3',
  py: '2',
});
const mutedClass = css({ color: 'fg.muted' });
const errorClass = css({ color: 'fg.error' });

/** 'Match history' (D20): the append-only record of reports, corrections and the rest, for the admin or host. */
export function MatchHistoryPanel({ tournamentId }: { tournamentId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const history = useQuery({ ...matchHistoryQueryOptions(tournamentId), enabled: open, staleTime: 0 });
  return (
    <div className={wrapClass}>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={css({ alignSelf: 'flex-start' })}
      >
        <History aria-hidden="true" />
        Match history
        <ChevronDown aria-hidden="true" className={chevronClass} />
      </Button>
      <div id={panelId} hidden={!open}>
        {!open ? null : history.isPending ? (
          <p className={mutedClass}>Loading match history...</p>
        ) : history.isError ? (
          <p className={errorClass} role="alert">
            {getErrorMessage(history.error) ?? 'Failed to load match history'}
          </p>
        ) : history.data.length === 0 ? (
          <p className={mutedClass}>No changes yet</p>
        ) : (
          <ol className={listClass} aria-label="Match history">
            {history.data.map((entry) => (
              <li key={entry.id} className={itemClass}>
                <span>
                  <strong>{historyActionLabels[entry.action] ?? entry.action}</strong>
                  {entry.matchNumber !== null ? ` - Match ${entry.matchNumber}` : null}
                  {entry.before !== null || entry.after !== null
                    ? `: ${describeHistoryValue(entry.before)} to ${describeHistoryValue(entry.after)}`
                    : null}
                </span>
                <span className={mutedClass}>
                  {entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : 'Tournament clock'},{' '}
                  <time dateTime={entry.createdAt}>{formatLongDateTime(entry.createdAt)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
