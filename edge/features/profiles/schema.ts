/** The public player and team profiles (001 s2, s3, s7) and Follow (D31). Shared with the app as types and texts. */

import type { VideoProvider } from '../../lib/video-links.ts';

/** What the signed-in viewer is to the profile; null for a guest (whose Follow sends them to sign in, D31). */
export interface ProfileViewer {
  following: boolean;
  /** Their own profile, or (for a team) the team they own: no Follow button. */
  self: boolean;
}

/** One highlight link (D29): embedded only when it names a YouTube, Twitch or Vimeo video. */
export interface Highlight {
  url: string;
  provider: VideoProvider | null;
  /** The privacy-enhanced player's address, or null: then the link is not embedded. */
  embedUrl: string | null;
}

export type HistoryStatus = 'upcoming' | 'live' | 'completed';

/** One tournament the player entered (001 s3 tournamentHistory), with their final place once completed. */
export interface TournamentHistoryEntry {
  id: number;
  name: string;
  startDate: string;
  /** When it started and completed (issue 34: shown instead of the scheduled start once set); else null. */
  startedAt: string | null;
  completedAt: string | null;
  status: HistoryStatus;
  /** 1 = champion, up to 4; null before completion or outside the top four. */
  placement: number | null;
}

/** GET /api/players/{id}/profile: the user fields of 001 s3 plus winRate, currentTeam, history and highlights. */
export interface PlayerProfile {
  id: string;
  firstName: string;
  lastName: string;
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin';
  isVerified: boolean;
  /** Null for a guest viewing a minor (D36). */
  profileImageUrl: string | null;
  tagline: string | null;
  bio: string | null;
  /** Null for a guest viewing a minor (D36). */
  city: string | null;
  state: string | null;
  sport: string | null;
  height: string | null;
  weight: number | null;
  divisions: string[];
  bestDivision: string | null;
  wtaPoints: number;
  wins: number;
  losses: number;
  gamesPlayed: number;
  /** Whole percent: wins / gamesPlayed, 0 before the first game (001 s2 Leaderboards). */
  winRate: number;
  currentTeam: { id: number; name: string } | null;
  /** Newest first, at most TOURNAMENT_HISTORY_LIMIT. */
  tournamentHistory: TournamentHistoryEntry[];
  highlightUrls: string[];
  highlights: Highlight[];
  followerCount: number;
  viewer: ProfileViewer | null;
  /** False for a minor (D36): the page is `noindex`, its preview has no image, and the sitemap leaves it out. */
  indexable: boolean;
}

export type TeamPosition = 'player' | 'captain' | 'coach';

/** A rostered player as the team profile shows them (001 s3 Team.roster). */
export interface TeamProfilePlayer {
  id: string;
  firstName: string;
  lastName: string;
  /** Null for a guest when the player is a minor (D36). */
  profileImageUrl: string | null;
  /** Null for a guest when the player is a minor (D36). */
  city: string | null;
  isVerified: boolean;
  wtaPoints: number;
  wins: number;
  gamesPlayed: number;
  position: TeamPosition;
}

/** GET /api/teams/{id}/profile: every field of 001 s3 Team. */
export interface TeamProfile {
  id: number;
  name: string;
  tagline: string | null;
  motto: string | null;
  logoUrl: string | null;
  sport: string | null;
  city: string | null;
  wins: number;
  losses: number;
  tournamentsPlayed: number;
  championshipWins: number;
  coachId: string | null;
  captainId: string | null;
  owner: { firstName: string; lastName: string; isVerified: boolean };
  /** Captain, coach, then players by points. */
  roster: TeamProfilePlayer[];
  /** Whole percent: wins / (wins + losses), 0 before the first game. */
  winRate: number;
  followerCount: number;
  viewer: ProfileViewer | null;
}

/** PUT or DELETE /api/{players|teams}/{id}/follow: the caller's state and the new count. */
export interface FollowState {
  following: boolean;
  followerCount: number;
}

/** The player profile lists this many tournaments, newest first. */
export const TOURNAMENT_HISTORY_LIMIT = 20;

export const PROFILE_MESSAGES = {
  playerNotFound: 'Player not found',
  teamNotFound: 'Team not found',
  followSelf: 'You cannot follow yourself',
  followOwnTeam: 'You cannot follow your own team',
} as const;
