// D45's calendar feeds through the API against a real migrated database, each read back by a real iCalendar parser
// (ical.js, Mozilla's): stable UIDs, SEQUENCE raised on every change, cancellations marked cancelled, UTC times,
// conditional GET, and a member's secret address with Reset.
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matches } from '../../../db/schema/competition.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import { bracketOf, playable, tournamentWithPlayers } from '../competition/test-helpers.ts';
import { addTournament, json, member } from '../payments/test-helpers.ts';
import { DEFAULT_EVENT_HOURS } from './feed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

const HOUR = 60 * 60 * 1000;

interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  start: string;
  end: string;
  startIsUtc: boolean;
  location: string | null;
}

/** The feed's events as a calendar app reads them. */
function parse(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('name') ?? calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = v.getFirstPropertyValue('dtend') as ICAL.Time;
      return {
        uid: String(v.getFirstPropertyValue('uid')),
        sequence: Number(v.getFirstPropertyValue('sequence')),
        status: String(v.getFirstPropertyValue('status')),
        summary: String(v.getFirstPropertyValue('summary')),
        start: start.toJSDate().toISOString(),
        end: end.toJSDate().toISOString(),
        startIsUtc: start.zone?.tzid === 'UTC',
        location: (v.getFirstPropertyValue('location') as string | null) ?? null,
      };
    }),
  };
}

async function feed(path: string, init?: RequestInit) {
  const res = await t.request(path, init);
  return { res, text: res.status === 200 ? await res.text() : '' };
}

describe('D45: a tournament feed', () => {
  it('is one event with a stable UID, UTC times and an 8-hour day when it has no end date; 304 when unchanged', async () => {
    const start = new Date('2026-12-05T15:00:00Z');
    const id = await addTournament(t, { title: 'Winter Slam', location: 'Gym 1, Atlanta', startDate: start });
    const { res, text } = await feed(`/api/calendar/tournaments/${id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const { events } = parse(text);
    expect(events).toEqual([
      {
        uid: `tournament-${id}@${new URL(t.config.publicUrl).hostname}`,
        sequence: 0,
        status: 'CONFIRMED',
        summary: 'Winter Slam',
        start: start.toISOString(),
        end: new Date(start.getTime() + DEFAULT_EVENT_HOURS * HOUR).toISOString(),
        startIsUtc: true,
        location: 'Gym 1, Atlanta',
      },
    ]);
    const etag = res.headers.get('etag')!;
    const again = await t.request(`/api/calendar/tournaments/${id}.ics`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    // DTEND is the end date when there is one.
    await t.db
      .update(tournaments)
      .set({ endDate: new Date('2026-12-06T02:00:00Z') })
      .where(eq(tournaments.id, id));
    expect(parse((await feed(`/api/calendar/tournaments/${id}.ics`)).text).events[0]!.end).toBe(
      '2026-12-06T02:00:00.000Z',
    );
  });

  it('keeps its UID and raises SEQUENCE when moved, not for other changes; a cancelled one is marked cancelled', async () => {
    const id = await addTournament(t, { startDate: new Date('2026-12-05T15:00:00Z') });
    const read = async () => parse((await feed(`/api/calendar/tournaments/${id}.ics`)).text).events[0]!;
    const first = await read();
    // Moved, by whichever path writes it (migration 0032's trigger).
    await t.db
      .update(tournaments)
      .set({ startDate: new Date('2026-12-12T15:00:00Z') })
      .where(eq(tournaments.id, id));
    const moved = await read();
    expect([moved.uid, moved.sequence, moved.start]).toEqual([first.uid, 1, '2026-12-12T15:00:00.000Z']);
    await t.db.update(tournaments).set({ prizePool: 900, buyIn: 10 }).where(eq(tournaments.id, id));
    expect((await read()).sequence).toBe(1);
    await t.db.update(tournaments).set({ title: 'Winter Slam II' }).where(eq(tournaments.id, id));
    expect((await read()).sequence).toBe(2);

    const admin = await leagueAdmin(t);
    await json(await admin.agent.post(`/api/tournaments/${id}/cancel`, { reason: 'The gym is closed for repairs.' }));
    const cancelled = await read();
    expect([cancelled.uid, cancelled.sequence, cancelled.status]).toEqual([first.uid, 3, 'CANCELLED']);
  });

  it("answers 404 for a host's submission not yet listed, and for a name that is not a feed", async () => {
    const pending = await addTournament(t, { status: 'pending' });
    expect((await t.request(`/api/calendar/tournaments/${pending}.ics`)).status).toBe(404);
    expect((await t.request(`/api/calendar/tournaments/${pending}`)).status).toBe(404);
    expect((await t.request('/api/calendar/tournaments/x.ics')).status).toBe(404);
  });
});

describe("D45: a division's feed", () => {
  it('lists its listed tournaments from 90 days ago on, soonest first, and no other division', async () => {
    const soon = await addTournament(t, {
      title: 'Hoop Soon',
      division: 'hoop',
      startDate: new Date('2026-12-01T15:00:00Z'),
    });
    const past = await addTournament(t, {
      title: 'Hoop Past',
      division: 'hoop',
      status: 'completed',
      startDate: new Date('2026-10-01T15:00:00Z'),
    });
    await addTournament(t, {
      title: 'Hoop Old',
      division: 'hoop',
      status: 'completed',
      startDate: new Date('2026-06-01T15:00:00Z'),
    });
    await addTournament(t, { title: 'Hoop Pending', division: 'hoop', status: 'pending' });
    await addTournament(t, { title: 'Kickball', division: 'kickball' });
    const { res, text } = await feed('/api/calendar/divisions/hoop.ics');
    expect(res.status).toBe(200);
    const parsed = parse(text);
    expect(parsed.name).toContain('Hoop');
    const host = new URL(t.config.publicUrl).hostname;
    expect(parsed.events.map((e) => e.uid)).toEqual([`tournament-${past}@${host}`, `tournament-${soon}@${host}`]);
    expect((await t.request('/api/calendar/divisions/curling.ics')).status).toBe(404);
  });
});

describe("D45: a member's own schedule", () => {
  it('is made and reset on Edit Profile; its secret address lists their tournaments and called matches', async () => {
    expect((await t.request('/api/profile/calendar')).status).toBe(401);
    const { id, players } = await tournamentWithPlayers(t, { n: 2 });
    const [me] = players;
    expect(await json(await me!.agent.get('/api/profile/calendar'))).toEqual({ url: null });
    const { url } = await json<{ url: string }>(await me!.agent.post('/api/profile/calendar/reset'));
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/members/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await json(await me!.agent.get('/api/profile/calendar'))).toEqual({ url });
    const path = new URL(url).pathname;
    // Another member's tournament is not in it.
    await addTournament(t, { title: 'Not Mine' });
    const host = new URL(t.config.publicUrl).hostname;
    expect(parse((await feed(path)).text).events.map((e) => e.uid)).toEqual([`tournament-${id}@${host}`]);

    // Started, and their match called to a court: the match joins the feed.
    const admin = await leagueAdmin(t);
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const [m] = playable(await bracketOf(t, id));
    await json(await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live' }));
    const events = parse((await feed(path)).text).events;
    expect(events.map((e) => e.uid)).toEqual([`tournament-${id}@${host}`, `match-${m!.id}@${host}`]);
    const [row] = await t.db.select().from(matches).where(eq(matches.id, m!.id));
    expect(events[1]!.start).toBe(row!.calledAt!.toISOString());
    const opponent = m!.teamA!.userId === me!.id ? m!.teamB!.name : m!.teamA!.name;
    expect(events[1]!.summary).toBe(`Match ${m!.matchNumber} vs ${opponent}`);

    // Withdrawn from a tournament, it leaves the feed; Reset retires the old address at once.
    await t.db
      .update(tournamentRegistrations)
      .set({ status: 'cancelled' })
      .where(eq(tournamentRegistrations.userId, me!.id));
    expect(parse((await feed(path)).text).events.map((e) => e.uid)).toEqual([`match-${m!.id}@${host}`]);
    const next = await json<{ url: string }>(await me!.agent.post('/api/profile/calendar/reset'));
    expect(next.url).not.toBe(url);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(new URL(next.url).pathname)).status).toBe(200);
    // Someone else's session cannot read or reset it.
    const other = await member(t);
    expect(await json(await other.agent.get('/api/profile/calendar'))).toEqual({ url: null });
  });
});
