import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, matches } from '../../../db/schema/competition.ts';
import { forfeitClaims } from '../../../db/schema/courts.ts';
import { scoreReports, type ScoreReportRow } from '../../../db/schema/score-reports.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import type { ForfeitClaim } from '../courts/schema.ts';
import type { ReportSide, ScoreReport, ScoreReportsView, SideReport } from './schema.ts';

const SHOWN = ['pending', 'disputed', 'confirmed'] as const;

/**
 * GET /api/tournaments/{id}/score-reports (D40): reported scores are shown to the match's entrants, the host and
 * admins only. The host and admins see every match's latest round; an entrant (a player, a team's owner or captain)
 * their own matches' rounds, and which of their matches are live (where Report Score shows). A round of an older
 * version of a still open match no longer describes it and is left out.
 */
export async function readScoreReports(
  db: Db,
  tournamentId: number,
  user: User,
  leagueEmailDomain: string,
): Promise<ScoreReportsView> {
  const [t] = await db
    .select({ hostId: tournaments.hostId, status: tournaments.status })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .limit(1);
  if (!t || t.status === 'pending' || t.status === 'rejected') fail(404, 'Tournament not found');
  const manager = adminFlags(user, leagueEmailDomain).isAdmin || t.hostId === user.id;

  // The viewer's entrants: by entrants_tournament_user_uq, and the tournament's team entrants they captain.
  const mySides = await db
    .select({ id: entrants.id })
    .from(entrants)
    .where(
      and(
        eq(entrants.tournamentId, tournamentId),
        sql`(${entrants.userId} = ${user.id} or ${entrants.teamId} in (
          select ${teamMembers.teamId} from ${teamMembers}
          where ${teamMembers.userId} = ${user.id} and ${teamMembers.position} = 'captain'))`,
      ),
    );
  const sideIds = mySides.map((s) => s.id);
  const myMatches =
    sideIds.length === 0
      ? []
      : await db
          .select({
            id: matches.id,
            status: matches.status,
            a: matches.entrantAId,
            b: matches.entrantBId,
          })
          .from(matches)
          .where(
            and(
              eq(matches.tournamentId, tournamentId),
              or(inArray(matches.entrantAId, sideIds), inArray(matches.entrantBId, sideIds)),
            ),
          );
  const mine = myMatches
    .filter((m) => m.status === 'live')
    .map((m) => ({
      matchId: m.id,
      side: (sideIds.includes(m.a ?? -1) ? 'A' : 'B') as ReportSide,
    }));
  if (!manager && myMatches.length === 0) return { mine, reports: [], claims: [] };
  const visible = manager ? undefined : myMatches.map((m) => m.id);

  // Newest first, so the first row per match is its latest round (score_reports_tournament_idx).
  const rows = await db
    .select({
      round: scoreReports,
      matchVersion: matches.version,
      matchStatus: matches.status,
      matchScoreA: matches.scoreA,
      matchScoreB: matches.scoreB,
      reporter: sql<
        string | null
      >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${scoreReports.reporterId})`,
      other: sql<
        string | null
      >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${scoreReports.otherReporterId})`,
    })
    .from(scoreReports)
    .innerJoin(matches, eq(matches.id, scoreReports.matchId))
    .where(
      and(
        eq(scoreReports.tournamentId, tournamentId),
        inArray(scoreReports.state, [...SHOWN]),
        manager
          ? undefined
          : inArray(
              scoreReports.matchId,
              myMatches.map((m) => m.id),
            ),
      ),
    )
    .orderBy(desc(scoreReports.id));
  const seen = new Set<number>();
  const reports: ScoreReport[] = [];
  for (const row of rows) {
    if (seen.has(row.round.matchId)) continue;
    seen.add(row.round.matchId);
    const open = row.round.state !== 'confirmed';
    if (open && (row.round.matchVersion !== row.matchVersion || row.matchStatus === 'completed')) continue;
    // A confirmed score the host has since corrected (D20) is no longer the match's: the card shows the correction.
    if (!open && (row.matchScoreA !== row.round.scoreA || row.matchScoreB !== row.round.scoreB)) continue;
    reports.push(view(row.round, row.reporter, row.other));
  }
  return { mine, reports, claims: await readClaims(db, tournamentId, visible) };
}

/** D41: the latest claim per visible match, while pending (the host decides) or refused (the claimant hears why). */
async function readClaims(db: Db, tournamentId: number, visible: number[] | undefined): Promise<ForfeitClaim[]> {
  // Served by forfeit_claims_tournament_idx.
  const rows = await db
    .select({
      claim: forfeitClaims,
      matchVersion: matches.version,
      claimant: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${forfeitClaims.claimantId})`,
    })
    .from(forfeitClaims)
    .innerJoin(matches, eq(matches.id, forfeitClaims.matchId))
    .where(
      and(
        eq(forfeitClaims.tournamentId, tournamentId),
        inArray(forfeitClaims.state, ['pending', 'refused']),
        visible ? inArray(forfeitClaims.matchId, visible) : undefined,
      ),
    )
    .orderBy(desc(forfeitClaims.id));
  const seen = new Set<number>();
  const claims: ForfeitClaim[] = [];
  for (const { claim, matchVersion, claimant } of rows) {
    if (seen.has(claim.matchId)) continue;
    seen.add(claim.matchId);
    if (claim.matchVersion !== matchVersion) continue;
    claims.push({
      id: claim.id,
      matchId: claim.matchId,
      side: claim.side,
      claimant: claimant ?? 'A former member',
      claimedAt: claim.claimedAt.toISOString(),
      state: claim.state === 'pending' ? 'pending' : 'refused',
    });
  }
  return claims;
}

export function view(round: ScoreReportRow, reporter: string | null, other: string | null): ScoreReport {
  const reports: SideReport[] = [
    {
      side: round.side,
      reporter: reporter ?? 'A former member',
      scoreA: round.scoreA,
      scoreB: round.scoreB,
      at: round.reportedAt.toISOString(),
    },
  ];
  if (round.otherScoreA !== null && round.otherScoreB !== null && round.otherReportedAt) {
    reports.push({
      side: round.side === 'A' ? 'B' : 'A',
      reporter: other ?? 'A former member',
      scoreA: round.otherScoreA,
      scoreB: round.otherScoreB,
      at: round.otherReportedAt.toISOString(),
    });
  }
  return {
    matchId: round.matchId,
    matchVersion: round.matchVersion,
    state: round.state === 'disputed' ? 'disputed' : round.state === 'confirmed' ? 'confirmed' : 'pending',
    reports,
    disputedAt: round.disputedAt?.toISOString() ?? null,
    confirmsAt: round.state === 'pending' ? round.confirmsAt?.toISOString() ?? null : null,
    confirmedBy: round.state !== 'confirmed' ? null : round.confirmedById ? 'opponent' : 'clock',
  };
}

/** A round as answered to its reporter: names read once (two small key lookups). */
export async function answerOf(db: Db, round: ScoreReportRow): Promise<ScoreReport> {
  const ids = [round.reporterId, round.otherReporterId].filter((id): id is string => id !== null);
  const names =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(users)
          .where(inArray(users.id, ids));
  const name = (id: string | null) => {
    const u = names.find((n) => n.id === id);
    return u ? `${u.firstName} ${u.lastName}` : null;
  };
  return view(round, name(round.reporterId), name(round.otherReporterId));
}
