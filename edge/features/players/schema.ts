/** GET /api/player/current-team (000 s3, s7): the signed-in player's team, for the dashboard's profile card. */
export interface CurrentTeam {
  hasTeam: boolean;
  team: { id: number; name: string; wins: number; losses: number } | null;
}
