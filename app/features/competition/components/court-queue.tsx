import { MapPin } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { courtQueue } from '../court-queue.ts';

/** The box and title of a Bracket tab panel for the day (the court queue, the host's Tournament day). */
export const wrapClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '3',
  textStyle: 'sm',
});
export const headClass = css({ alignItems: 'center', display: 'flex', fontSize: 'lg', fontWeight: 'bold', gap: '2' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const courtClass = css({ fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted' });

export const pairing = (m: BracketMatch) =>
  `Match ${m.matchNumber}: ${m.teamA?.name ?? 'TBD'} vs ${m.teamB?.name ?? 'TBD'}`;

/** Who of a called match's sides has pressed "I'm at the court" (D41). */
function arrivals(m: BracketMatch): string {
  const here = [m.arrivedA ? m.teamA?.name : null, m.arrivedB ? m.teamB?.name : null].filter(Boolean);
  return here.length === 0 ? 'nobody at the court yet' : `at the court: ${here.join(', ')}`;
}

/**
 * D41: the courts with the match called to each and who is there, and (unless the host's day lists them with their
 * buttons) the matches that can be called next (Bracket tab, live).
 */
export function CourtQueue({
  matches,
  courts,
  nextUp = true,
}: {
  matches: readonly BracketMatch[];
  courts: readonly string[];
  nextUp?: boolean;
}) {
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
            {slot.match ? (
              <>
                {pairing(slot.match)}
                <span className={mutedClass}>{` - ${arrivals(slot.match)}`}</span>
              </>
            ) : (
              <span className={mutedClass}>Free</span>
            )}
          </li>
        ))}
        {q.elsewhere.map((m) => (
          <li key={m.id}>
            <span className={courtClass}>Live: </span>
            {pairing(m)}
          </li>
        ))}
      </ul>
      {nextUp ? (
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
      ) : null}
    </section>
  );
}
