import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { doorConflictsQueryOptions } from '../queries.ts';

const sectionClass = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
const headingClass = css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', textStyle: 'lg' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' });
const rowClass = css({
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  pt: '3',
  _first: { borderTopWidth: '0', pt: '0' },
});
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });

/**
 * For admins (D26): tickets admitted at two doors while offline, recorded when both synced. Each row says who was
 * let in twice, when and by whom, so the venue can follow it up.
 */
export function DoorConflicts({ tournamentId }: { tournamentId: number }) {
  const { data, isPending, isError } = useQuery(doorConflictsQueryOptions(tournamentId));
  return (
    <section className={sectionClass} aria-labelledby="door-conflicts">
      <h2 id="door-conflicts" className={headingClass}>
        <TriangleAlert aria-hidden="true" />
        Check-in conflicts
      </h2>
      {isPending ? <p className={mutedClass}>Loading conflicts...</p> : null}
      {isError ? <p className={mutedClass}>Conflicts could not be loaded.</p> : null}
      {data && data.length === 0 ? <p className={mutedClass}>No ticket has been admitted at two doors.</p> : null}
      {data && data.length > 0 ? (
        <ul className={listClass}>
          {data.map((c) => (
            <li key={c.id} className={rowClass}>
              <p>
                <strong>
                  {c.firstName}&rsquo;s {c.tierName}
                </strong>{' '}
                was admitted twice.
              </p>
              <p className={mutedClass}>
                First: {c.firstUsedAt ? formatLongDateTime(c.firstUsedAt) : 'time unknown'}
                {c.firstCheckedBy ? ` by ${c.firstCheckedBy}` : ''}. Again offline: {formatLongDateTime(c.scannedAt)}
                {c.checkedBy ? ` by ${c.checkedBy}` : ''}, synced {formatLongDateTime(c.receivedAt)}.
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
