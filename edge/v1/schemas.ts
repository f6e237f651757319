import { z } from 'zod';
import type { ArchiveTournament } from '../features/archive/schema.ts';
import { reportScoreSchema } from '../features/competition/requests.ts';
import type { BracketMatch, FinalStandings, TournamentStandings } from '../features/competition/schema.ts';
import type { LeaderboardPlayer, LeaderboardTeam } from '../features/leaderboards/schema.ts';
import type { PlayerProfile, TeamProfile } from '../features/profiles/schema.ts';
import { divisionSlugs, type Tournament } from '../features/tournaments/schema.ts';

/**
 * The public API's answers (D43), as zod schemas: the OpenAPI document is generated from them, and the tests check
 * every answer against the document. Each names the same JSON the app's own calls answer (the services are shared),
 * and the assignments at the end fail to compile when a service's type leaves its schema behind.
 */

const isoTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 time (UTC)' });
const nullableIso = isoTime.nullable();
const memberId = z.string().meta({ description: "A member's id" });

export const ErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Per-field messages (400)' }),
  })
  .meta({ id: 'Error', description: 'Every refusal: a message to show, and per-field messages for invalid input.' });

const PlayerSummarySchema = z
  .object({
    id: memberId,
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
    city: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
    isVerified: z.boolean(),
  })
  .meta({ id: 'PlayerSummary' });

const TeamSummarySchema = z.object({ id: z.int(), name: z.string() }).meta({ id: 'TeamSummary' });

export const TournamentSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    division: z.enum(divisionSlugs).nullable(),
    startDate: isoTime,
    endDate: nullableIso,
    startedAt: nullableIso,
    completedAt: nullableIso,
    format: z.string(),
    status: z.enum(['upcoming', 'live', 'completed', 'cancelled']),
    buyIn: z.number().meta({ description: 'US dollars' }),
    prizePool: z.number().meta({ description: 'US dollars' }),
    maxPlayers: z.int().nullable(),
    maxTeams: z.int().nullable(),
    teamSize: z.int(),
    flyerUrl: z.string().nullable(),
    createdAt: isoTime,
    hostId: memberId.nullable(),
    cancellationReason: z.string().nullable(),
    registeredCount: z.int(),
    waitlisted: z.int(),
    champion: PlayerSummarySchema.nullable(),
    championTeam: TeamSummarySchema.nullable(),
    hostSplits: z
      .object({ winner: z.int(), charity: z.int(), wta: z.int() })
      .nullable()
      .optional()
      .meta({ description: 'Detail only: the declared prize splits (whole percents)' }),
    checkIn: z.boolean().optional().meta({ description: 'Detail only: whether entrants check in (D39)' }),
  })
  .meta({ id: 'Tournament' });

/** A page of a list: its items, and the cursor of the next page (also in the `Link` header). */
const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
    })
    .meta({ id });

export const TournamentPageSchema = pageOf(TournamentSchema, 'TournamentPage');

const BracketSideSchema = z
  .object({
    id: z.int().meta({ description: "The entrant's id" }),
    name: z.string(),
    seed: z.int(),
    score: z.int().nullable().meta({ description: 'Games won; null before a result' }),
    userId: memberId.nullable(),
    teamId: z.int().nullable(),
    withdrawn: z.boolean(),
  })
  .meta({ id: 'BracketSide' });

export const BracketMatchSchema = z
  .object({
    id: z.int(),
    round: z.int(),
    roundName: z.string(),
    matchNumber: z.int(),
    status: z.enum(['upcoming', 'live', 'completed']),
    startTime: nullableIso,
    startTimeEstimated: z.boolean(),
    winnerId: z.int().nullable(),
    teamA: BracketSideSchema.nullable(),
    teamB: BracketSideSchema.nullable(),
    stage: z.enum([
      'main',
      'third-place',
      'winners',
      'losers',
      'grand-final',
      'round-robin',
      'swiss',
      'pool',
      'playoff',
    ]),
    group: z.int(),
    bestOf: z.union([z.literal(3), z.literal(5)]),
    forfeit: z.boolean(),
    completedAt: nullableIso,
    version: z.int().meta({ description: 'Send it back with a result: a stale one is refused with 409 (D40)' }),
    court: z.string().nullable(),
    calledAt: nullableIso,
    arrivedA: z.boolean(),
    arrivedB: z.boolean(),
  })
  .meta({ id: 'BracketMatch' });

export const BracketSchema = z.array(BracketMatchSchema).meta({ id: 'Bracket' });

const formats = ['single-elimination', 'double-elimination', 'round-robin', 'swiss', 'pool-play'] as const;

export const StandingsSchema = z
  .object({
    format: z.enum(formats),
    rows: z.array(
      z.object({
        entrantId: z.int(),
        name: z.string(),
        seed: z.int(),
        userId: memberId.nullable(),
        group: z.int(),
        rank: z.int(),
        wins: z.int(),
        losses: z.int(),
        gamesWon: z.int(),
        gamesLost: z.int(),
        gameDifference: z.int(),
        buchholz: z.number().nullable(),
        withdrawn: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Standings', description: 'Round robin, Swiss and pools; empty rows for elimination formats.' });

const StandingPersonSchema = z
  .object({
    kind: z.enum(['player', 'team']),
    id: memberId.nullable(),
    teamId: z.int().nullable(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    tagline: z.string().nullable(),
    isVerified: z.boolean(),
  })
  .meta({ id: 'StandingPerson' });

export const FinalStandingsSchema = z
  .object({
    winner: StandingPersonSchema.nullable(),
    runnerUp: StandingPersonSchema.nullable(),
    thirdPlace: StandingPersonSchema.nullable(),
    fourthPlace: StandingPersonSchema.nullable(),
    mvp: StandingPersonSchema.nullable(),
  })
  .nullable()
  .meta({ id: 'FinalStandings', description: 'Null until the tournament is completed.' });

export const ActiveMatchesSchema = z
  .object({
    tournamentId: z.int(),
    courts: z.array(z.string()).meta({ description: "The event's courts, in the host's order" }),
    matches: z.array(BracketMatchSchema).meta({ description: 'Live matches (a called match is live), by court' }),
  })
  .meta({ id: 'ActiveMatches' });

const ProfileTeamSchema = z.object({ id: z.int(), name: z.string() });

export const PlayerProfileSchema = z
  .object({
    id: memberId,
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(['player', 'owner', 'fan', 'admin', 'super_admin']),
    isVerified: z.boolean(),
    profileImageUrl: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
    tagline: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
    state: z.string().nullable(),
    sport: z.string().nullable(),
    height: z.string().nullable(),
    weight: z.number().nullable(),
    divisions: z.array(z.string()),
    bestDivision: z.string().nullable(),
    wtaPoints: z.number(),
    wins: z.int(),
    losses: z.int(),
    gamesPlayed: z.int(),
    winRate: z.number(),
    currentTeam: ProfileTeamSchema.nullable(),
    tournamentHistory: z.array(
      z.object({
        id: z.int(),
        name: z.string(),
        startDate: isoTime,
        startedAt: nullableIso,
        completedAt: nullableIso,
        status: z.enum(['upcoming', 'live', 'completed']),
        placement: z.int().nullable(),
      }),
    ),
    highlightUrls: z.array(z.string()),
    highlights: z.array(
      z.object({ url: z.string(), provider: z.string().nullable(), embedUrl: z.string().nullable() }),
    ),
    followerCount: z.int(),
    viewer: z.null().meta({ description: 'Always null: the public API answers nobody in particular' }),
    indexable: z.boolean(),
  })
  .meta({ id: 'PlayerProfile' });

const OwnerSchema = z.object({ firstName: z.string(), lastName: z.string(), isVerified: z.boolean() });

export const TeamProfileSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    tagline: z.string().nullable(),
    motto: z.string().nullable(),
    logoUrl: z.string().nullable(),
    sport: z.string().nullable(),
    city: z.string().nullable(),
    wins: z.int(),
    losses: z.int(),
    tournamentsPlayed: z.int(),
    championshipWins: z.int(),
    coachId: memberId.nullable(),
    captainId: memberId.nullable(),
    owner: OwnerSchema,
    roster: z.array(
      z.object({
        id: memberId,
        firstName: z.string(),
        lastName: z.string(),
        profileImageUrl: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
        city: z.string().nullable().meta({ description: 'Null for a member under 18 (D36)' }),
        isVerified: z.boolean(),
        wtaPoints: z.number(),
        wins: z.int(),
        gamesPlayed: z.int(),
        position: z.enum(['player', 'captain', 'coach']),
      }),
    ),
    winRate: z.number(),
    followerCount: z.int(),
    viewer: z.null().meta({ description: 'Always null: the public API answers nobody in particular' }),
  })
  .meta({ id: 'TeamProfile' });

export const LeaderboardPlayerPageSchema = pageOf(
  z.object({
    id: memberId,
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    isVerified: z.boolean(),
    sport: z.string().nullable(),
    bestDivision: z.string().nullable(),
    points: z.number(),
    wins: z.int(),
    losses: z.int(),
    gamesPlayed: z.int(),
    winRate: z.number(),
    rank: z.int(),
  }),
  'LeaderboardPlayerPage',
);

export const LeaderboardTeamPageSchema = pageOf(
  z.object({
    id: z.int(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    owner: OwnerSchema,
    wins: z.int(),
    losses: z.int(),
    tournamentsPlayed: z.int(),
    rank: z.int(),
  }),
  'LeaderboardTeamPage',
);

export const ArchivePageSchema = pageOf(
  z.object({
    id: z.int(),
    name: z.string(),
    startDate: isoTime,
    endDate: isoTime,
    startedAt: nullableIso,
    completedAt: nullableIso,
    location: z.string().nullable(),
    status: z.literal('completed'),
    winner: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        isVerified: z.boolean(),
        tagline: z.string().nullable(),
      })
      .nullable(),
    participantCount: z.int(),
    division: z.enum(divisionSlugs).nullable(),
    prizePool: z.number(),
    replayVideoUrl: z.string().nullable(),
  }),
  'ArchivePage',
);

/** The one write (D44, keys with the `scores` scope): the Bracket tab's own report, with its messages. */
export const ReportResultSchema = reportScoreSchema.meta({
  id: 'ReportResult',
  description:
    "Games won by each side and the match's `version` the scoreboard last saw (D40). A correction that clears later " +
    'results is refused with 409 naming them; send their ids back in `confirm` to go ahead (D20).',
});

export const ResultConflictSchema = z
  .union([
    z.object({ message: z.string(), match: BracketMatchSchema }).meta({
      description: 'The match changed since `version`: here it is as it stands now; nothing was written.',
    }),
    z
      .object({
        message: z.string(),
        dependents: z.array(z.object({ id: z.int(), matchNumber: z.int(), round: z.int(), stage: z.string() })),
      })
      .meta({ description: 'The correction would clear these later results: send their ids as `confirm`.' }),
    ErrorSchema,
  ])
  .meta({ id: 'ResultConflict' });

// Compile-time: each service's answer type still fits its schema (a field renamed or retyped fails here).
type Fits<S extends z.ZodType, T extends z.input<S>> = T;
export type _Checks = [
  Fits<typeof TournamentSchema, Tournament>,
  Fits<typeof BracketSchema, BracketMatch[]>,
  Fits<typeof StandingsSchema, TournamentStandings>,
  Fits<typeof FinalStandingsSchema, FinalStandings | null>,
  Fits<typeof PlayerProfileSchema, PlayerProfile & { viewer: null }>,
  Fits<typeof TeamProfileSchema, TeamProfile & { viewer: null }>,
  Fits<typeof LeaderboardPlayerPageSchema, { data: LeaderboardPlayer[]; nextCursor: string | null }>,
  Fits<typeof LeaderboardTeamPageSchema, { data: LeaderboardTeam[]; nextCursor: string | null }>,
  Fits<typeof ArchivePageSchema, { data: ArchiveTournament[]; nextCursor: string | null }>,
];
