import { divisionNames, type DivisionSlug } from '../../../edge/features/tournaments/schema.ts';

/**
 * One row of GET /api/admin/pending-tournaments: the tournament's columns plus its host. The hosting form's extra
 * fields (001 s3: sport, venueName, venueAddress, rules, prizeDistribution) arrive with the hosting feature; until
 * then they may be missing and read as not provided.
 */
export interface PendingTournament {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  division: string | null;
  startDate: string;
  format: string;
  buyIn: number;
  prizePool: number;
  maxPlayers: number | null;
  flyerUrl: string | null;
  createdAt: string;
  host: { id: string; firstName: string; lastName: string; isVerified: boolean } | null;
  sport?: string | null;
  venueName?: string | null;
  venueAddress?: string | null;
  rules?: string | null;
  prizeDistribution?: string | null;
}

export interface PendingTournamentView {
  id: number;
  title: string;
  sport: string | null;
  format: string;
  division: string;
  buyIn: string;
  maxPlayers: string;
  description: string | null;
  venueName: string | null;
  venueAddress: string | null;
  startDate: string;
  rules: string | null;
  prizeDistribution: string | null;
  flyerUrl: string | null;
  hostName: string | null;
  hostVerified: boolean;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const startFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const isDivisionSlug = (value: string): value is DivisionSlug => value in divisionNames;

/**
 * What the approvals list and the details dialog show (001 s2). In this league a division slug names the sport
 * (hoop, pickleball, ...), so it is the sport here; 001's division is the level of play, 'Open' by default.
 */
export function pendingTournamentView(t: PendingTournament): PendingTournamentView {
  const sport = t.sport ?? (t.division && isDivisionSlug(t.division) ? divisionNames[t.division] : t.division);
  const start = new Date(t.startDate);
  return {
    id: t.id,
    title: t.title,
    sport: sport || null,
    format: t.format.replace(/-/g, ' '),
    division: 'Open',
    buyIn: money.format(t.buyIn),
    maxPlayers: t.maxPlayers === null ? 'Not set' : String(t.maxPlayers),
    description: t.description,
    venueName: t.venueName ?? t.location,
    venueAddress: t.venueAddress ?? null,
    startDate: Number.isNaN(start.getTime()) ? 'N/A' : startFormat.format(start),
    rules: t.rules ?? null,
    prizeDistribution: t.prizeDistribution ?? (t.prizePool > 0 ? `Prize pool ${money.format(t.prizePool)}` : null),
    flyerUrl: t.flyerUrl,
    hostName: t.host ? `${t.host.firstName} ${t.host.lastName}` : null,
    hostVerified: t.host?.isVerified === true,
  };
}
