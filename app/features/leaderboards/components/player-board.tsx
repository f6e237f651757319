import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { sportLabel } from '../../../lib/sports.ts';
import { formatPoints } from '../../../lib/points.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { formatWinLoss, type LeaderboardSearch } from '../leaderboard-display.ts';
import { playerBoardQueryOptions, type LeaderboardPlayer } from '../queries.ts';
import {
  BoardEmpty,
  BoardError,
  BoardSkeleton,
  figureClass,
  LoadMore,
  nameCellClass,
  nameLinkClass,
  nameRowClass,
  RankCell,
  subClass,
  tableClass,
  wrapClass,
} from './board-parts.tsx';

const rankColClass = css({ width: '16' });

/**
 * Player Points (rank, player, sport, best division, points) or Player Wins (rank, player, W / L, wins, win rate):
 * ranked, filtered and paged by the server (001 s7). A row's name goes to /player/{id}.
 */
export function PlayerBoard({ search, tab }: { search: LeaderboardSearch; tab: 'players' | 'wins' }) {
  const query = useInfiniteQuery(playerBoardQueryOptions(search, tab));
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const wins = tab === 'wins';

  if (query.isPending) return <BoardSkeleton label="Loading players" />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <BoardError title="Failed to load the leaderboard" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (rows.length === 0) return <BoardEmpty>No players found. Adjust your filters or check back later.</BoardEmpty>;
  return (
    <>
      <div className={wrapClass}>
        <table className={tableClass}>
          <caption className={css({ srOnly: true })}>
            {wins ? 'Players ranked by wins' : 'Players ranked by points'}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={rankColClass}>
                Rank
              </th>
              <th scope="col">Player</th>
              {wins ? (
                <>
                  <th scope="col" className="num wide">
                    W / L
                  </th>
                  <th scope="col" className="num">
                    Wins
                  </th>
                  <th scope="col" className="num">
                    Win Rate
                  </th>
                </>
              ) : (
                <>
                  <th scope="col" className="wide">
                    Sport
                  </th>
                  <th scope="col" className="wide">
                    Best Division
                  </th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {rows.map((player) => (
              <PlayerRow key={player.id} player={player} wins={wins} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={query} count={rows.length} noun="players" bodyRef={bodyRef} />
    </>
  );
}

function PlayerRow({ player, wins }: { player: LeaderboardPlayer; wins: boolean }) {
  const name = `${player.firstName} ${player.lastName}`;
  const sport = player.sport ? sportLabel(player.sport) : '—';
  const division = player.bestDivision ?? '—';
  return (
    <tr>
      <td>
        <RankCell rank={player.rank} />
      </td>
      <td>
        <div className={nameCellClass}>
          <Avatar name={name} src={player.profileImageUrl} size="sm" />
          <div>
            <div className={nameRowClass}>
              <TextLink href={`/player/${player.id}`} className={nameLinkClass}>
                {name}
              </TextLink>
              {player.isVerified ? <VerifiedBadge /> : null}
            </div>
            {/* What the wide columns say, under the name on a phone. */}
            <div className={`narrow ${subClass}`}>
              {wins ? `W / L ${formatWinLoss(player.wins, player.losses)}` : `${sport} · ${division}`}
            </div>
          </div>
        </div>
      </td>
      {wins ? (
        <>
          <td className="num wide">{formatWinLoss(player.wins, player.losses)}</td>
          <td className={`num ${figureClass}`}>{player.wins}</td>
          <td className="num">{player.winRate}%</td>
        </>
      ) : (
        <>
          <td className="wide">{sport}</td>
          <td className="wide">{division}</td>
          <td className={`num ${figureClass}`}>{formatPoints(player.points)}</td>
        </>
      )}
    </tr>
  );
}
