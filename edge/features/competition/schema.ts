import type { Format, Stage } from './engine/types.ts';

/**
 * The competition API's shapes (zod for bodies, types for answers): importable by app/ for the Bracket and MVP tabs,
 * the dashboard and the admin screens. Words of 000 s3 where the specification names them.
 */

export type { Format, Stage };

/** A side of a bracket match (000 s3 "teamA and teamB each with id, name, seed, score"); id is the entrant's id. */
export interface BracketSide {
  id: number;
  name: string;
  seed: number;
  /** Games won; null before a result. */
  score: number | null;
  /** The member behind the entrant (solo) or the entering owner (team); links to /player/{userId}. */
  userId: string | null;
  /** A team entrant's team (D22; `name` is the team's name): links to /teams/{teamId}. Null for a solo entrant. */
  teamId: number | null;
  withdrawn: boolean;
}

/** GET /api/tournaments/{id}/bracket: an array of these (000 s3 bracket match, plus where it sits). */
export interface BracketMatch {
  id: number;
  /**
   * The round within its stage, 1 first. The third-place match carries the final's round (it is played beside the
   * final, and 000 counts log2(size) rounds): `stage: 'third-place'` tells it apart (ADR 052).
   */
  round: number;
  /** The round's name (000 s2: Final, Semi-Finals, Quarter-Finals, Round of 16, ...; 'Third Place'): roundNameOf. */
  roundName: string;
  matchNumber: number;
  status: 'upcoming' | 'live' | 'completed';
  /** ISO time: set by the admin or host, else estimated (previous round's last result + 15 minutes, 000 s9). */
  startTime: string | null;
  startTimeEstimated: boolean;
  winnerId: number | null;
  /** Null = TBD. */
  teamA: BracketSide | null;
  teamB: BracketSide | null;
  stage: Stage;
  /** Pool number in pool play; 0 elsewhere. */
  group: number;
  bestOf: 3 | 5;
  forfeit: boolean;
  completedAt: string | null;
  /**
   * Raised by every change to this match (a report, a correction, marked live, a start time, a forfeit, an entrant
   * advancing into it). A report or correction sends the version it saw; a stale one is refused with 409 (D40).
   */
  version: number;
  /** D41: the court it was called to (null: none named), when it was called, and which sides are at the court. */
  court: string | null;
  calledAt: string | null;
  arrivedA: boolean;
  arrivedB: boolean;
}

/** GET /api/tournaments/{id}/standings: round robin, Swiss and pools (empty for elimination formats). */
export interface StandingsRow {
  entrantId: number;
  name: string;
  seed: number;
  userId: string | null;
  group: number;
  rank: number;
  wins: number;
  losses: number;
  gamesWon: number;
  gamesLost: number;
  gameDifference: number;
  buchholz: number | null;
  withdrawn: boolean;
}

export interface TournamentStandings {
  format: Format;
  rows: StandingsRow[];
}

/** GET /api/tournaments/{id}/players (000 s3 MVP player). */
export interface MvpPlayer {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  city: string | null;
}

/** GET /api/tournaments/{id}/my-mvp-vote. */
export interface MyMvpVote {
  hasVoted: boolean;
}

/** GET /api/tournaments/{id}/mvp-results (admins, D6). */
export interface MvpResult {
  player: MvpPlayer;
  voteCount: number;
}

/**
 * A place of the final standings: a member, or in a team tournament (D22) a team. Older clients read firstName and
 * lastName (a team's name as firstName, lastName ''); `kind`, `name` and `teamId` say what it is (ADR 052).
 */
export interface StandingPerson {
  kind: 'player' | 'team';
  /** The member (links to /player/{id}); null for a team, whose owner did not play. */
  id: string | null;
  /** The team (links to /teams/{teamId}); null for a player. */
  teamId: number | null;
  /** What a screen shows: the member's full name or the team's name. */
  name: string;
  firstName: string;
  lastName: string;
  tagline: string | null;
  isVerified: boolean;
}

/** GET /api/tournaments/{id}/final-standings (001 s3): null until completed. */
export interface FinalStandings {
  winner: StandingPerson | null;
  runnerUp: StandingPerson | null;
  thirdPlace: StandingPerson | null;
  fourthPlace: StandingPerson | null;
  mvp: StandingPerson | null;
}

/** GET /api/tournaments/{id}/match-history (admin or host): the append-only record of D20. */
export interface MatchHistoryEntry {
  id: number;
  matchNumber: number | null;
  action:
    | 'report'
    | 'correct'
    | 'clear'
    | 'live'
    | 'schedule'
    | 'withdraw'
    | 'start'
    | 'complete'
    | 'check-in'
    | 'no-show'
    | 'score-report'
    | 'score-confirm'
    | 'score-dispute'
    | 'arrival'
    | 'forfeit-claim'
    | 'forfeit-decision';
  actor: { id: string; firstName: string; lastName: string } | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/**
 * 409 from a report or correction that named a version of the match other than its current one (D40, ADR 052):
 * someone changed it since the caller saw it. `match` is the match as it is now; nothing was written.
 */
export interface StaleMatchConflict {
  message: string;
  match: BracketMatch;
}

/** 409 from a correction that would clear later results without the confirmation naming them (D20). */
export interface CorrectionConflict {
  message: string;
  /** The matches whose results would be cleared (ids and numbers); send their ids back as `confirm`. */
  dependents: { id: number; matchNumber: number; round: number; stage: Stage }[];
}

/** GET /api/player/matches: the dashboard's Match History (000 s2), newest first. */
export interface PlayerMatch {
  matchId: number;
  tournamentId: number;
  tournamentTitle: string;
  round: number;
  roundName: string;
  stage: Stage;
  opponent: { name: string; userId: string | null } | null;
  scoreFor: number | null;
  scoreAgainst: number | null;
  result: 'win' | 'loss' | 'upcoming' | 'live';
  forfeit: boolean;
  completedAt: string | null;
}

/** GET /api/player/winnings: the player's payouts with their status (D21). */
export interface Winning {
  id: number;
  tournamentId: number;
  tournamentTitle: string;
  place: number;
  kind: 'payout' | 'adjustment';
  amountDollars: number;
  status: 'owed' | 'paid' | 'void';
  paidAt: string | null;
}

/** GET /api/tournaments/{id}/next-match: where a live entrant plays next (Registration tab). Null when none. */
export interface NextMatch {
  matchId: number;
  matchNumber: number;
  roundName: string;
  opponent: string | null;
  status: 'upcoming' | 'live';
  startTime: string | null;
}

/** D41: a court's name, as the host lists it ('Court 1', 'Main Court'). */
export const COURT_NAME_MAX = 40;

/** D41: the words of a call. */
export function matchCalledTitle(court: string | null, opponent: string): string {
  return court ? `Your match is ready - ${court} vs ${opponent}` : 'Match called';
}
export function playingElsewhereMessage(name: string, other: { court: string | null; number: number }): string {
  return other.court ? `${name} is playing on ${other.court}` : `${name} is playing Match ${other.number}`;
}

/** Round names of 000 s2, counted from the final of an elimination stage. */
function roundName(round: number, roundCount: number): string {
  const fromEnd = roundCount - round;
  if (fromEnd === 0) return 'Final';
  if (fromEnd === 1) return 'Semi-Finals';
  if (fromEnd === 2) return 'Quarter-Finals';
  if (fromEnd === 3) return 'Round of 16';
  if (fromEnd === 4) return 'Round of 32';
  return `Round ${round}`;
}

/**
 * The one name of a round, for the API's `roundName`, the Bracket tab's columns, the dashboard and the archive:
 * 000 s2's names in single elimination and the pool-play playoff (counted from the final, `roundCount` rounds in
 * the stage), 'Third Place' for its match, the ends of each double-elimination side, else 'Round N' in the stage.
 */
export function roundNameOf(stage: Stage, round: number, roundCount: number): string {
  switch (stage) {
    case 'main':
    case 'playoff':
      return roundName(round, roundCount);
    case 'third-place':
      return 'Third Place';
    case 'winners':
      return round === roundCount ? 'Winners Final' : `Winners Round ${round}`;
    case 'losers':
      return round === roundCount ? 'Losers Final' : `Losers Round ${round}`;
    case 'grand-final':
      return round === 1 ? 'Grand Final' : 'Grand Final Reset';
    case 'pool':
      return `Pool Round ${round}`;
    default:
      return `Round ${round}`;
  }
}

/** 'Match 5: Ann Lee 3-1 Bo Park' (the result), 'Match 5: Ann Lee vs Bo Park, live now', ... for the 409 of D40. */
export function matchStateLabel(m: Pick<BracketMatch, 'matchNumber' | 'status' | 'teamA' | 'teamB' | 'winnerId' | 'forfeit'>): string {
  const a = m.teamA?.name ?? 'TBD';
  const b = m.teamB?.name ?? 'TBD';
  let state = `${a} vs ${b}, not played yet`;
  if (m.status === 'live') state = `${a} vs ${b}, live now`;
  else if (m.status === 'completed' && m.forfeit) {
    const [winner, loser] = m.winnerId === m.teamB?.id ? [b, a] : [a, b];
    state = `${winner} won by forfeit against ${loser}`;
  } else if (m.status === 'completed') state = `${a} ${m.teamA?.score ?? 0}-${m.teamB?.score ?? 0} ${b}`;
  return `Match ${m.matchNumber}: ${state}`;
}

/** The 409's message when a report or correction names a stale version (D40): what the match holds now. */
export function matchUpdatedMessage(m: Parameters<typeof matchStateLabel>[0]): string {
  return `This match was just updated - ${matchStateLabel(m)}`;
}
