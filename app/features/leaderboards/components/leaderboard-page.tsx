import { css } from '../../../../styled-system/css';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { boardTabs, tabOf, type BoardTab, type LeaderboardSearch } from '../leaderboard-display.ts';
import { BoardFilters } from './board-filters.tsx';
import { PlayerBoard } from './player-board.tsx';
import { TeamBoard } from './team-board.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '6xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const leadClass = css({ color: 'fg.muted', mt: '2', textStyle: 'lg' });
const listClass = css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', maxWidth: { sm: 'xl' } });
const triggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });
const contentClass = css({ pt: '4' });

/**
 * The leaderboards (001): the filters, then the tabs Player Points, Player Wins and Team Rankings. Everything the
 * page shows is in the URL (`?type=` names the tab), so a view can be shared and the mobile menu's links open the
 * right tab.
 */
export function LeaderboardPage({
  search,
  onSearchChange,
}: {
  search: LeaderboardSearch;
  /** Only what changed (the route merges it into the latest address). */
  onSearchChange: (patch: Partial<LeaderboardSearch>) => void;
}) {
  const tab = tabOf(search);
  return (
    <div className={pageClass}>
      <div>
        <h1 className={titleClass}>Leaderboards</h1>
        <p className={leadClass}>Who leads the league: players by WTA points and wins, teams by wins.</p>
      </div>
      <BoardFilters search={search} teams={tab === 'teams'} onChange={onSearchChange} />
      <TabsRoot
        value={tab}
        onValueChange={(details) => {
          const type = details.value as BoardTab;
          onSearchChange({ type: type === 'players' ? undefined : type });
        }}
        lazyMount
        unmountOnExit
      >
        <TabsList className={listClass} aria-label="Leaderboards">
          {boardTabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className={triggerClass}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="players" className={contentClass}>
          <PlayerBoard search={search} tab="players" />
        </TabsContent>
        <TabsContent value="wins" className={contentClass}>
          <PlayerBoard search={search} tab="wins" />
        </TabsContent>
        <TabsContent value="teams" className={contentClass}>
          <TeamBoard search={search} />
        </TabsContent>
      </TabsRoot>
    </div>
  );
}
