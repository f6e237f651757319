import type { HostedTournament, HostLevel } from '../../../edge/features/hosting/schema.ts';
import { divisionNames, type DivisionSlug } from '../../../edge/features/tournaments/schema.ts';

/** One row of GET /api/admin/pending-tournaments (001 s3 "Pending tournament"), as the hosting API answers it. */
export type PendingTournament = HostedTournament;

export interface PendingTournamentView {
  id: number;
  title: string;
  sport: string | null;
  format: string;
  division: string;
  buyIn: string;
  maxPlayers: string;
  prizePool: string;
  description: string | null;
  venueName: string | null;
  venueAddress: string | null;
  location: string | null;
  startDate: string;
  rules: string | null;
  requirements: string | null;
  prizeDistribution: string | null;
  flyerUrl: string | null;
  hostName: string | null;
  hostVerified: boolean;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const startFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

// The labels of the host form (edge/features/hosting/schema.ts), kept here so this view does not load zod.
const levelNames: Record<HostLevel, string> = {
  youth: 'Youth',
  high_school: 'High School',
  college: 'College',
  open: 'Open',
  masters: 'Masters (35+)',
  mixed: 'Mixed',
};

const isDivisionSlug = (value: string): value is DivisionSlug => value in divisionNames;

/** "Single Elimination" from "single-elimination". */
export function formatName(format: string): string {
  return format
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * What the approvals list and the details dialog show (001 s2). The sport is the league division the host picked;
 * the division is the host form's level of play, 'Open' when none was given (001 s9).
 */
export function pendingTournamentView(t: PendingTournament): PendingTournamentView {
  const start = new Date(t.startDate);
  const capacity =
    t.maxTeams !== null
      ? `${t.maxTeams} teams of ${t.teamSize}`
      : t.maxPlayers === null
        ? 'Not set'
        : String(t.maxPlayers);
  const splits = t.prizeDistribution;
  return {
    id: t.id,
    title: t.title,
    sport: t.sport ? (isDivisionSlug(t.sport) ? divisionNames[t.sport] : t.sport) : null,
    format: formatName(t.format),
    division: t.division ? levelNames[t.division] : 'Open',
    buyIn: money.format(t.buyIn),
    maxPlayers: capacity,
    prizePool: money.format(t.prizePool),
    description: t.description,
    venueName: t.venueName ?? t.location,
    venueAddress: t.venueAddress,
    location: t.location,
    startDate: Number.isNaN(start.getTime()) ? 'N/A' : startFormat.format(start),
    rules: t.rules,
    requirements: t.requirements,
    prizeDistribution: splits
      ? `Winner ${splits.winner}% · Charity ${splits.charity}% · WTA ${splits.wta}% of a ${money.format(t.prizePool)} prize pool`
      : null,
    flyerUrl: t.flyerUrl,
    hostName: t.host ? `${t.host.firstName} ${t.host.lastName}` : null,
    hostVerified: t.host?.isVerified === true,
  };
}
