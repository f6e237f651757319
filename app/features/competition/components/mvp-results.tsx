import { useQuery } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { playerName, rankResults, voteCountText } from '../mvp-display.ts';
import { mvpResultsQueryOptions } from '../queries.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const titleClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const itemClass = css({
  alignItems: 'center',
  background: 'bg.subtle',
  borderRadius: 'l2',
  display: 'flex',
  gap: '3',
  px: '3',
  py: '2',
});
const rankClass = css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', fontWeight: 'bold', minWidth: '6' });
const nameClass = css({ flex: '1', fontWeight: 'semibold', minWidth: '0', overflowWrap: 'anywhere' });
const votesClass = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'bold', whiteSpace: 'nowrap' });
const mutedClass = css({ color: 'fg.muted' });

/** Admins (000 s6, D6) see the ranked results with vote counts. */
export function MvpResults({ tournamentId }: { tournamentId: number }) {
  const results = useQuery({ ...mvpResultsQueryOptions(tournamentId), staleTime: 0 });
  return (
    <section className={sectionClass} aria-labelledby="mvp-results-title">
      <h3 id="mvp-results-title" className={titleClass}>
        MVP Results
      </h3>
      {results.isPending ? (
        <p className={mutedClass}>Loading results...</p>
      ) : results.isError ? (
        <p className={mutedClass} role="alert">
          {getErrorMessage(results.error) ?? 'Failed to load MVP results'}
        </p>
      ) : results.data.length === 0 ? (
        <p className={mutedClass}>No votes yet</p>
      ) : (
        <ol className={listClass} aria-label="MVP results">
          {rankResults(results.data).map((r) => (
            <li key={r.player.id} className={itemClass}>
              <span className={rankClass}>{`${r.rank}.`}</span>
              <span className={nameClass}>{playerName(r.player)}</span>
              <span className={votesClass}>{voteCountText(r.voteCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
