// Hosting a tournament (001 s2, s5, s7, s9; D10, D22, D38) against a real migrated database: who may submit, every
// field's message, the splits, the automatic prize pool, team size, and what the host sees of their submissions.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostedTournaments } from '../../../db/schema/hosting.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { json, member } from '../payments/test-helpers.ts';
import type { Tournament } from '../tournaments/schema.ts';
import {
  automaticPrizePool,
  HOST_MESSAGES as M,
  hostFormats,
  HOSTING_TEXTS,
  type HostedTournament,
  type HostedTournamentPage,
} from './schema.ts';
import { MAX_PENDING_PER_HOST, TOO_MANY_PENDING } from './service.ts';
import { hostForm, verifiedHost } from './test-fixtures.ts';
import { formats } from '../competition/engine/types.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

const host = (agent: { post: (p: string, b?: unknown) => Promise<Response> }, body: unknown) =>
  agent.post('/api/tournaments/host', body);
const allTournaments = () => t.db.select().from(tournaments);

describe('POST /api/tournaments/host: who may submit', () => {
  it('refuses guests (401) and members who are not verified (403), creating nothing', async () => {
    const guest = await t.request('/api/tournaments/host', {
      method: 'POST',
      body: JSON.stringify(hostForm(t)),
      headers: { 'content-type': 'application/json' },
    });
    expect(guest.status).toBe(401);
    for (const role of ['player', 'owner', 'fan'] as const) {
      const m = await member(t, { role });
      const res = await host(m.agent, hostForm(t));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: HOSTING_TEXTS.verifiedOnly });
      // Refused before the body is read: an empty body gets the same answer.
      expect((await host(m.agent, {})).status).toBe(403);
    }
    expect(await allTournaments()).toEqual([]);
  });

  it('creates a pending, unlisted tournament with every field, hosted by the verified member (201)', async () => {
    const h = await verifiedHost(t);
    const created = await json<HostedTournament>(await host(h.agent, hostForm(t)), 201);
    expect(created).toMatchObject({
      title: 'Swiss Summer Classic',
      sport: 'pickleball',
      division: 'open',
      format: 'swiss',
      status: 'pending',
      buyIn: 25,
      prizePool: 320,
      maxPlayers: 16,
      maxTeams: null,
      teamSize: 1,
      venueName: 'Southside Park',
      venueAddress: '123 Court Street, Atlanta, GA 30310',
      location: 'Atlanta, GA',
      startDate: '2026-12-05T12:00:00.000Z',
      endDate: '2026-12-05T20:00:00.000Z',
      flyerUrl: 'https://example.com/flyer.jpg',
      rules: 'Best of three games to 11, win by two. Swiss pairings each round.',
      requirements: 'Bring your own paddle.',
      prizeDistribution: { winner: 30, charity: 15, wta: 55 },
      rejectionReason: null,
      entrantCount: 0,
      host: { id: h.id, isVerified: true },
    });
    // D10: unlisted and without a public page until approved.
    expect(await json<Tournament[]>(await t.request('/api/tournaments'))).toEqual([]);
    expect((await t.request(`/api/tournaments/${created.id}`)).status).toBe(404);
    const mine = await json<HostedTournamentPage>(await h.agent.get('/api/tournaments/hosted/mine'));
    expect(mine).toEqual({ tournaments: [created], nextCursor: null });
  });

  it('trims text and treats empty optional fields as not given', async () => {
    const h = await verifiedHost(t);
    const created = await json<HostedTournament>(
      await host(
        h.agent,
        hostForm(t, { title: '  Spaced Out Cup  ', endDate: '', flyerUrl: '', prizePool: '', maxTeams: null }),
      ),
      201,
    );
    expect(created).toMatchObject({
      title: 'Spaced Out Cup',
      endDate: null,
      flyerUrl: null,
      prizePool: 320,
      maxTeams: null,
    });
  });
});

describe('POST /api/tournaments/host: the rules of 001 s5', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a short title', { title: 'Cup' }, M.title],
    ['no title', { title: undefined }, M.title],
    ['a short description', { description: 'Too short.' }, M.description],
    ['no sport', { sport: undefined }, M.sport],
    ['an unknown sport', { sport: 'curling' }, M.sport],
    ['no division', { division: '' }, M.division],
    ['no format', { format: undefined }, M.format],
    ['an unknown format', { format: 'ladder' }, M.format],
    ['a negative buy-in', { buyIn: -1 }, M.buyIn],
    ['a buy-in with cents', { buyIn: 25.5 }, M.buyInWhole],
    ['a huge buy-in', { buyIn: 10_001 }, M.buyInTooHigh],
    ['a negative prize pool', { prizePool: -5 }, M.prizePool],
    ['one player', { maxPlayers: 1 }, M.maxPlayers],
    ['no max players', { maxPlayers: undefined }, M.maxPlayers],
    ['too many players', { maxPlayers: 129 }, M.maxPlayersTooHigh],
    ['one team', { maxTeams: 1, teamSize: 3 }, M.maxTeams],
    ['max teams as text', { maxTeams: 'eight', teamSize: 3 }, M.maxTeams],
    ['a short venue name', { venueName: 'Gy' }, M.venueName],
    ['a short address', { venueAddress: '1 Main' }, M.venueAddress],
    ['a short location', { location: 'LA' }, M.location],
    ['no start date', { startDate: undefined }, M.startDate],
    ['an empty start date', { startDate: '' }, M.startDate],
    ['a start date that is no date', { startDate: 'next friday' }, M.startDate],
    ['an end before the start', { endDate: '2026-12-01T00:00:00.000Z' }, M.endBeforeStart],
    ['a flyer that is no URL', { flyerUrl: 'flyer.jpg' }, M.flyerUrl],
    ['a flyer on another scheme', { flyerUrl: 'javascript:alert(1)' }, M.flyerUrl],
    ['short rules', { rules: 'Have fun' }, M.rules],
    ['short requirements', { requirements: 'None' }, M.requirements],
    ['a split over 100', { winnerSplit: 101, charitySplit: 0, wtaSplit: 0 }, M.split],
    ['a negative split', { winnerSplit: -10, charitySplit: 55, wtaSplit: 55 }, M.split],
    ['splits that do not add up', { winnerSplit: 50, charitySplit: 15, wtaSplit: 55 }, M.splitsSum],
    ['a team tournament without a team size', { maxTeams: 8 }, M.teamSize],
    ['a team size of one in a team tournament', { maxTeams: 8, teamSize: 1 }, M.teamSize],
    ['a team size without max teams', { teamSize: 3 }, M.teamSizeSolo],
    ['a huge team size', { maxTeams: 4, teamSize: 16 }, M.teamSizeTooHigh],
  ];

  it.each(cases)('refuses %s with 400 and its message, creating nothing', async (_, fields, message) => {
    const h = await verifiedHost(t);
    const res = await host(h.agent, hostForm(t, fields));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await allTournaments()).toEqual([]);
  });

  it('says "Invalid Prize Distribution" in the exact words of 001 s5', () => {
    expect(M.splitsSum).toBe('Invalid Prize Distribution: Prize pool splits must add up to 100%.');
  });

  it('refuses a start that is not in the future', async () => {
    const h = await verifiedHost(t);
    const res = await host(h.agent, hostForm(t, { startDate: t.now().toISOString(), endDate: undefined }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: M.startInPast });
    expect(await allTournaments()).toEqual([]);
  });

  it('accepts splits exactly when each is 0 to 100 and the three add up to 100', async () => {
    const h = await verifiedHost(t);
    const split = fc.integer({ min: -5, max: 105 });
    await fc.assert(
      fc.asyncProperty(split, split, split, async (winnerSplit, charitySplit, wtaSplit) => {
        const res = await host(h.agent, hostForm(t, { winnerSplit, charitySplit, wtaSplit }));
        const valid =
          [winnerSplit, charitySplit, wtaSplit].every((n) => n >= 0 && n <= 100) &&
          winnerSplit + charitySplit + wtaSplit === 100;
        expect(res.status).toBe(valid ? 201 : 400);
        if (valid) {
          const created = (await res.json()) as HostedTournament;
          expect(created.prizeDistribution).toEqual({ winner: winnerSplit, charity: charitySplit, wta: wtaSplit });
          // Keep the host under the pending cap.
          await t.db.delete(tournaments).where(eq(tournaments.id, created.id));
        }
      }),
      {
        numRuns: 40,
        examples: [
          [30, 15, 55],
          [100, 0, 0],
          [0, 0, 100],
          [34, 33, 33],
          [34, 33, 34],
        ],
      },
    );
  });

  it('offers the five formats the competition engine runs', () => {
    expect([...hostFormats]).toEqual([...formats]);
  });
});

describe('the prize pool and team size (001 s9, D22, D38)', () => {
  it('fills an empty prize pool with 80% of buy-in x max players, and x max teams for a team tournament', async () => {
    const h = await verifiedHost(t);
    const solo = await json<HostedTournament>(await host(h.agent, hostForm(t, { buyIn: 50, maxPlayers: 32 })), 201);
    expect(solo.prizePool).toBe(1280);
    const team = await json<HostedTournament>(
      await host(h.agent, hostForm(t, { buyIn: 100, maxPlayers: 24, maxTeams: 8, teamSize: 3 })),
      201,
    );
    expect(team).toMatchObject({ prizePool: 640, maxTeams: 8, teamSize: 3, maxPlayers: 24 });
    // A prize pool the host gives, zero included, is kept.
    const given = await json<HostedTournament>(await host(h.agent, hostForm(t, { prizePool: 0 })), 201);
    expect(given.prizePool).toBe(0);
    const free = await json<HostedTournament>(await host(h.agent, hostForm(t, { buyIn: 0 })), 201);
    expect(free.prizePool).toBe(0);
  });

  it('computes the automatic prize pool in whole dollars without floating-point loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 2, max: 128 }), (buyIn, maxPlayers) => {
        const pool = automaticPrizePool({ buyIn, maxPlayers });
        expect(Number.isInteger(pool)).toBe(true);
        expect(pool).toBe(Math.floor((buyIn * maxPlayers * 4) / 5));
      }),
    );
    expect(automaticPrizePool({ buyIn: 25, maxPlayers: 16 })).toBe(320);
    expect(automaticPrizePool({ buyIn: 25, maxPlayers: 16, maxTeams: 4 })).toBe(80);
  });

  it('stores the team size a team tournament needs (the database refuses a team tournament without one)', async () => {
    const h = await verifiedHost(t);
    const created = await json<HostedTournament>(await host(h.agent, hostForm(t, { maxTeams: 6, teamSize: 5 })), 201);
    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, created.id));
    expect(row).toMatchObject({ maxTeams: 6, teamSize: 5, status: 'pending' });
    const solo = await json<HostedTournament>(await host(h.agent, hostForm(t, { teamSize: 1 })), 201);
    expect(solo).toMatchObject({ maxTeams: null, teamSize: 1 });
  });
});

describe('a host and their submissions', () => {
  it(`keeps at most ${MAX_PENDING_PER_HOST} submissions waiting per host, even when sent at once`, async () => {
    const h = await verifiedHost(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_PENDING_PER_HOST + 3 }, (_, i) =>
        host(h.agent, hostForm(t, { title: `Queued Cup ${i}` })),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_PENDING_PER_HOST);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    expect(await refused[0]!.json()).toEqual({ message: TOO_MANY_PENDING });
    expect(await t.db.select().from(hostedTournaments)).toHaveLength(MAX_PENDING_PER_HOST);
  });

  it('lists only the signed-in host’s submissions, newest first, a page at a time from the host index', async () => {
    const h = await verifiedHost(t);
    const other = await verifiedHost(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await json<HostedTournament>(await host(h.agent, hostForm(t, { title: `Mine ${i} Cup` })), 201)).id);
    await json(await host(other.agent, hostForm(t, { title: 'Not Mine Cup' })), 201);

    const first = await json<HostedTournamentPage>(await h.agent.get('/api/tournaments/hosted/mine?limit=3'));
    expect(first.tournaments.map((x) => x.id)).toEqual(ids.slice(2).reverse());
    const second = await json<HostedTournamentPage>(
      await h.agent.get(`/api/tournaments/hosted/mine?limit=3&cursor=${first.nextCursor}`),
    );
    expect(second).toEqual({ tournaments: expect.any(Array), nextCursor: null });
    expect(second.tournaments.map((x) => x.id)).toEqual(ids.slice(0, 2).reverse());

    expect((await t.request('/api/tournaments/hosted/mine')).status).toBe(401);
    expect((await h.agent.get('/api/tournaments/hosted/mine?cursor=nonsense!')).status).toBe(400);

    const plan = await t.client.execute({
      sql: `explain query plan select id from tournaments where host_id = ? and id < ? order by id desc limit 4`,
      args: [h.id, 1000],
    });
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(/tournaments_host_idx/);
  });
});
