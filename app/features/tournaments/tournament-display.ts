import {
  DEFAULT_MAX_PLAYERS,
  entryCapacity,
  isInEarlyWindow,
  isTeamTournament,
  type Sponsor,
  type SponsorTier,
  type Tournament,
  type TournamentStatus,
} from '../../../edge/features/tournaments/schema.ts';

/** Who is looking at a tournament page: the signed-in user's id, role and verified flag (null for a guest). */
export interface Viewer {
  id: string;
  role: string;
  isVerified: boolean;
  /** D6: an admin role on an address outside the league's domain is no admin (000 s3 hasAdminRole && !isAdmin). */
  foreignAdmin?: boolean;
}

/** The list filter of 000 s2: 'all' is the absence of `?status=`. */
export type TournamentFilter = 'all' | TournamentStatus;

export const tournamentFilters: { value: TournamentFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'live', label: 'Live Now' },
  { value: 'completed', label: 'Completed' },
];

export { parseStatusFilter } from './status-filter.ts';

/** A tournament's status as the pages show it: the API's statuses plus 'cancelled' (D33, unlisted but with a page). */
export type DisplayStatus = TournamentStatus | 'cancelled';

export const statusLabels: Record<DisplayStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live Now',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** 000 s2: the format with dashes shown as spaces ('single-elimination' -> 'single elimination'). */
export function formatLabel(format: string): string {
  return format.replace(/-/g, ' ');
}

/** 000 s9: the detail page's max players when a tournament sets none. */
export function maxPlayersOf(tournament: Pick<Tournament, 'maxPlayers'>): number {
  return tournament.maxPlayers ?? DEFAULT_MAX_PLAYERS;
}

type Capacity = Pick<Tournament, 'maxPlayers' | 'registeredCount'> & { maxTeams?: number | null; waitlisted?: number };

/** Spots left: max minus registered (teams in a team tournament, D22), never below zero. */
export function spotsLeft(tournament: Capacity): number {
  // D42: while anyone is on the waitlist, every freed spot is theirs (a copy saved before waitlists has none).
  if ((tournament.waitlisted ?? 0) > 0) return 0;
  return Math.max(0, entryCapacity({ maxTeams: null, ...tournament }) - tournament.registeredCount);
}

/** The detail page's entries card (000 s2 'Players', registered / max): 'Teams' in a team tournament (D22). */
export function entriesStat(tournament: Capacity): { label: 'Players' | 'Teams'; value: string } {
  const team = tournament.maxTeams != null;
  return {
    label: team ? 'Teams' : 'Players',
    value: `${tournament.registeredCount} / ${entryCapacity({ maxTeams: null, ...tournament })}`,
  };
}

/** D22, D38: how a team tournament names its teams' size ('3v3 teams'); null for a solo tournament. */
export function teamFormatLabel(tournament: Pick<Tournament, 'maxTeams' | 'teamSize'>): string | null {
  return isTeamTournament(tournament) ? `${tournament.teamSize}v${tournament.teamSize} teams` : null;
}

/** 000 s9: the prize display shares of the prize pool. */
export const prizeShares = [
  { place: '1st Place', percent: 50 },
  { place: '2nd Place', percent: 30 },
  { place: '3rd Place', percent: 15 },
  { place: '4th Place', percent: 5 },
] as const;

/** The prize of each place, each share of the pool rounded down (000 s9). */
export function prizeBreakdown(prizePool: number): { place: string; percent: number; amount: number }[] {
  return prizeShares.map(({ place, percent }) => ({ place, percent, amount: Math.floor((prizePool * percent) / 100) }));
}

/** 1st place: half the prize pool, rounded down. */
export function firstPlacePrize(prizePool: number): number {
  return Math.floor((prizePool * 50) / 100);
}

/**
 * The early-registration badge of a card (000 s2): inside the 24-hour window, verified users see 'Early
 * Registration' and everyone else (unverified members and guests) 'Verified Only'; outside it, none.
 */
export function earlyRegistrationBadge(
  tournament: Pick<Tournament, 'status' | 'startDate'>,
  user: { isVerified: boolean } | null,
  now: Date,
): 'Early Registration' | 'Verified Only' | null {
  if (tournament.status !== 'upcoming' || !isInEarlyWindow(tournament.startDate, now)) return null;
  return user?.isVerified ? 'Early Registration' : 'Verified Only';
}

/** The early registration date of the Overview: one day before the start. */
export function earlyRegistrationDate(startDate: string): Date {
  return new Date(new Date(startDate).getTime() - 24 * 60 * 60 * 1000);
}

/** 000 s9: players check in this long before the start. */
export const CHECK_IN_MINUTES = 30;

/** When check-in closes: 30 minutes before the start. */
export function checkInTime(startDate: string): Date {
  return new Date(new Date(startDate).getTime() - CHECK_IN_MINUTES * 60 * 1000);
}

export const sponsorTierOrder: readonly SponsorTier[] = ['title', 'gold', 'silver', 'bronze'];

export const sponsorTierLabels: Record<SponsorTier, string> = {
  title: 'Title Sponsor',
  gold: 'Gold Sponsor',
  silver: 'Silver Sponsor',
  bronze: 'Bronze Sponsor',
};

/** Sponsors grouped by tier in the order title, gold, silver, bronze; empty tiers left out. */
export function groupSponsorsByTier(list: readonly Sponsor[]): { tier: SponsorTier; label: string; sponsors: Sponsor[] }[] {
  return sponsorTierOrder
    .map((tier) => ({ tier, label: sponsorTierLabels[tier], sponsors: list.filter((s) => s.tier === tier) }))
    .filter((group) => group.sponsors.length > 0);
}

/** A sponsor's description, or the fallback about supporting the tournament. */
export function sponsorDescription(sponsor: Pick<Sponsor, 'companyName' | 'description'>): string {
  const text = sponsor.description?.trim();
  return text || `${sponsor.companyName} is a proud supporter of this tournament.`;
}

/** A website as a link shows it: the host name without "www." ("https://www.acme.example/x" -> "acme.example"). */
export function websiteLabel(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** Only http(s) websites become links; anything else (javascript:, data:) is shown as text at most. */
export function safeWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A file-name-safe slug of a title: "Hoop Kings 1v1 Classic!" -> "hoop-kings-1v1-classic". */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'tournament';
}
