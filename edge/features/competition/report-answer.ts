import type { Db } from '../../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { readBracket, readBracketMatch } from './bracket-read.ts';
import { reportResult } from './report.ts';
import { matchUpdatedMessage, type BracketMatch, type CorrectionConflict, type StaleMatchConflict } from './schema.ts';
import type { ActorContext } from './service.ts';

export interface ReportRequest {
  tournamentId: number;
  matchId: number;
  scoreA: number;
  scoreB: number;
  version: number;
  confirm?: number[] | undefined;
}

export type ReportAnswer =
  | { status: 200; body: BracketMatch[] }
  | { status: 409; body: StaleMatchConflict | CorrectionConflict };

/**
 * A report or correction (D20, D40) and what the caller is answered: the bracket, or a 409 with the match as it is
 * now or the results a correction would clear. Shared by the Bracket tab's call and the public API's (D44), so a
 * scoreboard's key meets exactly the host's rules.
 */
export async function reportAndAnswer(db: Db, request: ReportRequest, ctx: ActorContext): Promise<ReportAnswer> {
  const outcome = await reportResult(db, request, ctx);
  if (!outcome.ok && 'conflict' in outcome) return { status: 409, body: outcome.conflict };
  if (!outcome.ok) {
    // D40: the reporter saw another state of this match; they get the match as it is now, nothing overwritten.
    const match = await readBracketMatch(db, request.tournamentId, request.matchId);
    if (!match) fail(404, 'Match not found');
    // Unless it already has this very result (the host's outbox sending a decided score again, or the players
    // agreed on it meanwhile, ADR 071): what was asked is what stands, so it is answered, and nothing is written.
    const same =
      match.status === 'completed' && match.teamA?.score === request.scoreA && match.teamB?.score === request.scoreB;
    if (same && !request.confirm) return { status: 200, body: await readBracket(db, request.tournamentId) };
    return { status: 409, body: { message: matchUpdatedMessage(match), match } };
  }
  return { status: 200, body: outcome.bracket ?? (await readBracket(db, request.tournamentId)) };
}
