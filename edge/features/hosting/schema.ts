import { z } from 'zod';
import { hostLevels, type HostLevel } from '../../../db/schema/hosting.ts';
import { freeText, type FreeTextOptions } from '../../lib/free-text.ts';
import { divisionNames, divisionSlugs, type DivisionSlug, type PrizeSplits } from '../tournaments/schema.ts';

/**
 * The host form (001 s2, s5, s9; D10, D21, D22, D38): one zod schema for /host-tournament, POST
 * /api/tournaments/host and the admin manager's create and edit (D24), so the server and the forms say the same
 * words. Shared with the app (the host page and the admin dialog load it with their own code).
 */

export { hostLevels, type HostLevel, type PrizeSplits };

/** 001 s9: the five formats (the competition engine runs each of them, D19). */
export const hostFormats = ['single-elimination', 'double-elimination', 'round-robin', 'swiss', 'pool-play'] as const;
export type HostFormat = (typeof hostFormats)[number];

export const formatLabels: Record<HostFormat, string> = {
  'single-elimination': 'Single Elimination',
  'double-elimination': 'Double Elimination',
  'round-robin': 'Round Robin',
  swiss: 'Swiss',
  'pool-play': 'Pool Play',
};

export const levelLabels: Record<HostLevel, string> = {
  youth: 'Youth',
  high_school: 'High School',
  college: 'College',
  open: 'Open',
  masters: 'Masters (35+)',
  mixed: 'Mixed',
};

/** The host form's sport is one of the league's divisions (D17): a hosted tournament then lists on its page. */
export const sportOptions = divisionSlugs.map((slug) => ({ value: slug, label: divisionNames[slug] }));

/** 001 s9 defaults and quick choices. */
export const HOST_DEFAULTS = { buyIn: 25, maxPlayers: 16, winnerSplit: 30, charitySplit: 15, wtaSplit: 55 } as const;
export const BUY_IN_CHOICES = [25, 50, 100] as const;

// Bounds the specification leaves open, chosen so a bracket stays playable in a day and money fits the payments
// module (whole dollars, cents below 2^53): each has its own message.
export const HOST_LIMITS = {
  title: 100,
  description: 2000,
  venueName: 120,
  venueAddress: 200,
  location: 120,
  rules: 5000,
  requirements: 2000,
  url: 2048,
  buyIn: 10_000,
  prizePool: 1_000_000,
  maxPlayers: 128,
  maxTeams: 64,
  teamSize: 15,
} as const;

export const PRIZE_DISTRIBUTION_TITLE = 'Invalid Prize Distribution';
export const PRIZE_DISTRIBUTION_TEXT = 'Prize pool splits must add up to 100%.';

/** Every message of the host form; the 001 s5 ones word for word. */
export const HOST_MESSAGES = {
  title: 'Tournament name must be at least 5 characters',
  titleTooLong: `Tournament name must be at most ${HOST_LIMITS.title} characters`,
  description: 'Description must be at least 20 characters',
  descriptionTooLong: `Description must be at most ${HOST_LIMITS.description} characters`,
  sport: 'Please select a sport',
  division: 'Please select a division',
  format: 'Please select a format',
  buyIn: 'Buy-in amount must be non-negative',
  buyInWhole: 'Buy-in must be a whole number of dollars',
  buyInTooHigh: `Buy-in can be at most $${HOST_LIMITS.buyIn.toLocaleString('en-US')}`,
  prizePool: 'Prize pool must be non-negative',
  prizePoolWhole: 'Prize pool must be a whole number of dollars',
  prizePoolTooHigh: `Prize pool can be at most $${HOST_LIMITS.prizePool.toLocaleString('en-US')}`,
  maxPlayers: 'Must allow at least 2 players',
  maxPlayersTooHigh: `A tournament can take at most ${HOST_LIMITS.maxPlayers} players`,
  maxTeams: 'A team tournament needs at least 2 teams',
  maxTeamsTooHigh: `A team tournament can take at most ${HOST_LIMITS.maxTeams} teams`,
  teamSize: 'Team size must be at least 2 players for a team tournament',
  teamSizeTooHigh: `Team size can be at most ${HOST_LIMITS.teamSize} players`,
  teamSizeSolo: 'Set max teams to make this a team tournament, or leave team size empty',
  venueName: 'Venue name must be at least 3 characters',
  venueNameTooLong: `Venue name must be at most ${HOST_LIMITS.venueName} characters`,
  venueAddress: 'Please provide a complete address',
  venueAddressTooLong: `Venue address must be at most ${HOST_LIMITS.venueAddress} characters`,
  location: 'Please provide a location',
  locationTooLong: `Location must be at most ${HOST_LIMITS.location} characters`,
  startDate: 'Start date is required',
  startInPast: 'Start date must be in the future',
  endDate: 'End date must be a valid date',
  endBeforeStart: 'End date must be after the start date',
  flyerUrl: 'Please provide a valid URL',
  rules: 'Please provide tournament rules',
  rulesTooLong: `Rules must be at most ${HOST_LIMITS.rules} characters`,
  requirements: 'Please specify requirements',
  requirementsTooLong: `Requirements must be at most ${HOST_LIMITS.requirements} characters`,
  split: 'Each split must be a whole number from 0 to 100',
  splitsSum: `${PRIZE_DISTRIBUTION_TITLE}: ${PRIZE_DISTRIBUTION_TEXT}`,
  checkIn: 'Check-in must be on or off',
} as const;

const M = HOST_MESSAGES;

const text = (options: FreeTextOptions, min: number, max: number, short: string, long: string) =>
  freeText({ ...options, error: short }).min(min, { error: short }).max(max, { error: long });
/** Free text shown as a name (no direction overrides, ADR 053), and text of several lines. */
const named = (label: string): FreeTextOptions => ({ label, name: true });
const lines = (label: string): FreeTextOptions => ({ label, multiline: true });

const wholeNumber = (negative: string, whole: string, tooHigh: string, max: number, min = 0) =>
  z
    .number({ error: negative })
    .refine((n) => Number.isFinite(n), { error: negative })
    .refine((n) => n >= min, { error: negative, abort: true })
    .refine((n) => Number.isInteger(n), { error: whole, abort: true })
    .refine((n) => n <= max, { error: tooHigh });

const split = z
  .number({ error: M.split })
  .int({ error: M.split })
  .min(0, { error: M.split })
  .max(100, { error: M.split });

/** "as dates" (001 s7): an ISO 8601 date-time text; anything unparseable is the field's message. */
const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(40, { error: message })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: message })
    .transform((value) => new Date(value));

/** Empty text, null or absent mean "not given". */
const optionalBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const hostTournamentSchema = z
  .object({
    title: text(named('Tournament name'), 5, HOST_LIMITS.title, M.title, M.titleTooLong),
    description: text(lines('Description'), 20, HOST_LIMITS.description, M.description, M.descriptionTooLong),
    sport: z.enum(divisionSlugs, { error: M.sport }),
    division: z.enum(hostLevels, { error: M.division }),
    format: z.enum(hostFormats, { error: M.format }),
    buyIn: wholeNumber(M.buyIn, M.buyInWhole, M.buyInTooHigh, HOST_LIMITS.buyIn),
    prizePool: optionalBlank(wholeNumber(M.prizePool, M.prizePoolWhole, M.prizePoolTooHigh, HOST_LIMITS.prizePool)),
    maxPlayers: z
      .number({ error: M.maxPlayers })
      .int({ error: M.maxPlayers })
      .min(2, { error: M.maxPlayers })
      .max(HOST_LIMITS.maxPlayers, { error: M.maxPlayersTooHigh }),
    maxTeams: optionalBlank(
      z
        .number({ error: M.maxTeams })
        .int({ error: M.maxTeams })
        .min(2, { error: M.maxTeams })
        .max(HOST_LIMITS.maxTeams, { error: M.maxTeamsTooHigh }),
    ),
    // D38: players a side in a team tournament (3 for 3v3, 5 for 5v5, or another number).
    teamSize: optionalBlank(
      z
        .number({ error: M.teamSize })
        .int({ error: M.teamSize })
        .min(1, { error: M.teamSize })
        .max(HOST_LIMITS.teamSize, { error: M.teamSizeTooHigh }),
    ),
    venueName: text(named('Venue name'), 3, HOST_LIMITS.venueName, M.venueName, M.venueNameTooLong),
    venueAddress: text({ label: 'Venue address' }, 10, HOST_LIMITS.venueAddress, M.venueAddress, M.venueAddressTooLong),
    location: text({ label: 'Location' }, 3, HOST_LIMITS.location, M.location, M.locationTooLong),
    startDate: isoDate(M.startDate),
    endDate: optionalBlank(isoDate(M.endDate)),
    flyerUrl: optionalBlank(
      z
        .string({ error: M.flyerUrl })
        .trim()
        .max(HOST_LIMITS.url, { error: M.flyerUrl })
        .pipe(z.url({ protocol: /^https?$/, error: M.flyerUrl })),
    ),
    rules: text(lines('Rules'), 20, HOST_LIMITS.rules, M.rules, M.rulesTooLong),
    requirements: text(lines('Requirements'), 10, HOST_LIMITS.requirements, M.requirements, M.requirementsTooLong),
    winnerSplit: split,
    charitySplit: split,
    wtaSplit: split,
    // D39: entrants check in from 2 h to 30 min before the start. On unless the host turns it off; an edit that
    // leaves it out keeps what the tournament has.
    checkIn: z.boolean({ error: M.checkIn }).optional(),
  })
  .superRefine((body, ctx) => {
    const splits = [body.winnerSplit, body.charitySplit, body.wtaSplit];
    if (splits.every((n) => typeof n === 'number') && splits.reduce((a, b) => a + b, 0) !== 100) {
      ctx.addIssue({ code: 'custom', path: ['winnerSplit'], message: M.splitsSum });
    }
    if (body.maxTeams === undefined && body.teamSize !== undefined && body.teamSize !== 1) {
      ctx.addIssue({ code: 'custom', path: ['teamSize'], message: M.teamSizeSolo });
    }
    if (body.maxTeams !== undefined && (body.teamSize === undefined || body.teamSize < 2)) {
      ctx.addIssue({ code: 'custom', path: ['teamSize'], message: M.teamSize });
    }
    // Zod runs this even when a field failed: only compare two dates that parsed.
    if (
      body.endDate instanceof Date &&
      body.startDate instanceof Date &&
      body.endDate.getTime() <= body.startDate.getTime()
    ) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
    }
  });

export type HostTournamentInput = z.input<typeof hostTournamentSchema>;
export type HostTournamentBody = z.output<typeof hostTournamentSchema>;

/** 001 s5 / s9 (D10, D22): 80% of buy-in x max players, or x max teams in a team tournament, in whole dollars. */
export function automaticPrizePool(input: { buyIn: number; maxPlayers: number; maxTeams?: number | null | undefined }) {
  const capacity = input.maxTeams ?? input.maxPlayers;
  // In integers (x 8, then / 10): 0.8 * buy-in * capacity in floating point can land just under a whole dollar.
  return Math.floor((input.buyIn * capacity * 8) / 10);
}

export const REJECT_REASON_MAX = 1000;
export const REASON_REQUIRED_TITLE = 'Reason Required';
export const REASON_REQUIRED_TEXT = 'Please provide a reason for rejection.';

/** Statuses of a tournament as hosting and the manager see them. */
export type HostedStatus = 'pending' | 'rejected' | 'upcoming' | 'live' | 'completed' | 'cancelled';

/**
 * One tournament with its host-form fields: the pending approvals (001 s3 "Pending tournament"), the host's own
 * submissions and the admin manager's list. `sport` is the league division slug; `division` is the level of play.
 */
export interface HostedTournament {
  id: number;
  title: string;
  description: string | null;
  sport: DivisionSlug | null;
  /** The host form's division (youth ... mixed); null for a tournament made before the host form existed. */
  division: HostLevel | null;
  format: string;
  status: HostedStatus;
  buyIn: number;
  prizePool: number;
  maxPlayers: number | null;
  maxTeams: number | null;
  teamSize: number;
  venueName: string | null;
  venueAddress: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
  flyerUrl: string | null;
  rules: string | null;
  requirements: string | null;
  /** D21: the host's winner, charity and WTA splits; null when none were declared. */
  prizeDistribution: PrizeSplits | null;
  /** D39: whether entrants check in before the start. */
  checkIn: boolean;
  rejectionReason: string | null;
  cancellationReason: string | null;
  /** Entries holding or taking a spot (registered or pending payment): players, or teams. */
  entrantCount: number;
  createdAt: string;
  host: { id: string; firstName: string; lastName: string; isVerified: boolean } | null;
}

/** A page of GET /api/admin/tournaments or GET /api/tournaments/hosted/mine. */
export interface HostedTournamentPage {
  tournaments: HostedTournament[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** The manager's status filter (D24): the tournaments it can act on, and the finished ones to look back at. */
export const managerStatuses = ['upcoming', 'live', 'completed', 'cancelled'] as const;
export type ManagerStatus = (typeof managerStatuses)[number];

export const HOSTING_TEXTS = {
  verifiedOnly: 'Only verified members can host tournaments',
  notFound: 'Tournament not found',
  notPending: 'This tournament has already been reviewed',
  startPassed: 'This tournament’s start date has passed, so it cannot be approved. Reject it with a reason instead.',
  locked: 'Buy-in, capacity and format cannot change once anyone has entered this tournament',
  liveStart: 'A live tournament’s start date cannot change',
  notEditable: 'Only an upcoming or live tournament can be edited',
  nothingChanged: 'Nothing to change',
  checkInLocked: 'Check-in cannot be turned on or off once its window has opened',
} as const;
