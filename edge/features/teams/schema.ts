/** The team owner page's contract (001 s2, s7; D17). Shared with the app: types, and the win rate's rounding. */

export { winRatePercent } from '../../lib/win-rate.ts';

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
  /** D23: the uploaded logo (`/uploads/<sha256>.jpg`), or null. */
  logoUrl: string | null;
  sport: string | null;
  wins: number;
  losses: number;
  /** The roster member who is coach, or null (001 s3 Team.coachId). */
  coachId: string | null;
  /** The roster member who is captain, or null (001 s3 Team.captainId). */
  captainId: string | null;
  roster: RosterPlayer[];
}

/** 001 s5: a team's name is required, its tagline optional. */
export const TEAM_NAME_MAX = 60;
export const TEAM_TAGLINE_MAX = 120;

export const TEAM_MESSAGES = {
  ownersOnly: 'Team owner access only',
  notFound: 'Team not found',
  notYours: 'Only the team owner can change this team',
  alreadyOwns: 'You already have a team. Edit it from your team page.',
  nameRequired: 'Team name is required',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX} characters`,
  taglineTooLong: `Tagline must be at most ${TEAM_TAGLINE_MAX} characters`,
  nothingToChange: 'Send a name or a tagline to change',
  notOnRoster: 'That player is not on this team',
  coachNotOnRoster: 'The coach must be a player on this team',
  captainNotOnRoster: 'The captain must be a player on this team',
  sameCoachAndCaptain: 'The coach and the captain must be different players',
  noRoleGiven: 'Send a coachId or a captainId (null for none)',
} as const;
