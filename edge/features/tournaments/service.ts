import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import type {
  MyRegistration,
  NextTournament,
  PlayerSummary,
  Sponsor,
  TournamentRegistration,
  TournamentStatus,
} from './schema.ts';
import { holdCutoff, holdsSpot, listedStatuses, pageStatuses, playerColumns } from './tournament-query.ts';

function toPlayer(p: { isVerified: boolean | null } & Omit<PlayerSummary, 'isVerified'>): PlayerSummary {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    profileImageUrl: p.profileImageUrl,
    city: p.city,
    isVerified: p.isVerified === true,
  };
}

/** A tournament id from the path: positive integers only; anything else names no tournament. */
export function parseTournamentId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) return null;
  return Number(raw);
}

/** Whether the tournament has a page (listed or cancelled), so its tabs answer as the page does. */
async function isListed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.id, id), inArray(tournaments.status, pageStatuses)))
    .limit(1);
  return row !== undefined;
}

/** The soonest upcoming tournament that has not started by `now`, or all nulls. */
export async function nextTournament(db: Db, now: Date): Promise<NextTournament> {
  const [row] = await db
    .select({ id: tournaments.id, title: tournaments.title, startDate: tournaments.startDate })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), gt(tournaments.startDate, now)))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
    .limit(1);
  if (!row) return { id: null, title: null, startDate: null };
  return { id: row.id, title: row.title, startDate: row.startDate.toISOString() };
}

/** Spot-holding registrations of a listed tournament, oldest first; null when the tournament is not listed. */
export async function tournamentRegistrationsOf(
  db: Db,
  id: number,
  now: Date,
): Promise<TournamentRegistration[] | null> {
  if (!(await isListed(db, id))) return null;
  const rows = await db
    .select({
      id: tournamentRegistrations.id,
      userId: tournamentRegistrations.userId,
      status: tournamentRegistrations.status,
      createdAt: tournamentRegistrations.createdAt,
      player: playerColumns,
      teamId: teams.id,
      teamName: teams.name,
      checkedInAt: tournamentRegistrations.checkedInAt,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(and(eq(tournamentRegistrations.tournamentId, id), holdsSpot(holdCutoff(now))))
    .orderBy(asc(tournamentRegistrations.createdAt), asc(tournamentRegistrations.id));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    status: r.status as TournamentRegistration['status'],
    createdAt: r.createdAt.toISOString(),
    player: toPlayer(r.player),
    team: r.teamId !== null && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
    checkedInAt: r.checkedInAt ? r.checkedInAt.toISOString() : null,
  }));
}

const tierRank = sql`case ${sponsors.tier} when 'title' then 0 when 'gold' then 1 when 'silver' then 2 else 3 end`;

/** Approved sponsors of a listed tournament by tier (title, gold, silver, bronze), then name; null when not listed. */
export async function tournamentSponsorsOf(db: Db, id: number): Promise<Sponsor[] | null> {
  if (!(await isListed(db, id))) return null;
  return db
    .select({
      id: sponsors.id,
      tier: sponsors.tier,
      companyName: sponsors.companyName,
      website: sponsors.website,
      description: sponsors.description,
      logoUrl: sponsors.logoUrl,
    })
    .from(sponsors)
    // D24: a paid listing shows only once an admin approved it (pending, hidden and rejected ones never).
    .where(and(eq(sponsors.tournamentId, id), eq(sponsors.status, 'approved')))
    .orderBy(tierRank, sql`${sponsors.companyName} collate nocase`, asc(sponsors.id));
}

/** The signed-in user's registrations (not cancelled, no lapsed hold) to listed tournaments, newest first. */
export async function myRegistrations(db: Db, userId: string, now: Date): Promise<MyRegistration[]> {
  const rows = await db
    .select({
      id: tournamentRegistrations.id,
      tournamentId: tournamentRegistrations.tournamentId,
      status: tournamentRegistrations.status,
      createdAt: tournamentRegistrations.createdAt,
      placement: tournamentRegistrations.placement,
      checkedInAt: tournamentRegistrations.checkedInAt,
      teamName: teams.name,
      // D39: their own entry, or a team entry they own or captain (a rostered player cannot check the team in).
      mayCheckIn: sql<number>`(${tournamentRegistrations.userId} = ${userId} or exists (
        select 1 from ${teamMembers} where ${teamMembers.teamId} = ${tournamentRegistrations.teamId}
          and ${teamMembers.userId} = ${userId} and ${teamMembers.position} = 'captain'))`,
      tournament: {
        id: tournaments.id,
        checkIn: tournaments.checkIn,
        title: tournaments.title,
        startDate: tournaments.startDate,
        startedAt: tournaments.startedAt,
        completedAt: tournaments.completedAt,
        status: tournaments.status,
        location: tournaments.location,
        buyIn: tournaments.buyIn,
      },
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        or(
          eq(tournamentRegistrations.userId, userId),
          // The team entries whose roster at entry holds them (D22), once the entry is confirmed: a player has no
          // part in their owner's unpaid hold.
          and(
            inArray(
              tournamentRegistrations.id,
              db
                .select({ id: teamEntryMembers.registrationId })
                .from(teamEntryMembers)
                .where(eq(teamEntryMembers.userId, userId)),
            ),
            eq(tournamentRegistrations.status, 'registered'),
          ),
        ),
        ne(tournamentRegistrations.status, 'cancelled'),
        holdsSpot(holdCutoff(now)),
        inArray(tournaments.status, listedStatuses),
      ),
    )
    .orderBy(desc(tournaments.startDate), desc(tournaments.id));
  return rows.map((r) => ({
    id: r.id,
    tournamentId: r.tournamentId,
    status: r.status as MyRegistration['status'],
    createdAt: r.createdAt.toISOString(),
    placement: r.placement,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    teamName: r.teamName,
    mayCheckIn: Boolean(r.mayCheckIn),
    tournament: {
      ...r.tournament,
      startDate: r.tournament.startDate.toISOString(),
      startedAt: r.tournament.startedAt?.toISOString() ?? null,
      completedAt: r.tournament.completedAt?.toISOString() ?? null,
      status: r.tournament.status as TournamentStatus,
    },
  }));
}
