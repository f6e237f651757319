import type { User } from '../../db/schema/users.ts';
import { adminFlags } from './admin.ts';

/** What GET /api/auth/user returns: the shell's fields plus the derived admin flags of 000 s3. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin';
  tagline: string | null;
  city: string | null;
  state: string | null;
  sport: string | null;
  profileImageUrl: string | null;
  isVerified: boolean;
  wtaPoints: number;
  wins: number;
  losses: number;
  gamesPlayed: number;
  /** The member's record in team tournaments (001 s3 User; D22). */
  teamWins: number;
  teamLosses: number;
  dateOfBirth: string | null;
  /** True once the profile-completion screen (Choose Your Path) was submitted. */
  profileComplete: boolean;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  hasAdminRole: boolean;
  hasValidDomain: boolean;
}

/** The current-user view of a user row: never the password hash or Google id. */
export function toCurrentUser(user: User, leagueEmailDomain: string): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    tagline: user.tagline,
    city: user.city,
    state: user.state,
    sport: user.sport,
    profileImageUrl: user.profileImageUrl,
    isVerified: user.isVerified === true,
    wtaPoints: user.wtaPoints,
    wins: user.wins,
    losses: user.losses,
    gamesPlayed: user.gamesPlayed,
    teamWins: user.teamWins,
    teamLosses: user.teamLosses,
    dateOfBirth: user.dateOfBirth,
    profileComplete: user.profileCompletedAt !== null,
    ...adminFlags(user, leagueEmailDomain),
  };
}

