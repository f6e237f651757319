/**
 * The Tournament Archive (001 "Tournament archive (/bracket-archive)", s3 "Archive tournament" and "Final standings",
 * s7, s9; D29): the query and body schemas the server validates and the screen shares, the response types and the
 * specification's defaults. Plain zod and values, so app/ may import it.
 */
import { z } from 'zod';
import type { BracketMatch, FinalStandings } from '../competition/schema.ts';
import { parseVideoLink } from '../../lib/video-links.ts';
import { divisionSlugs, type DivisionSlug } from '../tournaments/schema.ts';
import { ARCHIVE_MESSAGES, ARCHIVE_PAGE_SIZE, isIsoDate, MAX_ARCHIVE_PAGE_SIZE, MAX_SEARCH_LENGTH } from './constants.ts';

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

const isoDate = z.string().refine(isIsoDate, { error: ARCHIVE_MESSAGES.date });

/** GET /api/tournaments/archive's query (001 s7: search, division (omitted if all), startDate, endDate). */
export const archiveQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .min(1, { error: ARCHIVE_MESSAGES.search })
      .max(MAX_SEARCH_LENGTH, { error: ARCHIVE_MESSAGES.search })
      .optional(),
    division: z.enum(divisionSlugs, { error: ARCHIVE_MESSAGES.division }).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    limit: z.coerce
      .number({ error: ARCHIVE_MESSAGES.limit })
      .int({ error: ARCHIVE_MESSAGES.limit })
      .min(1, { error: ARCHIVE_MESSAGES.limit })
      .max(MAX_ARCHIVE_PAGE_SIZE, { error: ARCHIVE_MESSAGES.limit })
      .default(ARCHIVE_PAGE_SIZE),
    cursor: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.startDate > q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: ARCHIVE_MESSAGES.dateOrder });
    }
  });
export type ArchiveQuery = z.input<typeof archiveQuerySchema>;

/** D29: the replay link is an https YouTube, Twitch or Vimeo video, or null to clear it. */
export const replaySchema = z.object({
  replayVideoUrl: z
    .string({ error: ARCHIVE_MESSAGES.replay })
    .trim()
    .max(MAX_REPLAY_LENGTH, { error: ARCHIVE_MESSAGES.replay })
    .refine((link) => parseVideoLink(link) !== null, { error: ARCHIVE_MESSAGES.replay })
    .nullable(),
});

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
