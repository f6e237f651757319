// The tournament-day property's view of a run (tournament-day-model.ts, tournament-day-invariants.ts): the rows as
// the database holds them after each step, and the small readings the model makes of them.
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Who } from './tournament-day-actions.ts';
import { entrants, matches, type MatchRow } from '../../../db/schema/competition.ts';
import { forfeitClaims, type ForfeitClaimRow } from '../../../db/schema/courts.ts';
import { scoreReports, type ScoreReportRow } from '../../../db/schema/score-reports.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { TestApp } from '../../test/app.ts';
import type { Member } from '../payments/test-helpers.ts';

export interface Day {
  id: number;
  players: Member[];
  /** The members the clock withdrew as no-shows. */
  noShows: string[];
}

export interface Snapshot {
  status: string;
  completedAt: Date | null;
  noShowMinutes: number;
  /** In id order (the draw's order). */
  matches: MatchRow[];
  rounds: ScoreReportRow[];
  /** In id order. */
  claims: ForfeitClaimRow[];
  entrantsById: Map<number, { userId: string | null; name: string }>;
}

export async function snapshot(t: TestApp, id: number): Promise<Snapshot> {
  const [tournament] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
  const drawn = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id));
  return {
    status: tournament!.status,
    completedAt: tournament!.completedAt,
    noShowMinutes: tournament!.noShowMinutes,
    matches: await t.db.select().from(matches).where(eq(matches.tournamentId, id)).orderBy(asc(matches.id)),
    rounds: await t.db.select().from(scoreReports).where(eq(scoreReports.tournamentId, id)),
    claims: await t.db
      .select()
      .from(forfeitClaims)
      .where(eq(forfeitClaims.tournamentId, id))
      .orderBy(asc(forfeitClaims.id)),
    entrantsById: new Map(drawn.map((e) => [e.id, { userId: e.userId, name: e.name }])),
  };
}

export function pickMatch(s: Snapshot, n: number, useful: (m: MatchRow) => boolean): MatchRow {
  const preferred = s.matches.filter(useful);
  const from = n % 4 !== 0 && preferred.length > 0 ? preferred : s.matches;
  return from[Math.floor(n / 4) % from.length]!;
}

/** The member acting for `w` in match `m`, and the side they speak for there (null: none, a 403). */
export function actorOf(day: Day, s: Snapshot, m: MatchRow, w: Who): { member: Member; side: 'A' | 'B' | null } {
  const userOf = (entrantId: number | null) => s.entrantsById.get(entrantId ?? -1)?.userId ?? null;
  const member =
    w.side === 'other'
      ? day.players[w.player]!
      : day.players.find((p) => p.id === userOf(w.side === 'A' ? m.entrantAId : m.entrantBId))!;
  const side = member.id === userOf(m.entrantAId) ? 'A' : member.id === userOf(m.entrantBId) ? 'B' : null;
  return { member, side };
}

/** The match's open round (pending or disputed) about the match as it is; an older one is void to the server. */
export const openRound = (s: Snapshot, m: MatchRow) =>
  s.rounds.find(
    (r) => r.matchId === m.id && (r.state === 'pending' || r.state === 'disputed') && r.matchVersion === m.version,
  );

export function scoreOf(m: Pick<MatchRow, 'bestOf'>, aWins: boolean, loser: number) {
  const need = m.bestOf === 5 ? 3 : 2;
  const low = loser % need;
  return aWins ? { scoreA: need, scoreB: low } : { scoreA: low, scoreB: need };
}

export const sameScore = (
  a: { scoreA: number | null; scoreB: number | null },
  b: { scoreA: number | null; scoreB: number | null },
) => a.scoreA === b.scoreA && a.scoreB === b.scoreB;

/** The answer's status must be the one predicted (a 5xx never is); answers the body for further checks. */
export async function expectStatus(res: Response, expected: number, what: string): Promise<string> {
  const text = await res.text();
  expect(res.status, `${what} answered ${text}`).toBe(expected);
  return text;
}

export const matchOf = async (t: TestApp, id: number, matchId: number) =>
  (await snapshot(t, id)).matches.find((m) => m.id === matchId)!;
