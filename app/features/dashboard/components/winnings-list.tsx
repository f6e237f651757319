import { css } from '../../../../styled-system/css';
import { formatLongDate } from '../../../lib/dates.ts';
import { formatAmount } from '../../../lib/money.ts';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { paidDate, winningLabel, winningStatusLabels } from '../dashboard-display.ts';
import type { Winning } from '../queries.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const itemClass = css({
  alignItems: 'center',
  background: 'verified.subtle',
  borderColor: 'verified.border',
  borderRadius: 'l3',
  borderWidth: '1px',
  color: 'verified.text',
  display: 'flex',
  gap: '3',
  justifyContent: 'space-between',
  px: '4',
  py: '3',
  '&[data-status=void]': { background: 'bg.default', borderColor: 'border.default', color: 'fg.muted' },
});
const mainClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
const placeClass = css({ fontWeight: 'bold' });
const linkClass = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch', overflowWrap: 'anywhere' });
const metaClass = css({ textStyle: 'sm' });
const sideClass = css({ alignItems: 'flex-end', display: 'flex', flexDirection: 'column', flexShrink: '0', gap: '1' });
const amountClass = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'black', textStyle: 'xl' });

const statusTone = { owed: 'accent', paid: 'verified', void: 'neutral' } as const;

/** Winnings (D21): place, amount, owed / paid (with the date) / void. */
export function WinningsList({ winnings }: { winnings: readonly Winning[] }) {
  return (
    <ul className={listClass} aria-label="Winnings">
      {winnings.map((w) => (
        <li key={w.id} className={itemClass} data-status={w.status}>
          <div className={mainClass}>
            <p className={placeClass}>{winningLabel(w)}</p>
            <TextLink href={`/tournaments/${w.tournamentId}`} className={linkClass}>
              {w.tournamentTitle}
            </TextLink>
            {w.status === 'paid' && w.paidAt ? (
              <p className={metaClass}>
                Paid <time dateTime={w.paidAt}>{formatLongDate(paidDate(w.paidAt))}</time>
              </p>
            ) : null}
          </div>
          <div className={sideClass}>
            <span className={amountClass}>{formatAmount(w.amountDollars)}</span>
            <Badge tone={statusTone[w.status]}>{winningStatusLabels[w.status]}</Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}
