import { MapPin } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { courtQueue } from '../court-queue.ts';

const wrapClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '3',
  textStyle: 'sm',
});
const headClass = css({ alignItems: 'center', display: 'flex', fontSize: 'lg', fontWeight: 'bold', gap: '2' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const courtClass = css({ fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted' });

const pairing = (m: BracketMatch) => `Match ${m.matchNumber}: ${m.teamA?.name ?? 'TBD'} vs ${m.teamB?.name ?? 'TBD'}`;

/** D41: the courts with the match called to each, and the matches that can be called next (Bracket tab, live). */
export function CourtQueue({ matches, courts }: { matches: readonly BracketMatch[]; courts: readonly string[] }) {
  const q = courtQueue(matches, courts);
  if (q.courts.length === 0 && q.elsewhere.length === 0) return null;
  return (
    <section className={wrapClass} aria-labelledby="court-queue-title">
      <h3 id="court-queue-title" className={headClass}>
        <MapPin aria-hidden="true" />
        Courts
      </h3>
      <ul className={listClass}>
        {q.courts.map((slot) => (
          <li key={slot.court}>
            <span className={courtClass}>{`${slot.court}: `}</span>
            {slot.match ? pairing(slot.match) : <span className={mutedClass}>Free</span>}
          </li>
        ))}
        {q.elsewhere.map((m) => (
          <li key={m.id}>
            <span className={courtClass}>Live: </span>
            {pairing(m)}
          </li>
        ))}
      </ul>
      <div>
        <p className={courtClass}>Next up</p>
        {q.nextUp.length === 0 ? (
          <p className={mutedClass}>No match is ready to be called</p>
        ) : (
          <ol className={listClass}>
            {q.nextUp.map((m) => (
              <li key={m.id}>{pairing(m)}</li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
