/**
 * The Tournament Archive (001 "Tournament archive (/bracket-archive)", s3 "Archive tournament" and "Final standings",
 * s7, s9; D29): the response types and the specification's defaults, so app/ may import it (the query and body
 * schemas the server validates are in requests.ts).
 */
import type { z } from 'zod';
import type { archiveQuerySchema } from './requests.ts';
import type { BracketMatch, FinalStandings } from '../competition/schema.ts';
import type { DivisionSlug } from '../tournaments/schema.ts';

// The plain values live in constants.ts (the screens import them without zod); the server reads them from here too.
export * from './constants.ts';
export type { BracketMatch, FinalStandings, StandingPerson } from '../competition/schema.ts';

/** A replay link longer than this is no video page (the profile's highlight links share the bound). */
export const MAX_REPLAY_LENGTH = 500;

/** The host form's formats (001 s9), as the Details tab names them. */
export const formatLabels: Record<string, string> = {
  'single-elimination': 'Single Elimination',
  'double-elimination': 'Double Elimination',
  'round-robin': 'Round Robin',
  swiss: 'Swiss',
  'pool-play': 'Pool Play',
};

export type ArchiveQuery = z.input<typeof archiveQuerySchema>;

/** The champion as a card shows them: a member, or a team (its name as firstName, lastName '', never verified). */
export interface ArchiveWinner {
  firstName: string;
  lastName: string;
  isVerified: boolean;
  tagline: string | null;
}

/** One card of the archive (001 s3 "Archive tournament", the list's part). */
export interface ArchiveTournament {
  id: number;
  name: string;
  startDate: string;
  /** The end date, or the start date of a tournament that recorded none (one-day events). */
  endDate: string;
  /** When it started and completed (issue 34: the card dates it by them, not by the schedule); null if never. */
  startedAt: string | null;
  completedAt: string | null;
  location: string | null;
  status: 'completed';
  winner: ArchiveWinner | null;
  /** The entrants the bracket was drawn from (players, or teams in a team tournament). */
  participantCount: number;
  division: DivisionSlug | null;
  /** Whole dollars. */
  prizePool: number;
  replayVideoUrl: string | null;
}

export interface ChampionshipPhoto {
  id: number;
  url: string;
}

export interface ArchiveHost {
  firstName: string;
  lastName: string;
  /** Null for a minor host seen by a guest (D36). */
  profileImageUrl: string | null;
  tagline: string | null;
  isVerified: boolean;
}

/** GET /api/tournaments/{id}/full-details: the whole archive entity. */
export interface ArchiveDetails extends ArchiveTournament {
  bracket: BracketMatch[];
  /** The bracket's size: the next power of two of the entrants, 16 (001 s9) before anyone entered. */
  bracketSize: number;
  championshipPhotos: ChampionshipPhoto[];
  /** The format's name ('Single Elimination' by default). */
  format: string;
  description: string | null;
  /** D21: 50/30/15 % of the prize pool, rounded down to whole dollars (the payouts' own rule). */
  prizeBreakdown: { first: number; second: number; third: number };
  host: ArchiveHost | null;
  /** The privacy-enhanced player of the replay (D29), null without a replay. */
  replayEmbedUrl: string | null;
  /** The viewer is an admin or this tournament's host: the screen offers the highlight editor (the server checks). */
  canManage: boolean;
}

export type ArchiveFinalStandings = FinalStandings | null;
