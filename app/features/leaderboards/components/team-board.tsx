import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { Avatar } from '../../../ui/avatar.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import type { LeaderboardSearch } from '../leaderboard-display.ts';
import { teamBoardQueryOptions, type LeaderboardTeam } from '../queries.ts';
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
const ownerClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });

/** Team Rankings (001): logo, name to /team/{id}, owner with the verified mark, wins, tournaments played. */
export function TeamBoard({ search }: { search: LeaderboardSearch }) {
  const query = useInfiniteQuery(teamBoardQueryOptions(search));
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];

  if (query.isPending) return <BoardSkeleton label="Loading teams" />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <BoardError title="Failed to load the leaderboard" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (rows.length === 0) return <BoardEmpty>No teams found. Adjust your filters or check back later.</BoardEmpty>;
  return (
    <>
      <div className={wrapClass}>
        <table className={tableClass}>
          <caption className={css({ srOnly: true })}>Teams ranked by wins</caption>
          <thead>
            <tr>
              <th scope="col" className={rankColClass}>
                Rank
              </th>
              <th scope="col">Team</th>
              <th scope="col" className="wide">
                Owner
              </th>
              <th scope="col" className="num">
                Wins
              </th>
              <th scope="col" className="num">
                Tournaments
              </th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {rows.map((team) => (
              <TeamRow key={team.id} team={team} />
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore query={query} count={rows.length} noun="teams" bodyRef={bodyRef} />
    </>
  );
}

function Owner({ owner }: { owner: LeaderboardTeam['owner'] }) {
  return (
    <span className={ownerClass}>
      <span>{`${owner.firstName} ${owner.lastName}`}</span>
      {owner.isVerified ? <VerifiedBadge /> : null}
    </span>
  );
}

function TeamRow({ team }: { team: LeaderboardTeam }) {
  return (
    <tr>
      <td>
        <RankCell rank={team.rank} />
      </td>
      <td>
        <div className={nameCellClass}>
          <Avatar name={team.name} src={team.logoUrl} size="sm" />
          <div>
            <div className={nameRowClass}>
              <TextLink href={`/team/${team.id}`} className={nameLinkClass}>
                {team.name}
              </TextLink>
            </div>
            <div className={`narrow ${subClass}`}>
              Owner: <Owner owner={team.owner} />
            </div>
          </div>
        </div>
      </td>
      <td className="wide">
        <Owner owner={team.owner} />
      </td>
      <td className={`num ${figureClass}`}>{team.wins}</td>
      <td className="num">{team.tournamentsPlayed}</td>
    </tr>
  );
}
