// MVP voting (000 s2, s5, s7; D6, D14, D22) against a real migrated database: who can be voted for, one vote per
// member even when ten are sent at once, the admins' ranked results, and the rule that decides the MVP.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrants, mvpVotes } from '../../../db/schema/competition.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTournament, json, member } from '../payments/test-helpers.ts';
import { leagueAdmin, tournamentWithEntrants } from './money-fixtures.ts';
import { decideMvp, decideTournamentMvp, type MvpVoteRecord } from './mvp.ts';
import type { MvpPlayer, MvpResult } from './schema.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

const setName = (id: string, firstName: string, lastName: string, city: string | null = null) =>
  t.db.update(users).set({ firstName, lastName, city }).where(eq(users.id, id));

describe('GET /api/tournaments/{id}/players', () => {
  it("lists a live tournament's entrants as MVP players, by name, with a null city for 'Unknown City'", async () => {
    const { id, players } = await tournamentWithEntrants(t, 3);
    await setName(players[0]!.id, 'Zoe', 'Adams', 'Atlanta');
    await setName(players[1]!.id, 'amir', 'Brown');
    await setName(players[2]!.id, 'Bea', 'Cole', 'Austin');
    // Registered but not an entrant (joined after the start): not a candidate.
    await member(t);

    const list = await json<MvpPlayer[]>(await t.request(`/api/tournaments/${id}/players`));
    expect(list).toEqual([
      { id: players[1]!.id, firstName: 'amir', lastName: 'Brown', profileImageUrl: null, city: null },
      { id: players[2]!.id, firstName: 'Bea', lastName: 'Cole', profileImageUrl: null, city: 'Austin' },
      { id: players[0]!.id, firstName: 'Zoe', lastName: 'Adams', profileImageUrl: null, city: 'Atlanta' },
    ]);
  });

  it('answers [] before and after the live phase, and 404 for unknown, malformed and unlisted tournaments', async () => {
    for (const status of ['upcoming', 'completed', 'cancelled'] as const) {
      const { id } = await tournamentWithEntrants(t, 2, { status });
      expect(await json(await t.request(`/api/tournaments/${id}/players`))).toEqual([]);
    }
    const pending = await addTournament(t, { status: 'pending' });
    for (const path of ['/api/tournaments/999/players', '/api/tournaments/abc/players', `/api/tournaments/${pending}/players`]) {
      expect(await json(await t.request(path), 404)).toEqual({ message: 'Tournament not found' });
    }
  });

  it('lists every member of an entered team\'s roster at entry (D22), once, beside the solo entrants', async () => {
    const { id, players } = await tournamentWithEntrants(t, 1);
    const owner = await member(t, { role: 'owner' });
    const mate = await member(t);
    const latecomer = await member(t);
    const [team] = await t.db.insert(teams).values({ name: 'Rockets', ownerId: owner.id }).returning({ id: teams.id });
    const [entry] = await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: id, userId: owner.id, teamId: team!.id, status: 'registered', createdAt: t.now() })
      .returning({ id: tournamentRegistrations.id });
    // The roster at entry: the mate, and a player who is also a solo entrant (listed once).
    await t.db.insert(teamEntryMembers).values(
      [mate.id, players[0]!.id].map((userId) => ({
        registrationId: entry!.id,
        tournamentId: id,
        teamId: team!.id,
        userId,
        position: 'player',
        createdAt: t.now(),
      })),
    );
    // Joined the team after it entered: not on the roster that plays.
    await t.db.insert(teamMembers).values({ teamId: team!.id, userId: latecomer.id, joinedAt: t.now() });
    await t.db
      .insert(entrants)
      .values({ tournamentId: id, userId: owner.id, teamId: team!.id, registrationId: entry!.id, name: 'Rockets', seed: 2, createdAt: t.now() });

    const list = await json<MvpPlayer[]>(await t.request(`/api/tournaments/${id}/players`));
    expect(list.map((p) => p.id).sort()).toEqual([mate.id, players[0]!.id].sort());
    const fan = await member(t, { role: 'fan' });
    expect(await json(await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: latecomer.id }), 400)).toEqual({
      message: 'Player is not in this tournament',
    });
    expect((await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: mate.id })).status).toBe(201);
  });
});

describe('POST /api/tournaments/{id}/mvp-vote and GET .../my-mvp-vote', () => {
  it('records one vote and then says hasVoted; a second vote is refused with 409 and changes nothing', async () => {
    const { id, players } = await tournamentWithEntrants(t, 2);
    const fan = await member(t, { role: 'fan' });
    expect(await json(await fan.agent.get(`/api/tournaments/${id}/my-mvp-vote`))).toEqual({ hasVoted: false });

    expect(await json(await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: players[0]!.id }), 201)).toEqual({
      hasVoted: true,
    });
    expect(await json(await fan.agent.get(`/api/tournaments/${id}/my-mvp-vote`))).toEqual({ hasVoted: true });

    expect(await json(await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: players[1]!.id }), 409)).toEqual({
      message: 'You have already voted',
    });
    const votes = await t.db.select().from(mvpVotes).where(eq(mvpVotes.tournamentId, id));
    expect(votes).toMatchObject([{ voterId: fan.id, playerId: players[0]!.id }]);
  });

  it('records exactly one of 10 votes sent at once by one member (the unique index decides)', async () => {
    const { id, players } = await tournamentWithEntrants(t, 4);
    const fan = await member(t, { role: 'fan' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: players[i % 4]!.id })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await t.db.select().from(mvpVotes).where(eq(mvpVotes.voterId, fan.id))).toHaveLength(1);
  });

  it('refuses guests (401), non-live tournaments (409), non-entrants (400), a missing player (400) and unknown tournaments (404)', async () => {
    const { id, players } = await tournamentWithEntrants(t, 2);
    const body = JSON.stringify({ playerId: players[0]!.id });
    const guest = await t.request(`/api/tournaments/${id}/mvp-vote`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await json(guest, 401)).toEqual({ message: 'Unauthorized' });
    expect(await json(await t.request(`/api/tournaments/${id}/my-mvp-vote`), 401)).toEqual({ message: 'Unauthorized' });

    const voter = await member(t);
    const outsider = await member(t);
    expect(await json(await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: outsider.id }), 400)).toEqual({
      message: 'Player is not in this tournament',
    });
    expect(await json(await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: 'no-such-user' }), 400)).toEqual({
      message: 'Player is not in this tournament',
    });
    expect(await json(await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, {}), 400)).toMatchObject({ message: 'Select a Player' });
    expect(await json(await voter.agent.post('/api/tournaments/4242/mvp-vote', { playerId: players[0]!.id }), 404)).toEqual({
      message: 'Tournament not found',
    });
    expect(await json(await voter.agent.get('/api/tournaments/4242/my-mvp-vote'), 404)).toEqual({ message: 'Tournament not found' });

    for (const status of ['upcoming', 'completed', 'cancelled'] as const) {
      await t.db.update(tournaments).set({ status }).where(eq(tournaments.id, id));
      expect(await json(await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: players[0]!.id }), 409)).toEqual({
        message: 'MVP voting is open only while the tournament is live',
      });
    }
    expect(await t.db.select().from(mvpVotes)).toHaveLength(0);
  });
});

describe('GET /api/tournaments/{id}/mvp-results (admins, D6)', () => {
  it('ranks the voted players by votes, ties by name, while live and after completion', async () => {
    const { id, players } = await tournamentWithEntrants(t, 4);
    const [a, b, c] = players;
    await setName(a!.id, 'Cara', 'One');
    await setName(b!.id, 'Abe', 'Two');
    await setName(c!.id, 'Bo', 'Three');
    const ballots = [a, a, a, b, c, b, c];
    for (const choice of ballots) {
      const voter = await member(t, { role: 'fan' });
      expect((await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: choice!.id })).status).toBe(201);
    }
    const admin = await leagueAdmin(t);
    const expected = [
      { player: { id: a!.id, firstName: 'Cara', lastName: 'One', profileImageUrl: null, city: null }, voteCount: 3 },
      { player: { id: b!.id, firstName: 'Abe', lastName: 'Two', profileImageUrl: null, city: null }, voteCount: 2 },
      { player: { id: c!.id, firstName: 'Bo', lastName: 'Three', profileImageUrl: null, city: null }, voteCount: 2 },
    ];
    expect(await json<MvpResult[]>(await admin.agent.get(`/api/tournaments/${id}/mvp-results`))).toEqual(expected);
    await t.db.update(tournaments).set({ status: 'completed' }).where(eq(tournaments.id, id));
    expect(await json<MvpResult[]>(await admin.agent.get(`/api/tournaments/${id}/mvp-results`))).toEqual(expected);

    await t.db.update(tournaments).set({ status: 'upcoming' }).where(eq(tournaments.id, id));
    expect(await json(await admin.agent.get(`/api/tournaments/${id}/mvp-results`), 409)).toEqual({
      message: 'MVP results are shown only while the tournament is live or once it is completed',
    });
    expect(await json(await admin.agent.get('/api/tournaments/4242/mvp-results'), 404)).toEqual({ message: 'Tournament not found' });
  });

  it('refuses guests (401), members, players and an admin role off the league domain (403)', async () => {
    const { id, players } = await tournamentWithEntrants(t, 2);
    expect((await t.request(`/api/tournaments/${id}/mvp-results`)).status).toBe(401);
    expect((await players[0]!.agent.get(`/api/tournaments/${id}/mvp-results`)).status).toBe(403);
    const fan = await member(t, { role: 'fan' });
    expect((await fan.agent.get(`/api/tournaments/${id}/mvp-results`)).status).toBe(403);
    const foreign = await member(t, { role: 'super_admin', email: 'root@other-league.example' });
    expect(await json(await foreign.agent.get(`/api/tournaments/${id}/mvp-results`), 403)).toEqual({
      message: 'Admin access requires an e-mail address on the league domain',
    });
  });
});

describe('decideMvp (D14, ADR 023)', () => {
  const vote = (playerId: string, castAt: number): MvpVoteRecord => ({ playerId, castAt });

  it('picks the most votes; null without votes', () => {
    expect(decideMvp([])).toBeNull();
    expect(decideMvp([vote('a', 1), vote('b', 2), vote('b', 3)])).toBe('b');
  });

  it('breaks a tie by the better final place, then by who reached the count first, then by id', () => {
    const places: Record<string, number> = { c: 2, d: 4 };
    const placeOf = (id: string) => places[id] ?? null;
    // a and c tie on 2: c finished 2nd, a unplaced.
    expect(decideMvp([vote('a', 1), vote('a', 2), vote('c', 3), vote('c', 9)], placeOf)).toBe('c');
    // c (2nd) beats d (4th) whatever the timing.
    expect(decideMvp([vote('d', 1), vote('c', 5)], placeOf)).toBe('c');
    // Both unplaced: x reached 2 votes at t=4, y at t=6.
    expect(decideMvp([vote('y', 1), vote('x', 2), vote('x', 4), vote('y', 6)])).toBe('x');
    // Same place, same moment: the lower id, so the answer never depends on the order of the rows.
    expect(decideMvp([vote('q', 5), vote('p', 5)])).toBe('p');
  });

  it('never depends on the order of the votes and always picks someone with the most votes (property)', () => {
    const arbitraryVotes = fc.array(fc.record({ playerId: fc.constantFrom('a', 'b', 'c', 'd', 'e'), castAt: fc.integer({ min: 0, max: 20 }) }), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(arbitraryVotes, fc.func(fc.option(fc.integer({ min: 1, max: 4 }))), (votes, placeFn) => {
        const places = new Map(['a', 'b', 'c', 'd', 'e'].map((id) => [id, placeFn(id)]));
        const placeOf = (id: string) => places.get(id) ?? null;
        const winner = decideMvp(votes, placeOf);
        expect(decideMvp([...votes].reverse(), placeOf)).toBe(winner);
        if (votes.length === 0) {
          expect(winner).toBeNull();
          return;
        }
        const counts = new Map<string, number>();
        for (const v of votes) counts.set(v.playerId, (counts.get(v.playerId) ?? 0) + 1);
        expect(counts.get(winner!)).toBe(Math.max(...counts.values()));
      }),
    );
  });

  it("decides a tournament's MVP from its stored votes and the final places", async () => {
    const { id, players } = await tournamentWithEntrants(t, 4);
    const [first, second] = players;
    // One vote each for the runner-up and the champion: the champion's better place decides.
    for (const choice of [second, first]) {
      const voter = await member(t, { role: 'fan' });
      await voter.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: choice!.id });
    }
    expect(await decideTournamentMvp(t.db, id, [[first!.id], [second!.id]])).toBe(first!.id);
    expect(await decideTournamentMvp(t.db, id, [[second!.id], [first!.id]])).toBe(second!.id);
  });
});
