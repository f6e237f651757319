// The verified dashboard (001 s2, D32): plain types and words, importable by the screen.

/** 001 s2: the gate's toast, title and description. */
export const ACCESS_RESTRICTED = { title: 'Access Restricted', description: 'This page is for verified members only.' };

export interface VerifiedStatistics {
  points: number;
  wins: number;
  losses: number;
  /** Whole percent: wins / games played, 0 with no games (001 s2 leaderboards' rule). */
  winRate: number;
  /** Tournaments started or finished with the member entered (solo, or on a team's roster at entry). */
  tournamentsPlayed: number;
  /** Place among players by WTA points (1 = most); null for members who are not players. */
  rank: number | null;
}

export interface HostedTournament {
  id: number;
  title: string;
  status: 'pending' | 'rejected' | 'upcoming' | 'live' | 'completed' | 'cancelled';
  startDate: string;
  /** When it started and completed (issue 34: shown instead of the scheduled start once set); else null. */
  startedAt: string | null;
  completedAt: string | null;
  rejectionReason: string | null;
  /** Registered entrants (players, or teams in a team tournament). */
  entrants: number;
  capacity: number | null;
  createdAt: string;
}

export interface MediaAppearance {
  id: number;
  eventName: string;
  date: string;
  startTime: string;
  endTime: string;
  place: string;
  sport: string;
  arrivalTime: string;
  attendeeCount: number;
  /** Whether the day is still ahead (RSVPs open) or has passed. */
  upcoming: boolean;
  createdAt: string;
}

export type BenefitEntry =
  | { kind: 'early_registration'; at: string; tournamentId: number; title: string; startDate: string }
  | { kind: 'hosted'; at: string; tournamentId: number; title: string; status: HostedTournament['status'] }
  | { kind: 'media_day_rsvp'; at: string; rsvpId: number; eventName: string; date: string };

export interface VerifiedDashboard {
  statistics: VerifiedStatistics;
  hosted: HostedTournament[];
  mediaAppearances: MediaAppearance[];
  /** Newest first. */
  benefits: BenefitEntry[];
}
