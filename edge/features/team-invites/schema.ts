/** Team invites (issue 13; D15, D37): an owner invites a free agent, who accepts or declines from Notifications. */

export type TeamInviteStatus = 'pending' | 'accepted' | 'declined' | 'lapsed';

/** One invite as its player and its team's owner see it. */
export interface TeamInvite {
  id: number;
  team: { id: number; name: string; wins: number; losses: number };
  player: { id: string; firstName: string; lastName: string };
  /** `lapsed` once 14 days have passed or the player joined a team (D37). */
  status: TeamInviteStatus;
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
  /** The player's team-invite notification: the dashboard shows Accept and Decline on that item. */
  notificationId: number | null;
}

/** D37: an invite lapses after this many days. */
export const INVITE_LIFETIME_DAYS = 14;
/** Open invites a team may have at once, so an owner cannot flood the pool with notifications (ADR 028). */
export const MAX_PENDING_INVITES_PER_TEAM = 50;
/** GET /api/team-invites answers at most this many, newest first. */
export const INVITE_LIST_LIMIT = 50;

export const INVITE_MESSAGES = {
  ownersOnly: 'Only team owners can invite players',
  teamNotFound: 'Team not found',
  notYourTeam: 'Only the team owner can invite players to this team',
  playerNotFound: 'Player not found',
  notAPlayer: 'Only players can be invited to a team',
  playerOnTeam: 'This player is already on a team',
  alreadyInvited: 'You have already invited this player',
  tooMany: `Your team has ${MAX_PENDING_INVITES_PER_TEAM} open invites. Wait for answers before inviting more players.`,
  notFound: 'Invite not found',
  notYours: 'Only the invited player can answer this invite',
  answered: 'You have already answered this invite',
  lapsed: 'This invite has lapsed',
  joinedTeam: 'You are already on a team, so this invite has lapsed',
  playersOnly: 'Only players can join a team',
  listRoles: 'Team invites are for players and team owners',
  teamId: 'teamId must be a team id',
  playerId: 'playerId must be a player id',
  status: "status must be 'accepted' or 'declined'",
} as const;
