// D42, the waitlist: through the API against a real migrated database, with the injected clock.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations } from '../../../db/schema/tournaments.ts';
import { waitlistEntries } from '../../../db/schema/waitlist.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import { addTournament, DAY, json, member, type Member } from '../payments/test-helpers.ts';
import { TEAM_ENTRY_TEXTS } from '../payments/registration/constants.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { OFFER_MS, WAITLIST_TEXTS as T, type WaitlistEntry, type WaitlistPlace } from './schema.ts';

let t: TestApp;
afterEach(() => t?.cleanup());

const REGISTER = '/api/stripe/checkout/tournament-registration';
const MINUTE = 60_000;

/** A free tournament with `max` spots, all taken by registered players, two days out. */
async function fullTournament(max: number, options: { checkIn?: boolean; startsIn?: number; hostId?: string } = {}) {
  const id = await addTournament(t, {
    title: 'Waitlist Cup',
    buyIn: 0,
    maxPlayers: max,
    startDate: new Date(t.now().getTime() + (options.startsIn ?? 2 * DAY)),
    checkIn: options.checkIn ?? false,
    hostId: options.hostId ?? null,
  });
  const registered: Member[] = [];
  for (let i = 0; i < max; i++) {
    const p = await member(t);
    await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: id, userId: p.id, status: 'registered', createdAt: t.now() });
    registered.push(p);
  }
  return { id, registered };
}

const join = (m: Member, id: number) => m.agent.post(`/api/tournaments/${id}/waitlist`, {});
const mine = async (m: Member, id: number) =>
  json<WaitlistPlace | null>(await m.agent.get(`/api/tournaments/${id}/waitlist/mine`));
const register = (m: Member, id: number) => m.agent.post(REGISTER, { tournamentId: id, registrationType: 'player' });
const detail = async (id: number) => json<Tournament>(await t.request(`/api/tournaments/${id}`));

async function freeSpot(id: number, m: Member) {
  await t.db
    .update(tournamentRegistrations)
    .set({ status: 'cancelled' })
    .where(and(eq(tournamentRegistrations.tournamentId, id), eq(tournamentRegistrations.userId, m.id)));
}

describe('D42: joining the waitlist', () => {
  it('only a full tournament, once, for an eligible member not registered; each sees their place', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const open = await addTournament(t, { buyIn: 0, maxPlayers: 4, startDate: new Date(t.now().getTime() + 2 * DAY) });
    const early = await member(t);
    const notFull = await join(early, open);
    expect([notFull.status, await notFull.json()]).toEqual([409, { message: T.notFull }]);

    const { id, registered } = await fullTournament(2);
    const [first, second] = [await member(t), await member(t)];
    expect(await json<WaitlistPlace>(await join(first, id))).toEqual({
      state: 'waiting',
      place: 1,
      offerExpiresAt: null,
    });
    expect(await json<WaitlistPlace>(await join(second, id))).toEqual({
      state: 'waiting',
      place: 2,
      offerExpiresAt: null,
    });
    const twice = await join(first, id);
    expect([twice.status, await twice.json()]).toEqual([409, { message: T.alreadyIn }]);
    const inAlready = await join(registered[0]!, id);
    expect([inAlready.status, await inAlready.json()]).toEqual([409, { message: T.registered }]);
    const fan = await member(t, { role: 'fan' });
    expect((await join(fan, id)).status).toBe(403);
    const unsigned = await member(t, { waiver: false });
    expect((await join(unsigned, id)).status).toBe(403);
    expect(await mine(second, id)).toEqual({ state: 'waiting', place: 2, offerExpiresAt: null });
    expect(await mine(early, id)).toBeNull();
    expect((await detail(id)).waitlisted).toBe(2);

    // Leaving moves the others up.
    expect((await first.agent.delete(`/api/tournaments/${id}/waitlist`)).status).toBe(204);
    expect(await mine(second, id)).toEqual({ state: 'waiting', place: 1, offerExpiresAt: null });
    expect((await first.agent.delete(`/api/tournaments/${id}/waitlist`)).status).toBe(404);
  });

  it('shows the host and admins the line, and nobody else', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const host = await member(t);
    const { id } = await fullTournament(1, { hostId: host.id });
    const waiting = await member(t);
    await json(await join(waiting, id));
    const list = await json<WaitlistEntry[]>(await host.agent.get(`/api/tournaments/${id}/waitlist`));
    expect(list).toEqual([expect.objectContaining({ place: 1, state: 'waiting', offerExpiresAt: null })]);
    expect(
      (await json<WaitlistEntry[]>(await (await leagueAdmin(t)).agent.get(`/api/tournaments/${id}/waitlist`))).length,
    ).toBe(1);
    const refused = await waiting.agent.get(`/api/tournaments/${id}/waitlist`);
    expect([refused.status, await refused.json()]).toEqual([403, { message: T.forbidden }]);
  });
});

describe('D42: a freed spot', () => {
  it('is held for the line: others are refused, the first in line is offered it for 30 minutes and takes it', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const { id, registered } = await fullTournament(2);
    const [first, second, outsider] = [await member(t), await member(t), await member(t)];
    await json(await join(first, id));
    await json(await join(second, id));

    await freeSpot(id, registered[0]!);
    // Before the clock hands it on, the spot is still the line's: nobody else takes it.
    const refused = await register(outsider, id);
    expect([refused.status, await refused.json()]).toEqual([409, { message: TEAM_ENTRY_TEXTS.full }]);
    expect((await register(second, id)).status).toBe(409);

    const { waitlistOffers } = await t.clock();
    expect(waitlistOffers).toHaveLength(1);
    const offered = await mine(first, id);
    expect(offered).toEqual({
      state: 'offered',
      place: 1,
      offerExpiresAt: new Date(t.now().getTime() + OFFER_MS).toISOString(),
    });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, first.id), eq(notifications.kind, 'waitlist')));
    expect(told!.title).toBe(T.offerTitle);
    expect(told!.body).toContain('12:30 PM UTC');
    expect((await detail(id)).waitlisted).toBe(2);
    expect((await register(outsider, id)).status).toBe(409);
    expect((await register(second, id)).status).toBe(409);

    t.advance(10 * MINUTE);
    const taken = await register(first, id);
    expect(taken.status).toBe(200);
    expect(await mine(first, id)).toBeNull();
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, first.id));
    expect(entry!.state).toBe('taken');
    expect(await detail(id)).toMatchObject({ registeredCount: 2, waitlisted: 1 });
    // The tournament is full again: the clock offers nothing.
    expect((await t.clock()).waitlistOffers).toEqual([]);
  });

  it('passes to the next when the offer lapses, and once nobody is in line anyone may register', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const { id, registered } = await fullTournament(1);
    const [first, second, outsider] = [await member(t), await member(t), await member(t)];
    await json(await join(first, id));
    await json(await join(second, id));
    await freeSpot(id, registered[0]!);
    await t.clock();
    expect((await mine(first, id))?.state).toBe('offered');

    t.advance(OFFER_MS);
    await t.clock();
    expect(await mine(first, id)).toBeNull();
    expect(await mine(second, id)).toMatchObject({ state: 'offered', place: 1 });
    const lapsed = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, first.id), eq(notifications.title, T.lapsedTitle)));
    expect(lapsed).toHaveLength(1);
    // The lapsed member may register no more than anyone else while the spot is offered.
    expect((await register(first, id)).status).toBe(409);

    t.advance(OFFER_MS);
    await t.clock();
    expect(await mine(second, id)).toBeNull();
    expect((await detail(id)).waitlisted).toBe(0);
    expect((await register(outsider, id)).status).toBe(200);
  });

  it('with check-in on, an offer never outlasts the close, and the line closes with it', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    // Check-in closes 30 minutes before a start 50 minutes away: in 20 minutes.
    const { id, registered } = await fullTournament(1, { checkIn: true, startsIn: 50 * MINUTE });
    // Inside the 24-hour early window only verified members register (D9), and so join the line.
    const [first, second] = [await member(t, { verified: true }), await member(t, { verified: true })];
    const unverified = await member(t);
    expect((await join(unverified, id)).status).toBe(403);
    await json(await join(first, id));
    await json(await join(second, id));
    await freeSpot(id, registered[0]!);
    await t.clock();
    expect((await mine(first, id))?.offerExpiresAt).toBe(new Date(t.now().getTime() + 20 * MINUTE).toISOString());
    t.advance(20 * MINUTE);
    await t.clock();
    const states = (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.tournamentId, id))).map(
      (e) => e.state,
    );
    expect(states.sort()).toEqual(['closed', 'lapsed']);
    expect((await join(await member(t, { verified: true }), id)).status).toBe(409);
  });
});

describe('D42 races', () => {
  it('10 clock ticks at once for one freed spot make exactly one offer', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const { id, registered } = await fullTournament(3);
    const line: Member[] = [];
    for (let i = 0; i < 5; i++) {
      line.push(await member(t));
      await json(await join(line[i]!, id));
    }
    await freeSpot(id, registered[1]!);
    const reports = await Promise.all(Array.from({ length: 10 }, () => t.clock()));
    expect(reports.flatMap((r) => r.waitlistOffers)).toHaveLength(1);
    const offered = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tournamentId, id), eq(waitlistEntries.state, 'offered')));
    expect(offered.map((e) => e.userId)).toEqual([line[0]!.id]);
  });

  it('10 members registering at once for the offered spot: only the one it was offered to gets it', async () => {
    t = await createTestApp({ now: '2026-12-01T12:00:00Z' });
    const { id, registered } = await fullTournament(2);
    const line: Member[] = [];
    for (let i = 0; i < 3; i++) {
      line.push(await member(t));
      await json(await join(line[i]!, id));
    }
    await freeSpot(id, registered[0]!);
    await t.clock();
    const others = await Promise.all(Array.from({ length: 7 }, () => member(t)));
    const answers = await Promise.all([...others, ...line].map((m) => register(m, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers[others.length]!.status).toBe(200);
    expect((await detail(id)).registeredCount).toBe(2);
  });
});
