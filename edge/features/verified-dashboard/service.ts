import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mediaDayEvents, mediaDayRsvps } from '../../../db/schema/media.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { winRatePercent } from '../../lib/win-rate.ts';
import { rsvpClosesAt } from '../media-day/dates.ts';
import { EARLY_WINDOW_MS } from '../tournaments/schema.ts';
import type {
  BenefitEntry,
  HostedTournament,
  MediaAppearance,
  VerifiedDashboard,
  VerifiedStatistics,
} from './schema.ts';

/** How many of each list the page shows (the newest). */
const LIST_LIMIT = 50;

const played = ['live', 'completed'] as const;

async function statistics(db: Db, user: User): Promise<VerifiedStatistics> {
  const solo = db
    .select({ id: tournamentRegistrations.tournamentId })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .where(
      and(
        eq(tournamentRegistrations.userId, user.id),
        eq(tournamentRegistrations.status, 'registered'),
        inArray(tournaments.status, played),
      ),
    );
  // D22: a team entry's roster at entry played too; the entry must still hold its spot.
  const onTeam = db
    .select({ id: teamEntryMembers.tournamentId })
    .from(teamEntryMembers)
    .innerJoin(tournamentRegistrations, eq(tournamentRegistrations.id, teamEntryMembers.registrationId))
    .innerJoin(tournaments, eq(tournaments.id, teamEntryMembers.tournamentId))
    .where(
      and(
        eq(teamEntryMembers.userId, user.id),
        eq(tournamentRegistrations.status, 'registered'),
        inArray(tournaments.status, played),
      ),
    );
  const [[entered], [ahead]] = await Promise.all([
    db.select({ n: count() }).from(solo.union(onTeam).as('played')),
    user.role === 'player'
      ? db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'player'), gt(users.wtaPoints, user.wtaPoints)))
      : Promise.resolve([undefined]),
  ]);
  return {
    points: user.wtaPoints,
    wins: user.wins,
    losses: user.losses,
    winRate: winRatePercent(user.wins, user.gamesPlayed),
    tournamentsPlayed: entered?.n ?? 0,
    rank: ahead === undefined ? null : ahead.n + 1,
  };
}

/** The member's hosted submissions (D10) with their status and registered entrants, latest start first. */
async function hosted(db: Db, userId: string): Promise<HostedTournament[]> {
  const entrants = db
    .select({ n: count() })
    .from(tournamentRegistrations)
    .where(
      and(eq(tournamentRegistrations.tournamentId, tournaments.id), eq(tournamentRegistrations.status, 'registered')),
    );
  const rows = await db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      status: tournaments.status,
      startDate: tournaments.startDate,
      startedAt: tournaments.startedAt,
      completedAt: tournaments.completedAt,
      rejectionReason: tournaments.rejectionReason,
      maxPlayers: tournaments.maxPlayers,
      maxTeams: tournaments.maxTeams,
      createdAt: tournaments.createdAt,
      entrants: sql<number>`(${entrants})`,
    })
    .from(tournaments)
    .where(eq(tournaments.hostId, userId))
    .orderBy(desc(tournaments.startDate), desc(tournaments.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    startDate: r.startDate.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    rejectionReason: r.rejectionReason,
    entrants: Number(r.entrants),
    capacity: r.maxTeams ?? r.maxPlayers,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The member's Media Day RSVPs (D32 Media Appearances), latest day first. */
async function mediaAppearances(db: Db, userId: string, now: Date): Promise<MediaAppearance[]> {
  const rows = await db
    .select({ rsvp: mediaDayRsvps, event: mediaDayEvents })
    .from(mediaDayRsvps)
    .innerJoin(mediaDayEvents, eq(mediaDayEvents.id, mediaDayRsvps.eventId))
    .where(eq(mediaDayRsvps.userId, userId))
    .orderBy(desc(mediaDayEvents.date), desc(mediaDayRsvps.id))
    .limit(LIST_LIMIT);
  return rows.map(({ rsvp, event }) => ({
    id: rsvp.id,
    eventName: event.name,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    place: event.place,
    sport: rsvp.sport,
    arrivalTime: rsvp.arrivalTime,
    attendeeCount: rsvp.attendeeCount,
    upcoming: now < rsvpClosesAt(event),
    createdAt: rsvp.createdAt.toISOString(),
  }));
}

/** Registrations (still holding their spot) taken inside the 24-hour early window before the start (D9). */
async function earlyRegistrations(db: Db, userId: string) {
  return db
    .select({
      at: tournamentRegistrations.createdAt,
      tournamentId: tournaments.id,
      title: tournaments.title,
      startDate: tournaments.startDate,
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .where(
      and(
        eq(tournamentRegistrations.userId, userId),
        eq(tournamentRegistrations.status, 'registered'),
        sql`${tournamentRegistrations.createdAt} < ${tournaments.startDate}`,
        sql`${tournaments.startDate} - ${tournamentRegistrations.createdAt} <= ${EARLY_WINDOW_MS}`,
      ),
    )
    .orderBy(desc(tournamentRegistrations.createdAt))
    .limit(LIST_LIMIT);
}

/** GET /api/verified-dashboard (D32): the four tabs from the member's own records. */
export async function verifiedDashboard(db: Db, user: User, now: Date): Promise<VerifiedDashboard> {
  const [stats, hostedList, appearances, early] = await Promise.all([
    statistics(db, user),
    hosted(db, user.id),
    mediaAppearances(db, user.id, now),
    earlyRegistrations(db, user.id),
  ]);
  const benefits: BenefitEntry[] = [
    ...early.map((r) => ({
      kind: 'early_registration' as const,
      at: r.at.toISOString(),
      tournamentId: r.tournamentId,
      title: r.title,
      startDate: r.startDate.toISOString(),
    })),
    ...hostedList.map((t) => ({
      kind: 'hosted' as const,
      at: t.createdAt,
      tournamentId: t.id,
      title: t.title,
      status: t.status,
    })),
    ...appearances.map((a) => ({
      kind: 'media_day_rsvp' as const,
      at: a.createdAt,
      rsvpId: a.id,
      eventName: a.eventName,
      date: a.date,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return {
    statistics: stats,
    hosted: hostedList,
    mediaAppearances: appearances,
    benefits: benefits.slice(0, LIST_LIMIT),
  };
}
