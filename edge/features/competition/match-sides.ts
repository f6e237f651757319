import { and, eq, inArray, sql } from 'drizzle-orm';
import { entrants, matches, type MatchRow } from '../../../db/schema/competition.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import type { Tx } from './bracket-store.ts';

// A match's two sides and which of them a member speaks for (D40 reports, D41 arrivals and forfeit claims): a
// player their own entry; a team's owner or captain the team's (D22).

export type ReportSide = 'A' | 'B';

export interface LoadedMatch {
  tournament: Tournament;
  match: MatchRow;
  sideA: { id: number; name: string; userId: string | null };
  sideB: { id: number; name: string; userId: string | null };
}

/** The tournament (404 unless public), the match (404), both its entrants (409 while one is unknown). */
export async function loadMatch(tx: Tx, tournamentId: number, matchId: number): Promise<LoadedMatch> {
  const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  if (!tournament || tournament.status === 'pending' || tournament.status === 'rejected')
    fail(404, 'Tournament not found');
  const [match] = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), eq(matches.tournamentId, tournamentId)))
    .limit(1);
  if (!match) fail(404, 'Match not found');
  if (match.entrantAId === null || match.entrantBId === null) fail(409, 'Both sides of this match are not known yet');
  const sides = await tx
    .select({ id: entrants.id, name: entrants.name, userId: entrants.userId })
    .from(entrants)
    .where(inArray(entrants.id, [match.entrantAId, match.entrantBId]));
  const sideA = sides.find((s) => s.id === match.entrantAId);
  const sideB = sides.find((s) => s.id === match.entrantBId);
  if (!sideA || !sideB) fail(409, 'Both sides of this match are not known yet');
  return { tournament, match, sideA, sideB };
}

/** The side the member speaks for: their own entry, or a team entry they own or captain (D22). */
export async function sideOf(tx: Tx, loaded: LoadedMatch, userId: string): Promise<ReportSide | null> {
  const [row] = await tx
    .select({ id: entrants.id })
    .from(entrants)
    .where(
      and(
        inArray(entrants.id, [loaded.sideA.id, loaded.sideB.id]),
        sql`(${entrants.userId} = ${userId} or ${entrants.teamId} in (
          select ${teamMembers.teamId} from ${teamMembers}
          where ${teamMembers.userId} = ${userId} and ${teamMembers.position} = 'captain'))`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.id === loaded.sideA.id ? 'A' : 'B';
}

/** The tournament's host and every league admin (D6). */
export async function managerIds(tx: Tx, hostId: string | null, leagueEmailDomain: string): Promise<Set<string>> {
  const candidates = await tx
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  const ids = new Set(candidates.filter((u) => adminFlags(u, leagueEmailDomain).isAdmin).map((u) => u.id));
  if (hostId) ids.add(hostId);
  return ids;
}

