import { css } from '../../../../styled-system/css';
import type { TournamentStandings } from '../../../../edge/features/competition/schema.ts';
import { gameDifferenceText, recordText, standingsTables } from '../standings-display.ts';

const wrapClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } });
const scrollClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  overflowX: 'auto',
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const tableClass = css({
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  textStyle: 'sm',
  width: 'full',
  '& th, & td': { px: { base: '2', sm: '3' }, py: '2', textAlign: 'end', whiteSpace: 'nowrap' },
  '& th:nth-child(2), & td:nth-child(2)': { textAlign: 'start', whiteSpace: 'normal', width: 'full' },
  '& thead th': { background: 'bg.subtle', color: 'fg.muted', fontWeight: 'semibold' },
  '& tbody tr': { borderTopWidth: '1px', borderColor: 'border.default' },
  '& tbody tr[data-withdrawn]': { color: 'fg.muted' },
});
const captionClass = css({ captionSide: 'top', fontWeight: 'bold', px: '3', py: '2', textAlign: 'start' });

/** Round robin, Swiss and pool play (D19): rank, name, W-L, game difference, and Buchholz in Swiss; one table a pool. */
export function StandingsTables({ standings }: { standings: TournamentStandings }) {
  const tables = standingsTables(standings);
  if (tables.length === 0) return null;
  return (
    <div className={wrapClass}>
      {tables.map((table) => (
        // Focusable so a keyboard can scroll a table wider than a phone.
        <div key={table.group} className={scrollClass} tabIndex={0} role="region" aria-label={table.title}>
          <table className={tableClass}>
            <caption className={captionClass}>{table.title}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <abbr title="Rank">#</abbr>
                </th>
                <th scope="col">Name</th>
                <th scope="col">W-L</th>
                <th scope="col">
                  <abbr title="Game difference">Diff</abbr>
                </th>
                {table.showBuchholz ? <th scope="col">Buchholz</th> : null}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.entrantId} data-withdrawn={row.withdrawn ? '' : undefined}>
                  <td>{row.rank}</td>
                  <th scope="row" className={css({ fontWeight: 'semibold' })}>
                    {row.name}
                    {row.withdrawn ? ' (withdrawn)' : null}
                  </th>
                  <td>{recordText(row)}</td>
                  <td>{gameDifferenceText(row.gameDifference)}</td>
                  {table.showBuchholz ? <td>{row.buchholz ?? '-'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
