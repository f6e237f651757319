import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

// One header name for every paged list (edge/lib/paging.ts), re-exported for this feature's callers.
export { NEXT_CURSOR_HEADER };

/**
 * The tournament API's response shapes (000 s3, s7; D17). Shared with the app as types only.
 * Dates are ISO 8601 strings; money is whole US dollars.
 */

export type TournamentStatus = 'upcoming' | 'live' | 'completed' | 'cancelled';

export const divisionSlugs = [
  'hoop',
  'flag-football',
  'kickball',
  'slap',
  'slamball',
  'soccer',
  'boxing',
  'pickleball',
] as const;
export type DivisionSlug = (typeof divisionSlugs)[number];

/** Display names of the divisions (landing cards of 000 s2). */
export const divisionNames: Record<DivisionSlug, string> = {
  hoop: 'Hoop',
  'flag-football': 'Flag Football',
  kickball: 'Slip & Slide Kickball',
  slap: 'Slap to Sleep',
  slamball: 'SlamBall',
  soccer: 'Soccer',
  boxing: 'Boxing',
  pickleball: 'Pickleball',
};

/** A player as tournament screens show one. */
export interface PlayerSummary {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  city: string | null;
  isVerified: boolean;
}

/** One listed tournament (GET /api/tournaments, /api/tournaments/{id}, division pages). */
export interface Tournament {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  division: DivisionSlug | null;
  startDate: string;
  endDate: string | null;
  /**
   * When it started (on time by the clock, or early by the admin or host, D12) and completed; null until then. Once
   * set, screens date the tournament by them rather than by the scheduled `startDate` (issue 34). Absent from a page
   * the offline cache kept from before they existed.
   */
  startedAt: string | null;
  completedAt: string | null;
  format: string;
  status: TournamentStatus;
  buyIn: number;
  prizePool: number;
  /** Null means the default (32 on the detail page). */
  maxPlayers: number | null;
  /** D22: set on a team tournament, whose entrants are up to this many teams; null for a solo tournament. */
  maxTeams: number | null;
  /** D38: players a side; 1 for solo, 3, 5 or another number for a team tournament. */
  teamSize: number;
  flyerUrl: string | null;
  createdAt: string;
  /** The member who hosts it (D10): with the admins, the one who runs its bracket (D12, D20). */
  hostId: string | null;
  /** Why it was cancelled (status cancelled, D33); null otherwise. */
  cancellationReason: string | null;
  /** Registrations holding a spot (registered or pending payment): players, or teams in a team tournament. */
  registeredCount: number;
  /** D42: members (teams) on the waitlist; while any are, no spot is available to anyone else. */
  waitlisted: number;
  /** Completed solo tournaments: the champion. */
  champion: PlayerSummary | null;
  /** Completed team tournaments: the champion team (D22). */
  championTeam: TeamSummary | null;
  /**
   * D21: the host form's winner, charity and WTA splits (whole percents), shown on the Overview as declared; null
   * when none were. Only GET /api/tournaments/{id} carries it (absent from the lists, and from a page the offline
   * cache kept from before it existed).
   */
  hostSplits?: PrizeSplits | null;
  /**
   * D39: entrants check in from 2 hours to 30 minutes before the start, and the rest are withdrawn at the close. Only
   * GET /api/tournaments/{id} carries it (absent from the lists, and from a page saved before it existed: no check-in).
   */
  checkIn?: boolean;
}

/** The host form's declared splits (D21), whole percents summing to 100. */
export interface PrizeSplits {
  winner: number;
  charity: number;
  wta: number;
}

/** A team as tournament screens name one (links to /teams/{id}). */
export interface TeamSummary {
  id: number;
  name: string;
}

/** GET /api/tournaments answers pages (ADR 025): this many tournaments unless `?limit=` says otherwise. */
export const TOURNAMENT_PAGE_SIZE = 24;
/** The largest `?limit=` of GET /api/tournaments. */
export const MAX_TOURNAMENT_PAGE_SIZE = 100;

/** The list's sort group of a listed status (live, then upcoming, then completed): a cursor's first part. */
export function listRankOf(status: 'live' | 'upcoming' | 'completed'): number {
  return { live: 0, upcoming: 1, completed: 2 }[status];
}

/** GET /api/tournaments/next: the soonest upcoming tournament, or all null when none is scheduled. */
export interface NextTournament {
  id: number | null;
  title: string | null;
  startDate: string | null;
}

/** GET /api/tournaments/{id}/registrations. */
export interface TournamentRegistration {
  id: number;
  /** The player, or the owner who entered the team. */
  userId: string;
  status: 'registered' | 'pending_payment';
  createdAt: string;
  player: PlayerSummary;
  /** A team entry (D22): the team; null for a player's entry. */
  team: TeamSummary | null;
  /** D39: when the entrant checked in; null until then (and on a tournament without check-in). */
  checkedInAt: string | null;
}

/** GET /api/tournament-registrations/my-registrations (signed in). */
export interface MyRegistration {
  id: number;
  tournamentId: number;
  status: 'registered' | 'pending_payment';
  createdAt: string;
  placement: number | null;
  /** D39: when this entry checked in; null until then. */
  checkedInAt: string | null;
  /** A team entry's team (D22); null for a player's own entry. */
  teamName: string | null;
  /** D39: whether this member may check the entry in (their own, or a team they own or captain). */
  mayCheckIn: boolean;
  tournament: Pick<
    Tournament,
    'id' | 'title' | 'startDate' | 'startedAt' | 'completedAt' | 'status' | 'location' | 'buyIn'
  > & { checkIn: boolean };
}

export type SponsorTier = 'title' | 'gold' | 'silver' | 'bronze';

/** GET /api/tournaments/{id}/sponsors, ordered title, gold, silver, bronze. */
export interface Sponsor {
  id: number;
  tier: SponsorTier;
  companyName: string;
  website: string | null;
  description: string | null;
  logoUrl: string | null;
}

/** GET /api/hero-video: the admin-chosen video, or the league's default. */
export interface HeroVideo {
  videoUrl: string;
  videoThumbnail: string | null;
  videoName: string;
}

/** A player on a division's leaderboard. */
export interface DivisionPlayer extends PlayerSummary {
  wtaPoints: number;
  wins: number;
  losses: number;
}

/** GET /api/divisions/{slug} (D17). */
export interface Division {
  slug: DivisionSlug;
  name: string;
  /** Live and upcoming tournaments of the division, soonest first: the first page (ADR 025). */
  upcoming: Tournament[];
  /** The next page: GET /api/divisions/{slug}/upcoming?cursor=; null when there is none. */
  upcomingNextCursor: string | null;
  /** Completed tournaments, most recent first (at most 10). */
  recent: Tournament[];
  /** Players of the division's sport by WTA points (at most 10). */
  topPlayers: DivisionPlayer[];
}

/** 000 s4: the 24 hours before startDate while the start is still in the future; only verified users register then. */
export const EARLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** True inside the early-registration window. Shared by the server's registration rules and the screens. */
export function isInEarlyWindow(startDate: Date | string, now: Date): boolean {
  const start = new Date(startDate).getTime();
  const at = now.getTime();
  return start > at && start - at <= EARLY_WINDOW_MS;
}

/** Max players shown on the detail page when a tournament sets none (000 s9). */
export const DEFAULT_MAX_PLAYERS = 32;

/** D22: a tournament with maxTeams set is a team tournament. */
export function isTeamTournament(t: { maxTeams?: number | null }): boolean {
  // Loose on purpose: a tournament the offline cache kept from before maxTeams existed has no such field (D16).
  return t.maxTeams != null;
}

/** How many entries a tournament takes (D9, D22): teams in a team tournament, else players (32 when unset). */
export function entryCapacity(t: { maxTeams: number | null; maxPlayers: number | null }): number {
  return t.maxTeams ?? t.maxPlayers ?? DEFAULT_MAX_PLAYERS;
}
