/**
 * Win rate as a whole percent (001 s2 Leaderboards: "rounded"), for every place that shows one: leaderboards,
 * profiles, teams and dashboards, on the server and in the app (through the schema.ts files that re-export it). Pure.
 */

/**
 * round(100 x wins / games), halves up, in integers: 23 wins in 40 games is 57.5 and shows 58, where
 * Math.round(23 / 40 * 100) gives 57 (0.575 x 100 is 57.49999... in floating point). 0 with no games.
 */
export function winRatePercent(wins: number, games: number): number {
  return games > 0 ? Math.floor((200 * wins + games) / (2 * games)) : 0;
}
