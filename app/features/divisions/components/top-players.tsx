import { css } from '../../../../styled-system/css';
import type { DivisionPlayer } from '../../../../edge/features/tournaments/schema.ts';
import { formatPoints } from '../../../lib/points.ts';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { formatRecord, fullName } from '../division-display.ts';

const tableClass = css({
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  width: 'full',
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border.default', px: '3', py: '2.5', textAlign: 'start' },
  '& thead th': { color: 'fg.muted', fontWeight: 'bold', textStyle: 'xs', textTransform: 'uppercase' },
  '& .num': { textAlign: 'end', whiteSpace: 'nowrap' },
});
const wrapClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  overflowX: 'auto',
});
const rankClass = css({ color: 'fg.muted', fontWeight: 'bold', width: '10' });
const nameRowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const nameLinkClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  fontWeight: 'bold',
  // A 44 px target on a dense row.
  minHeight: 'touch',
});
const cityClass = css({ color: 'fg.muted', textStyle: 'sm' });
const pointsClass = css({ fontWeight: 'black' });

/** The division's players by WTA points (D17): name to /player/{id}, city, points, W-L, the gold verified badge. */
export function TopPlayers({ players }: { players: DivisionPlayer[] }) {
  return (
    <div className={wrapClass}>
      <table className={tableClass}>
        <caption className={css({ srOnly: true })}>Top players by WTA points</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col" className="num">
              W-L
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((player, index) => (
            <tr key={player.id}>
              <td className={rankClass}>{index + 1}</td>
              <td>
                <div className={nameRowClass}>
                  <TextLink href={`/player/${player.id}`} className={nameLinkClass}>
                    {fullName(player)}
                  </TextLink>
                  {player.isVerified ? <VerifiedBadge /> : null}
                </div>
                {player.city ? <div className={cityClass}>{player.city}</div> : null}
              </td>
              <td className={`num ${pointsClass}`}>{formatPoints(player.wtaPoints)}</td>
              <td className="num">{formatRecord(player.wins, player.losses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
