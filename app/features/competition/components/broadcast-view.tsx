import { useQuery } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { useColorScheme, type ColorScheme } from '../../../lib/color-scheme.ts';
import { broadcastBoard, scoreText } from '../broadcast.ts';
import { BRACKET_POLL_MS, bracketQueryOptions, courtsQueryOptions, standingsQueryOptions } from '../queries.ts';
import { gameDifferenceText, recordText, standingsTables } from '../standings-display.ts';

// Sized for a 1920x1080 stream and read from across a room: type in the 2xl-6xl range, two columns, nothing that
// scrolls. Colours are the theme's roles, so light and dark (or `?theme=`) both hold their contrast.
const screenClass = css({
  background: 'bg.canvas',
  color: 'fg.default',
  display: 'grid',
  gap: '8',
  gridTemplateRows: 'auto 1fr',
  height: 'dvh',
  overflow: 'hidden',
  px: '12',
  py: '8',
});
const topClass = css({ alignItems: 'baseline', display: 'flex', gap: '6', justifyContent: 'space-between' });
const titleClass = css({ fontSize: '5xl', fontWeight: 'extrabold', lineHeight: 'tight', truncate: true });
const brandClass = css({ color: 'fg.muted', flexShrink: '0', fontSize: '2xl', fontWeight: 'bold' });
const bodyClass = css({ display: 'grid', gap: '10', gridTemplateColumns: '[2fr 1fr]', minHeight: '0' });
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: '6', minHeight: '0', overflow: 'hidden' });
const sectionTitleClass = css({
  fontSize: '3xl',
  fontWeight: 'extrabold',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
});
const courtsClass = css({ display: 'grid', gap: '6', gridTemplateColumns: '[repeat(auto-fill, minmax(36rem, 1fr))]' });
const courtClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '2px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '6',
});
const courtHeadClass = css({ alignItems: 'center', display: 'flex', gap: '4', justifyContent: 'space-between' });
const courtNameClass = css({ fontSize: '4xl', fontWeight: 'extrabold' });
const liveClass = css({
  background: 'verified.default',
  borderRadius: 'l2',
  color: 'verified.fg',
  fontSize: 'xl',
  fontWeight: 'extrabold',
  px: '3',
  py: '1',
  textTransform: 'uppercase',
});
const matchLabelClass = css({ color: 'fg.muted', fontSize: '2xl', fontWeight: 'semibold' });
const sideClass = css({
  alignItems: 'baseline',
  display: 'flex',
  fontSize: '4xl',
  fontWeight: 'bold',
  gap: '4',
  justifyContent: 'space-between',
});
const nameClass = css({ minWidth: '0', truncate: true });
const scoreClass = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'extrabold' });
const freeClass = css({ color: 'fg.muted', fontSize: '3xl' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const rowClass = css({ fontSize: '2xl', lineHeight: 'normal' });
const mutedClass = css({ color: 'fg.muted' });
const emptyClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '2px',
  fontSize: '3xl',
  fontWeight: 'semibold',
  p: '10',
  textAlign: 'center',
});
const tableClass = css({
  borderCollapse: 'collapse',
  fontSize: '2xl',
  width: 'full',
  '& th, & td': { py: '2', px: '2' },
});
const numberCellClass = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
const nameCellClass = css({ textAlign: 'start' });

const sideName = (m: BracketMatch, side: 'A' | 'B') => (side === 'A' ? m.teamA : m.teamB)?.name ?? 'TBD';
const pairing = (m: BracketMatch) => `${sideName(m, 'A')} vs ${sideName(m, 'B')}`;

/** A called match on its court: both sides with their games. */
function CalledMatch({ match }: { match: BracketMatch }) {
  return (
    <>
      <p className={matchLabelClass}>{`Match ${match.matchNumber} · ${match.roundName}`}</p>
      {(['A', 'B'] as const).map((side) => (
        <p key={side} className={sideClass}>
          <span className={nameClass}>{sideName(match, side)}</span>
          <span className={scoreClass}>{scoreText((side === 'A' ? match.teamA : match.teamB)?.score)}</span>
        </p>
      ))}
    </>
  );
}

export interface BroadcastViewProps {
  tournament: { id: number; title: string; status: string };
  /** `?theme=`: the stream's choice, else the system preference. */
  theme?: ColorScheme | undefined;
}

/**
 * D45's broadcast view for streams: per court the match called to it with its score, the matches that go on next,
 * and the standings (round robin, Swiss, pools) or else the latest results. It follows the tournament as the Bracket
 * tab does, a poll every 10 s that the server answers 304 when nothing changed; in the background too, since a
 * stream captures a window nobody looks at.
 */
export default function BroadcastView({ tournament, theme }: BroadcastViewProps) {
  useColorScheme(theme);
  const pollable = tournament.status !== 'cancelled';
  const poll = { refetchInterval: pollable ? BRACKET_POLL_MS : (false as const), refetchIntervalInBackground: true };
  const bracket = useQuery({ ...bracketQueryOptions(tournament.id), ...poll });
  const courts = useQuery({ ...courtsQueryOptions(tournament.id), ...poll });
  const standings = useQuery({ ...standingsQueryOptions(tournament.id), ...poll });
  const board = broadcastBoard(bracket.data ?? [], courts.data?.courts ?? []);
  const tables = standings.data ? standingsTables(standings.data) : [];
  const loading = bracket.data === undefined || courts.data === undefined;

  return (
    <div className={screenClass}>
      <header className={topClass}>
        <h1 className={titleClass}>{tournament.title}</h1>
        <p className={brandClass}>WTA League</p>
      </header>
      <div className={bodyClass}>
        <section className={columnClass} aria-labelledby="broadcast-courts">
          <h2 id="broadcast-courts" className={sectionTitleClass}>
            Courts
          </h2>
          {loading ? (
            <p className={emptyClass} role="status">
              {bracket.isError || courts.isError ? 'Failed to load the courts' : 'Loading courts'}
            </p>
          ) : board.courts.length === 0 && board.elsewhere.length === 0 ? (
            <p className={emptyClass}>No courts have been set up yet</p>
          ) : (
            <>
              {board.anyCalled ? null : <p className={emptyClass}>No matches have been called yet</p>}
              <ul className={courtsClass}>
                {board.courts.map((slot) => (
                  <li key={slot.court} className={courtClass}>
                    <div className={courtHeadClass}>
                      <h3 className={courtNameClass}>{slot.court}</h3>
                      {slot.match ? <span className={liveClass}>Live</span> : null}
                    </div>
                    {slot.match ? <CalledMatch match={slot.match} /> : <p className={freeClass}>Free</p>}
                  </li>
                ))}
                {board.elsewhere.map((match) => (
                  <li key={match.id} className={courtClass}>
                    <div className={courtHeadClass}>
                      <h3 className={courtNameClass}>{match.court ?? 'Court to be named'}</h3>
                      <span className={liveClass}>Live</span>
                    </div>
                    <CalledMatch match={match} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <div className={columnClass}>
          <section className={listClass} aria-labelledby="broadcast-next">
            <h2 id="broadcast-next" className={sectionTitleClass}>
              Next Up
            </h2>
            {board.nextUp.length === 0 ? (
              <p className={`${rowClass} ${mutedClass}`}>No match is ready to be called</p>
            ) : (
              <ol className={listClass}>
                {board.nextUp.map((m) => (
                  <li key={m.id} className={rowClass}>
                    <span className={mutedClass}>{`Match ${m.matchNumber}: `}</span>
                    {pairing(m)}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {tables.length > 0 ? (
            tables.map((table) => (
              <section key={table.group} className={listClass} aria-labelledby={`broadcast-standings-${table.group}`}>
                <h2 id={`broadcast-standings-${table.group}`} className={sectionTitleClass}>
                  {table.title}
                </h2>
                <table className={tableClass}>
                  <thead className={mutedClass}>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col" className={nameCellClass}>
                        Name
                      </th>
                      <th scope="col" className={numberCellClass}>
                        W-L
                      </th>
                      <th scope="col" className={numberCellClass}>
                        +/-
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.slice(0, 8).map((row) => (
                      <tr key={row.entrantId}>
                        <td className={numberCellClass}>{row.rank}</td>
                        <td className={nameCellClass}>{row.name}</td>
                        <td className={numberCellClass}>{recordText(row)}</td>
                        <td className={numberCellClass}>{gameDifferenceText(row.gameDifference)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))
          ) : (
            <section className={listClass} aria-labelledby="broadcast-results">
              <h2 id="broadcast-results" className={sectionTitleClass}>
                Latest Results
              </h2>
              {board.results.length === 0 ? (
                <p className={`${rowClass} ${mutedClass}`}>No results yet</p>
              ) : (
                <ul className={listClass}>
                  {board.results.map((m) => (
                    <li key={m.id} className={rowClass}>
                      <span className={mutedClass}>{`Match ${m.matchNumber}: `}</span>
                      {`${sideName(m, 'A')} ${scoreText(m.teamA?.score)}-${scoreText(m.teamB?.score)} ${sideName(m, 'B')}`}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
