/** The team owner page's contract (001 s2, s7; D17). Shared with the app as types only. */

export type RosterPosition = 'player' | 'captain' | 'coach';

/** A player on a team's roster. */
export interface RosterPlayer {
  id: string;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  wtaPoints: number;
  position: RosterPosition;
}

/** GET /api/teams/my-teams (owners only): the caller's teams, oldest first, each with its roster. */
export interface MyTeam {
  id: number;
  name: string;
  tagline: string | null;
  sport: string | null;
  wins: number;
  losses: number;
  roster: RosterPlayer[];
}
