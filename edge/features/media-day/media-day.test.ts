import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { mediaDayEvents, mediaDayRsvps } from '../../../db/schema/media.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { fastMember, leagueEmail } from '../../test/fast-members.ts';
import {
  EVENT_MESSAGES as E,
  RSVP_MESSAGES as M,
  VERIFIED_ONLY_MESSAGE,
  type AdminRsvpList,
  type MediaDayEventView,
  type MyRsvp,
  type RsvpPage,
} from './schema.ts';

// Media Day (001 s2, s5-s7, D6, D25): the event record, one RSVP per verified member, closed after the day, the
// admin list and the admin's edits (audited).

// 2026-03-08 is the first day of US daylight time: the event day below is in EDT (UTC-4).
const NOW = new Date('2026-03-01T15:00:00Z');
const EVENT = {
  name: 'Media Day 2026',
  date: '2026-03-15',
  startTime: '10:00',
  endTime: '16:00',
  timeZone: 'America/New_York',
  place: 'Sports Complex Main Arena',
  notes: 'Arrive 30 minutes before the tournament.',
};
const VALID = {
  sport: 'basketball',
  purpose: 'Shooting promo content for my sponsors.',
  arrivalTime: 'morning',
  attendeeCount: 2,
};

let t: TestApp;
let eventId: number;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  const [row] = await t.db.insert(mediaDayEvents).values(EVENT).returning();
  eventId = row!.id;
});
afterEach(() => t.cleanup());

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function signedIn(
  options: { verified?: boolean; role?: 'player' | 'owner' | 'admin' | 'super_admin'; email?: string } = {},
) {
  return fastMember(t, { isVerified: options.verified ?? false, role: options.role ?? 'player', email: options.email });
}

const rsvpCount = async () => (await t.db.select({ n: sql<number>`count(*)` }).from(mediaDayRsvps))[0]!.n;

describe('GET /api/media-day', () => {
  it('answers the current event for any signed-in member, printed from the record, and refuses guests', async () => {
    expect((await t.request('/api/media-day')).status).toBe(401);
    const { agent } = await signedIn();
    const { event } = await json<{ event: MediaDayEventView }>(await agent.get('/api/media-day'));
    expect(event).toEqual({
      id: eventId,
      ...EVENT,
      closesAt: '2026-03-16T04:00:00.000Z',
      isOpen: true,
    });
  });

  it('answers the event with the latest date, and null before any is scheduled', async () => {
    const { agent } = await signedIn();
    await t.db.insert(mediaDayEvents).values({ ...EVENT, name: 'Media Day 2027', date: '2027-03-18' });
    expect((await json<{ event: MediaDayEventView }>(await agent.get('/api/media-day'))).event.name).toBe(
      'Media Day 2027',
    );
    await t.db.delete(mediaDayEvents);
    expect(await json(await agent.get('/api/media-day'))).toEqual({ event: null });
  });
});

describe('the RSVP gate (001 s6, D25)', () => {
  it('refuses guests (401) and members who are not verified (403, the gate message), and stores nothing', async () => {
    expect((await t.request('/api/media-day/rsvp')).status).toBe(401);
    expect(
      (
        await t.request('/api/media-day/rsvp', {
          method: 'POST',
          body: JSON.stringify(VALID),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    const { agent } = await signedIn();
    for (const res of [await agent.get('/api/media-day/rsvp'), await agent.post('/api/media-day/rsvp', VALID)]) {
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ message: VERIFIED_ONLY_MESSAGE });
    }
    // D25: an admin passes the gate to the list, but the form is for verified members.
    const admin = await signedIn({ role: 'admin', email: leagueEmail() });
    expect((await admin.agent.post('/api/media-day/rsvp', VALID)).status).toBe(403);
    expect(await rsvpCount()).toBe(0);
  });
});

describe('POST /api/media-day/rsvp', () => {
  it.each([
    [{ sport: undefined }, 'sport', M.sport],
    [{ sport: 'baseball' }, 'sport', M.sport],
    [{ purpose: undefined }, 'purpose', M.purpose],
    [{ purpose: '   nineteen chars!  ' }, 'purpose', M.purpose],
    [{ purpose: 'x'.repeat(1001) }, 'purpose', M.purposeTooLong],
    [{ arrivalTime: undefined }, 'arrivalTime', M.arrivalTime],
    [{ arrivalTime: 'night' }, 'arrivalTime', M.arrivalTime],
    [{ attendeeCount: 6 }, 'attendeeCount', M.tooManyAttendees],
    [{ attendeeCount: 0 }, 'attendeeCount', M.tooFewAttendees],
    [{ attendeeCount: 2.5 }, 'attendeeCount', M.tooFewAttendees],
    [{ attendeeCount: '3' }, 'attendeeCount', M.tooFewAttendees],
    [{ teamId: 'mine' }, 'teamId', M.team],
    [{ dietaryRestrictions: 'x'.repeat(501) }, 'dietaryRestrictions', M.dietaryTooLong],
    [{ specialRequests: 'x'.repeat(501) }, 'specialRequests', M.requestsTooLong],
  ])('refuses %j with the field message (400) and stores nothing', async (change, field, message) => {
    const { agent } = await signedIn({ verified: true });
    const res = await agent.post('/api/media-day/rsvp', { ...VALID, ...change });
    expect(res.status).toBe(400);
    const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
    expect(body.message).toBe(message);
    expect(body.errors[field]).toContain(message);
    expect(await rsvpCount()).toBe(0);
  });

  it('stores the RSVP (201), then updates the same one until the day (200), and reads it back', async () => {
    const { agent, id } = await signedIn({ verified: true });
    const created = await agent.post('/api/media-day/rsvp', {
      ...VALID,
      dietaryRestrictions: '  ',
      specialRequests: ' Quiet room ',
    });
    expect(created.status).toBe(201);
    const first = await json<MyRsvp>(created);
    expect(first).toMatchObject({ ...VALID, teamId: null, dietaryRestrictions: null, specialRequests: 'Quiet room' });

    t.advance(60_000);
    const updated = await agent.post('/api/media-day/rsvp', {
      ...VALID,
      sport: 'soccer',
      attendeeCount: 5,
      arrivalTime: 'flexible',
    });
    expect(updated.status).toBe(200);
    const second = await json<MyRsvp>(updated);
    expect(second).toMatchObject({
      id: first.id,
      sport: 'soccer',
      attendeeCount: 5,
      arrivalTime: 'flexible',
      createdAt: first.createdAt,
    });
    expect(second.updatedAt).not.toBe(first.updatedAt);

    const page = await json<RsvpPage>(await agent.get('/api/media-day/rsvp'));
    expect(page.rsvp).toEqual(second);
    expect(page.event?.id).toBe(eventId);
    const rows = await t.db.select().from(mediaDayRsvps).where(eq(mediaDayRsvps.userId, id));
    expect(rows).toHaveLength(1);
  });

  it('keeps one RSVP per member under concurrent submissions', async () => {
    const { agent } = await signedIn({ verified: true });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => agent.post('/api/media-day/rsvp', { ...VALID, attendeeCount: (i % 5) + 1 })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(await rsvpCount()).toBe(1);
  });

  it('takes a team only of the member own teams', async () => {
    const { agent, id } = await signedIn({ verified: true });
    const other = await signedIn({ role: 'owner' });
    const [mine] = await t.db.insert(teams).values({ name: 'Heat Check', ownerId: other.id }).returning();
    const [theirs] = await t.db.insert(teams).values({ name: 'Strangers', ownerId: other.id }).returning();
    await t.db.insert(teamMembers).values({ teamId: mine!.id, userId: id, joinedAt: NOW });

    const refused = await agent.post('/api/media-day/rsvp', { ...VALID, teamId: theirs!.id });
    expect(refused.status).toBe(400);
    expect((await json<{ message: string }>(refused)).message).toBe(M.team);
    expect(await rsvpCount()).toBe(0);

    expect((await json<RsvpPage>(await agent.get('/api/media-day/rsvp'))).teams).toEqual([
      { id: mine!.id, name: 'Heat Check' },
    ]);
    const ok = await agent.post('/api/media-day/rsvp', { ...VALID, teamId: mine!.id });
    expect(ok.status).toBe(201);
    expect((await json<MyRsvp>(ok)).teamId).toBe(mine!.id);
  });

  it('closes at midnight after the day in the venue zone, with a message (409), and says there is no event (404)', async () => {
    const { agent } = await signedIn({ verified: true });
    t.setNow('2026-03-16T03:59:59.999Z'); // 11:59 PM on the day in New York
    expect((await agent.post('/api/media-day/rsvp', VALID)).status).toBe(201);
    t.setNow('2026-03-16T04:00:00.000Z');
    const closed = await agent.post('/api/media-day/rsvp', { ...VALID, attendeeCount: 4 });
    expect(closed.status).toBe(409);
    expect(await json(closed)).toEqual({ message: M.closed });
    expect((await t.db.select().from(mediaDayRsvps))[0]!.attendeeCount).toBe(VALID.attendeeCount);
    expect((await json<RsvpPage>(await agent.get('/api/media-day/rsvp'))).event?.isOpen).toBe(false);

    await t.db.delete(mediaDayEvents);
    const none = await agent.post('/api/media-day/rsvp', VALID);
    expect(none.status).toBe(404);
    expect(await json(none)).toEqual({ message: M.noEvent });
  });
});

describe('GET /api/admin/media-day-rsvps (D6)', () => {
  async function admin(): Promise<TestAgent> {
    return (await signedIn({ role: 'admin', email: leagueEmail() })).agent;
  }

  it('refuses guests, members and the foreign-domain admin', async () => {
    expect((await t.request('/api/admin/media-day-rsvps')).status).toBe(401);
    const verified = await signedIn({ verified: true });
    expect((await verified.agent.get('/api/admin/media-day-rsvps')).status).toBe(403);
    const foreign = await signedIn({ role: 'admin', email: `${crypto.randomUUID()}@other-league.example` });
    expect((await foreign.agent.get('/api/admin/media-day-rsvps')).status).toBe(403);
  });

  it('lists every RSVP of the current event, newest first, with the member and team, paged by cursor', async () => {
    const members = [];
    for (const name of ['Ava', 'Ben', 'Cy']) {
      const m = await signedIn({ verified: true });
      await t.db.update(users).set({ firstName: name }).where(eq(users.id, m.id));
      expect((await m.agent.post('/api/media-day/rsvp', { ...VALID, specialRequests: `For ${name}` })).status).toBe(
        201,
      );
      members.push(m);
    }
    const [team] = await t.db.insert(teams).values({ name: 'Cy Squad', ownerId: members[2]!.id }).returning();
    await members[2]!.agent.post('/api/media-day/rsvp', { ...VALID, teamId: team!.id });

    const agent = await admin();
    const first = await json<AdminRsvpList>(await agent.get('/api/admin/media-day-rsvps?limit=2'));
    expect(first.event?.id).toBe(eventId);
    expect(first.rsvps.map((r) => r.user.firstName)).toEqual(['Cy', 'Ben']);
    expect(first.rsvps[0]).toMatchObject({
      team: { name: 'Cy Squad' },
      user: { isVerified: true, id: members[2]!.id },
    });
    expect(first.rsvps[1]!.team).toBeNull();
    expect(first.nextCursor).toBe(first.rsvps[1]!.id);
    const second = await json<AdminRsvpList>(
      await agent.get(`/api/admin/media-day-rsvps?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.rsvps.map((r) => r.user.firstName)).toEqual(['Ava']);
    expect(second.nextCursor).toBeNull();

    expect((await agent.get('/api/admin/media-day-rsvps?eventId=999')).status).toBe(404);
    expect((await agent.get('/api/admin/media-day-rsvps?limit=0')).status).toBe(400);
  });

  it('reads a page from the event index, not the whole table', async () => {
    const plan = await t.client.execute(
      `EXPLAIN QUERY PLAN SELECT id FROM media_day_rsvps WHERE event_id = 1 AND id < 50 ORDER BY id DESC LIMIT 101`,
    );
    const detail = plan.rows.map((r) => String(r.detail)).join('\n');
    expect(detail).toMatch(/USING (COVERING )?INDEX media_day_rsvps_event_idx/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});

describe('admins schedule and edit the event (D25), audited', () => {
  const adminEmail = leagueEmail;

  it('refuses guests, members and the foreign-domain admin, and changes nothing', async () => {
    const edit = { ...EVENT, place: 'Elsewhere' };
    expect(
      (
        await t.request(`/api/admin/media-day-events/${eventId}`, {
          method: 'PATCH',
          body: JSON.stringify(edit),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    const verified = await signedIn({ verified: true });
    expect((await verified.agent.patch(`/api/admin/media-day-events/${eventId}`, edit)).status).toBe(403);
    const foreign = await signedIn({ role: 'super_admin', email: `${crypto.randomUUID()}@other-league.example` });
    expect((await foreign.agent.patch(`/api/admin/media-day-events/${eventId}`, edit)).status).toBe(403);
    expect((await foreign.agent.post('/api/admin/media-day-events', edit)).status).toBe(403);
    expect((await t.db.select().from(mediaDayEvents)).map((e) => e.place)).toEqual([EVENT.place]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it.each([
    [{ name: ' ' }, 'name', E.name],
    [{ date: '2026-02-30' }, 'date', E.date],
    [{ date: '03/15/2027' }, 'date', E.date],
    [{ startTime: '9am' }, 'startTime', E.startTime],
    [{ endTime: '24:00' }, 'endTime', E.endTime],
    [{ startTime: '16:00', endTime: '10:00' }, 'endTime', E.endBeforeStart],
    [{ place: '' }, 'place', E.place],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', E.timeZone],
    [{ notes: 'x'.repeat(1001) }, 'notes', E.notesTooLong],
  ])('refuses %j with the field message', async (change, field, message) => {
    const { agent } = await signedIn({ role: 'admin', email: adminEmail() });
    const res = await agent.patch(`/api/admin/media-day-events/${eventId}`, { ...EVENT, ...change });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors[field]).toContain(message);
  });

  it('edits the record with its before and after in the audit log, and schedules a new one', async () => {
    const { agent, id } = await signedIn({ role: 'admin', email: adminEmail() });
    const res = await agent.patch(`/api/admin/media-day-events/${eventId}`, {
      ...EVENT,
      date: '2026-03-20',
      startTime: '09:30',
      place: 'Main Arena',
    });
    expect(res.status).toBe(200);
    expect(await json<MediaDayEventView>(res)).toMatchObject({
      date: '2026-03-20',
      startTime: '09:30',
      place: 'Main Arena',
      closesAt: '2026-03-21T04:00:00.000Z',
    });
    expect((await agent.patch('/api/admin/media-day-events/999', EVENT)).status).toBe(404);

    const created = await agent.post('/api/admin/media-day-events', {
      ...EVENT,
      name: 'Media Day 2027',
      date: '2027-03-18',
      timeZone: undefined,
    });
    expect(created.status).toBe(201);
    expect(await json<MediaDayEventView>(created)).toMatchObject({
      name: 'Media Day 2027',
      timeZone: 'America/New_York',
    });

    const entries = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.targetType, e.actorId])).toEqual([
      ['mediaDay.edit', 'media_day', id],
      ['mediaDay.create', 'media_day', id],
    ]);
    expect(JSON.parse(entries[0]!.before!)).toMatchObject({
      date: '2026-03-15',
      startTime: '10:00',
      place: EVENT.place,
    });
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({
      date: '2026-03-20',
      startTime: '09:30',
      place: 'Main Arena',
    });
    expect(entries[1]!.before).toBeNull();
  });
});
