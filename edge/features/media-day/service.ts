import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mediaDayEvents, mediaDayRsvps, type MediaDayEvent, type MediaDayRsvpRow } from '../../../db/schema/media.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { rsvpClosesAt } from './dates.ts';
import type {
  AdminRsvp,
  AdminRsvpList,
  MediaDayEventView,
  MediaDayTeam,
  MyRsvp,
  RsvpPage,
  eventSchema,
  rsvpSchema,
} from './schema.ts';
import type { z } from 'zod';

type Reader = Pick<Db, 'select'>;

export function eventView(event: MediaDayEvent, now: Date): MediaDayEventView {
  const closesAt = rsvpClosesAt(event);
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime,
    timeZone: event.timeZone,
    place: event.place,
    notes: event.notes,
    closesAt: closesAt.toISOString(),
    isOpen: now < closesAt,
  };
}

/** The current Media Day: the one with the latest date (D25), or null before any is scheduled. */
export async function currentEvent(db: Reader): Promise<MediaDayEvent | null> {
  const [row] = await db
    .select()
    .from(mediaDayEvents)
    .orderBy(desc(mediaDayEvents.date), desc(mediaDayEvents.id))
    .limit(1);
  return row ?? null;
}

function toMyRsvp(row: MediaDayRsvpRow): MyRsvp {
  return {
    id: row.id,
    sport: row.sport,
    teamId: row.teamId,
    purpose: row.purpose,
    arrivalTime: row.arrivalTime,
    attendeeCount: row.attendeeCount,
    dietaryRestrictions: row.dietaryRestrictions,
    specialRequests: row.specialRequests,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The teams a member plays on or owns: the only ones an RSVP may name. */
export async function memberTeams(db: Reader, userId: string): Promise<MediaDayTeam[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      or(
        eq(teams.ownerId, userId),
        inArray(
          teams.id,
          db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)),
        ),
      ),
    )
    .orderBy(teams.name, teams.id);
  return rows;
}

/** GET /api/media-day/rsvp: the current event, the member's RSVP to it and their teams. */
export async function rsvpPage(db: Db, userId: string, now: Date): Promise<RsvpPage> {
  const [event, myTeams] = await Promise.all([currentEvent(db), memberTeams(db, userId)]);
  if (!event) return { event: null, rsvp: null, teams: myTeams };
  const [row] = await db
    .select()
    .from(mediaDayRsvps)
    .where(and(eq(mediaDayRsvps.eventId, event.id), eq(mediaDayRsvps.userId, userId)));
  return { event: eventView(event, now), rsvp: row ? toMyRsvp(row) : null, teams: myTeams };
}

export type RsvpResult =
  | { kind: 'created' | 'updated'; rsvp: MyRsvp }
  | { kind: 'no-event' | 'closed' | 'not-your-team' };

/**
 * D25: one RSVP per member per Media Day, updated until the day has passed. The unique index decides between
 * concurrent first RSVPs: the insert that loses does nothing and the request updates the winner's row instead, so
 * two submissions at once leave one RSVP (the later write's answers) and never a 500.
 */
export async function submitRsvp(
  db: Db,
  userId: string,
  input: z.output<typeof rsvpSchema>,
  now: Date,
): Promise<RsvpResult> {
  const event = await currentEvent(db);
  if (!event) return { kind: 'no-event' };
  if (!eventView(event, now).isOpen) return { kind: 'closed' };
  const teamId = input.teamId ?? null;
  if (teamId !== null && !(await memberTeams(db, userId)).some((t) => t.id === teamId)) {
    return { kind: 'not-your-team' };
  }
  const answers = {
    sport: input.sport,
    teamId,
    purpose: input.purpose,
    arrivalTime: input.arrivalTime,
    attendeeCount: input.attendeeCount,
    dietaryRestrictions: input.dietaryRestrictions ?? null,
    specialRequests: input.specialRequests ?? null,
    updatedAt: now,
  };
  const [created] = await db
    .insert(mediaDayRsvps)
    .values({ ...answers, eventId: event.id, userId, createdAt: now })
    .onConflictDoNothing({ target: [mediaDayRsvps.eventId, mediaDayRsvps.userId] })
    .returning();
  if (created) return { kind: 'created', rsvp: toMyRsvp(created) };
  const [updated] = await db
    .update(mediaDayRsvps)
    .set(answers)
    .where(and(eq(mediaDayRsvps.eventId, event.id), eq(mediaDayRsvps.userId, userId)))
    .returning();
  return { kind: 'updated', rsvp: toMyRsvp(updated!) };
}

/**
 * GET /api/admin/media-day-rsvps: one event's RSVPs (the current one unless `eventId`), newest first, `limit` at a
 * time. The cursor is the id of the last row seen; `media_day_rsvps_event_idx` (event_id, rowid) makes each page a
 * seek.
 */
export async function adminRsvps(
  db: Db,
  page: { eventId?: number | undefined; cursor?: number | undefined; limit: number },
  now: Date,
): Promise<AdminRsvpList | null> {
  const event =
    page.eventId === undefined
      ? await currentEvent(db)
      : (await db.select().from(mediaDayEvents).where(eq(mediaDayEvents.id, page.eventId)))[0] ?? null;
  if (!event) return page.eventId === undefined ? { event: null, rsvps: [], nextCursor: null } : null;
  const rows = await db
    .select({
      rsvp: mediaDayRsvps,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isVerified: users.isVerified,
        profileImageUrl: users.profileImageUrl,
      },
      teamName: teams.name,
    })
    .from(mediaDayRsvps)
    .innerJoin(users, eq(users.id, mediaDayRsvps.userId))
    .leftJoin(teams, eq(teams.id, mediaDayRsvps.teamId))
    .where(
      and(
        eq(mediaDayRsvps.eventId, event.id),
        page.cursor === undefined ? undefined : lt(mediaDayRsvps.id, page.cursor),
      ),
    )
    .orderBy(desc(mediaDayRsvps.id))
    .limit(page.limit + 1);
  const rsvps: AdminRsvp[] = rows.slice(0, page.limit).map(({ rsvp, user, teamName }) => ({
    ...toMyRsvp(rsvp),
    user,
    team: teamName === null ? null : { name: teamName },
  }));
  return {
    event: eventView(event, now),
    rsvps,
    nextCursor: rows.length > page.limit ? rsvps.at(-1)?.id ?? null : null,
  };
}

type EventValues = z.output<typeof eventSchema>;

const eventRecord = (e: MediaDayEvent) => ({
  name: e.name,
  date: e.date,
  startTime: e.startTime,
  endTime: e.endTime,
  timeZone: e.timeZone,
  place: e.place,
  notes: e.notes,
});

/** Schedules a Media Day (it becomes the current one when its date is the latest); audited. */
export async function createEvent(db: Db, actorId: string, values: EventValues, now: Date): Promise<MediaDayEventView> {
  const event = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaDayEvents)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: auditActions.mediaDayCreate,
      targetType: 'media_day',
      targetId: row!.id,
      after: eventRecord(row!),
      at: now,
    });
    return row!;
  });
  return eventView(event, now);
}

/** Edits a Media Day's name, date, times, place or notes (D25), with the audit entry of before and after. */
export async function editEvent(
  db: Db,
  actorId: string,
  id: number,
  values: EventValues,
  now: Date,
): Promise<MediaDayEventView | null> {
  const event = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mediaDayEvents).where(eq(mediaDayEvents.id, id));
    if (!before) return null;
    const [after] = await tx
      .update(mediaDayEvents)
      .set({ ...values, updatedAt: now })
      .where(eq(mediaDayEvents.id, id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: auditActions.mediaDayEdit,
      targetType: 'media_day',
      targetId: id,
      before: eventRecord(before),
      after: eventRecord(after!),
      at: now,
    });
    return after!;
  });
  return event ? eventView(event, now) : null;
}
