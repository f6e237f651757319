import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { runsDoorOf } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { ticketCodeHash } from '../door/schema.ts';
import { CHECK_IN_TEXTS as T, type DoorEntrant, type EntryPass } from './schema.ts';
import { assertCheckInTournament, loadTournament } from './service.ts';

// D39, the passes and the door's list: what an entrant shows at the door (My Tickets) and what the door checks it
// against (saved on its device for a venue with no signal).

/** The most entrants a tournament can have (the host form's 128 players), and its no-shows: one page always. */
const ENTRANTS_MAX = 512;

/**
 * The door's entrant list (D39): every registered entrant and every no-show of a tournament with check-in, by name,
 * with their pass's hash (never the pass) so a door with no signal can match a scanned pass. Host and admins only.
 */
export async function doorEntrants(
  db: Db,
  input: { tournamentId: number; user: User; leagueEmailDomain: string },
): Promise<DoorEntrant[]> {
  const t = await loadTournament(db, input.tournamentId);
  if (!t || !runsDoorOf(input.user, t, input.leagueEmailDomain)) fail(t ? 403 : 404, t ? T.forbidden : T.tournamentNotFound);
  assertCheckInTournament(t);
  // Served by registrations_tournament_status_idx.
  const rows = await db
    .select({
      registrationId: tournamentRegistrations.id,
      firstName: users.firstName,
      lastName: users.lastName,
      teamName: teams.name,
      pass: tournamentRegistrations.entryPass,
      checkedInAt: tournamentRegistrations.checkedInAt,
      noShowAt: tournamentRegistrations.noShowAt,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, t.id),
        sql`(${tournamentRegistrations.status} = 'registered' or ${tournamentRegistrations.noShowAt} is not null)`,
      ),
    )
    .orderBy(asc(tournamentRegistrations.id))
    .limit(ENTRANTS_MAX);
  return Promise.all(
    rows.map(async (r) => ({
      registrationId: r.registrationId,
      name: r.teamName ?? `${r.firstName} ${r.lastName}`.trim(),
      passHash: await ticketCodeHash(r.pass ?? ''),
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      noShow: r.noShowAt !== null && r.checkedInAt === null,
    })),
  );
}

/**
 * A member's entry passes (D39, My Tickets): the entries they check in (their own, or a team's they own or captain)
 * in upcoming tournaments with check-in, soonest first.
 */
export async function myEntryPasses(db: Db, userId: string): Promise<EntryPass[]> {
  // In two steps, so the cost follows the member's own entries (registrations_user_idx, and registrations_team_idx
  // for the teams they captain) rather than every upcoming tournament's; the newest entries are the upcoming ones.
  const entries = await db
    .select({ id: tournamentRegistrations.id })
    .from(tournamentRegistrations)
    .where(
      and(
        or(
          eq(tournamentRegistrations.userId, userId),
          inArray(
            tournamentRegistrations.teamId,
            db
              .select({ id: teamMembers.teamId })
              .from(teamMembers)
              .where(and(eq(teamMembers.userId, userId), eq(teamMembers.position, 'captain'))),
          ),
        ),
        eq(tournamentRegistrations.status, 'registered'),
      ),
    )
    .orderBy(desc(tournamentRegistrations.id))
    .limit(200);
  if (entries.length === 0) return [];
  const rows = await db
    .select({
      registrationId: tournamentRegistrations.id,
      tournamentId: tournaments.id,
      title: tournaments.title,
      startDate: tournaments.startDate,
      location: tournaments.location,
      teamName: teams.name,
      pass: tournamentRegistrations.entryPass,
      checkedInAt: tournamentRegistrations.checkedInAt,
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        inArray(
          tournamentRegistrations.id,
          entries.map((e) => e.id),
        ),
        eq(tournaments.status, 'upcoming'),
        eq(tournaments.checkIn, true),
      ),
    )
    .orderBy(asc(tournaments.startDate), asc(tournamentRegistrations.id))
    .limit(50);
  return rows.map((r) => ({
    registrationId: r.registrationId,
    tournament: { id: r.tournamentId, title: r.title, startDate: r.startDate.toISOString(), location: r.location },
    teamName: r.teamName,
    pass: r.pass ?? '',
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
  }));
}
