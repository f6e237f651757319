// Tournaments played to the end over HTTP on both hosts (D12-D21): the admin starts one early, the Bracket tab's poll
// costs a 304, a stale report is refused, every match is reported, payouts are owed and paid, MVP votes counted, the
// archive shows it; a cancellation; and the tournament clock starts one whose start has come - a cron run on the
// Worker (/__scheduled), a tournament read on the Node host (D12: the clock runs before reads and every minute).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tournamentRegistrations, tournaments as tournamentsTable } from '../../db/schema/tournaments.ts';
import { tournamentWithEntrants } from '../features/competition/money-fixtures.ts';
import type { TournamentPayouts } from '../features/competition/money-schema.ts';
import type { BracketMatch, FinalStandings, MvpPlayer, MvpResult } from '../features/competition/schema.ts';
import { bracketOf, playable, playToCompletion, statusOf, tournamentWithPlayers, winningScore } from '../features/competition/test-helpers.ts';
import { addTournament, json, member } from '../features/payments/test-helpers.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { gradient, pngFile } from '../test/images.ts';
import { eachHost, hostsContext } from './host.ts';

/** The first call's promise, shared by every later call. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

eachHost((host) => {
  const admin = once(() => leagueAdmin(host));

  // Four players, started early by the admin, every match reported: shared by the reads that need a completed one.
  const started = once(async () => {
    const { id, players } = await tournamentWithPlayers(host, { n: 4, prizePool: 1000 });
    const start = await (await admin()).agent.post(`/api/tournaments/${id}/start`);
    return { id, players, start: { status: start.status, bracket: (await start.json()) as BracketMatch[] } };
  });
  const completed = once(async () => {
    const game = await started();
    await playToCompletion(host, await admin(), game.id);
    return game;
  });

  describe('edge/features/competition/routes.ts', () => {
    it('starts early, polls the bracket with a 304, refuses a stale report, marks a match live and plays to the end', async () => {
      const { id, players, start } = await started();
      expect(start.status).toBe(200);
      expect(start.bracket.length).toBeGreaterThanOrEqual(3);
      expect(await statusOf(host, id)).toBe('live');

      const poll = await host.request(`/api/tournaments/${id}/bracket`);
      const tag = poll.headers.get('etag')!;
      expect([poll.status, tag]).toEqual([200, expect.stringMatching(/^W\/"bracket-/)]);
      expect((await host.request(`/api/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } })).status).toBe(304);

      const boss = await admin();
      const match = playable(await bracketOf(host, id))[0]!;
      const stale = await boss.agent.post(`/api/tournaments/${id}/matches/${match.id}/result`, {
        ...winningScore(match, true),
        version: match.version + 1,
      });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({ message: expect.any(String), match: { id: match.id, status: 'upcoming' } });
      const live = await boss.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'live' });
      expect([live.status, ((await live.json()) as BracketMatch).status]).toEqual([200, 'live']);

      await completed();
      expect(await statusOf(host, id)).toBe('completed');
      expect((await host.request(`/api/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } })).status).toBe(200);
      const standings = await host.request(`/api/tournaments/${id}/standings`);
      expect(standings.status).toBe(200);
      const history = await json<unknown[]>(await boss.agent.get(`/api/tournaments/${id}/match-history`));
      expect(history.length).toBeGreaterThanOrEqual(3);
      expect((await players[0]!.agent.get(`/api/tournaments/${id}/match-history`)).status).toBe(403);
      expect((await json<unknown[]>(await players[0]!.agent.get('/api/player/matches'))).length).toBeGreaterThanOrEqual(1);
    });
  });

  describe('edge/features/check-in/routes.ts', () => {
    it('checks an entrant in once inside the window (D39), and the admin checks in another at the door', async () => {
      const id = await addTournament(host, {
        title: 'Door Open',
        startDate: new Date(host.now().getTime() + 60 * 60 * 1000),
        checkIn: true,
        buyIn: 0,
      });
      const [a, b] = [await member(host), await member(host)];
      for (const p of [a, b]) {
        await host.db
          .insert(tournamentRegistrations)
          .values({ tournamentId: id, userId: p.id, status: 'registered', createdAt: host.now() });
      }
      const first = await a.agent.post(`/api/tournaments/${id}/check-in`);
      expect(first.status).toBe(200);
      const { checkedInAt } = (await first.json()) as { checkedInAt: string };
      const again = await a.agent.post(`/api/tournaments/${id}/check-in`);
      expect([again.status, ((await again.json()) as { checkedInAt: string }).checkedInAt]).toEqual([200, checkedInAt]);
      expect((await host.request(`/api/tournaments/${id}/check-in`, { method: 'POST' })).status).toBe(401);

      const [regB] = await host.db
        .select({ id: tournamentRegistrations.id })
        .from(tournamentRegistrations)
        .where(eq(tournamentRegistrations.userId, b.id));
      const boss = await admin();
      const entrants = await json<{ registrationId: number; passHash: string }[]>(await boss.agent.get(`/api/tournaments/${id}/entrants`));
      expect(entrants.map((e) => e.registrationId)).toContain(regB!.id);
      const [pass] = await json<{ registrationId: number; pass: string }[]>(await b.agent.get('/api/entry-passes/mine'));
      expect(pass!.registrationId).toBe(regB!.id);
      const door = await boss.agent.post(`/api/tournaments/${id}/registrations/${regB!.id}/check-in`, {});
      expect(door.status).toBe(200);
      const registrations = await json<{ checkedInAt: string | null }[]>(await host.request(`/api/tournaments/${id}/registrations`));
      expect(registrations.map((r) => r.checkedInAt !== null)).toEqual([true, true]);
    });
  });

  describe('edge/features/score-reports/routes.ts', () => {
    it("a player reports a live match's score (D40), the other sees it, and the same score from them confirms it", async () => {
      const { id, players } = await tournamentWithPlayers(host, { n: 4 });
      const boss = await admin();
      await json(await boss.agent.post(`/api/tournaments/${id}/start`));
      const match = playable(await bracketOf(host, id))[0]!;
      const live = await json<BracketMatch>(await boss.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'live' }));
      const a = players.find((p) => p.id === live.teamA!.userId)!;
      const b = players.find((p) => p.id === live.teamB!.userId)!;
      const path = `/api/tournaments/${id}/matches/${live.id}/score-reports`;
      const score = { ...winningScore(live, true), version: live.version };

      const pending = await json<{ report: { state: string } }>(await a.agent.post(path, score));
      expect(pending.report.state).toBe('pending');
      const seen = await b.agent.get(`/api/tournaments/${id}/score-reports`);
      expect(await seen.json()).toMatchObject({ mine: [{ matchId: live.id, side: 'B' }], reports: [{ state: 'pending' }] });
      const tag = seen.headers.get('etag')!;
      expect((await b.agent.get(`/api/tournaments/${id}/score-reports`, { headers: { 'if-none-match': tag } })).status).toBe(304);
      expect((await host.request(`/api/tournaments/${id}/score-reports`)).status).toBe(401);

      const confirmed = await json<{ report: { state: string } }>(await b.agent.post(path, score));
      expect(confirmed.report.state).toBe('confirmed');
      const after = (await bracketOf(host, id)).find((m) => m.id === live.id)!;
      expect([after.status, after.winnerId]).toEqual(['completed', live.teamA!.id]);
    });
  });

  describe('edge/features/courts/routes.ts', () => {
    it("lists the host's courts, calls a match to one (D41), and takes both players' 'I'm at the court'", async () => {
      const { id, players } = await tournamentWithPlayers(host, { n: 4 });
      const boss = await admin();
      const courts = await boss.agent.put(`/api/tournaments/${id}/courts`, { courts: ['Court 1', 'Court 2'], noShowMinutes: 5 });
      expect(await json(courts)).toEqual({ courts: ['Court 1', 'Court 2'], noShowMinutes: 5 });
      expect(await json(await host.request(`/api/tournaments/${id}/courts`))).toEqual({ courts: ['Court 1', 'Court 2'], noShowMinutes: 5 });
      await json(await boss.agent.post(`/api/tournaments/${id}/start`));
      const match = playable(await bracketOf(host, id))[0]!;
      const called = await json<BracketMatch>(await boss.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'live', court: 'Court 2' }));
      expect([called.status, called.court]).toEqual(['live', 'Court 2']);
      for (const side of [called.teamA, called.teamB]) {
        const p = players.find((x) => x.id === side!.userId)!;
        expect((await p.agent.post(`/api/tournaments/${id}/matches/${match.id}/arrival`)).status).toBe(200);
      }
      const after = (await bracketOf(host, id)).find((m) => m.id === match.id)!;
      expect([after.arrivedA, after.arrivedB]).toEqual([true, true]);
      const claim = await players.find((x) => x.id === called.teamA!.userId)!.agent.post(`/api/tournaments/${id}/matches/${match.id}/forfeit-claims`, { version: after.version });
      expect(claim.status).toBe(409);
    });
  });

  describe('edge/features/waitlist/routes.ts', () => {
    it('puts a member in line for a full tournament (D42), shows them their place and the admin the line', async () => {
      const id = await addTournament(host, { title: 'Full House', buyIn: 0, maxPlayers: 2, startDate: new Date(host.now().getTime() + 3 * 24 * 60 * 60 * 1000) });
      for (let i = 0; i < 2; i++) {
        const p = await member(host);
        await host.db.insert(tournamentRegistrations).values({ tournamentId: id, userId: p.id, status: 'registered', createdAt: host.now() });
      }
      const waiting = await member(host);
      expect(await json(await waiting.agent.post(`/api/tournaments/${id}/waitlist`, {}))).toEqual({ state: 'waiting', place: 1, offerExpiresAt: null });
      expect(await json(await waiting.agent.get(`/api/tournaments/${id}/waitlist/mine`))).toEqual({ state: 'waiting', place: 1, offerExpiresAt: null });
      const line = await json<{ place: number }[]>(await (await admin()).agent.get(`/api/tournaments/${id}/waitlist`));
      expect(line.map((e) => e.place)).toEqual([1]);
      expect((await waiting.agent.delete(`/api/tournaments/${id}/waitlist`)).status).toBe(204);
    });
  });

  describe('edge/features/competition/payout-routes.ts', () => {
    it('lists the payouts the completion owed (D21) and records one paid', async () => {
      const { id } = await completed();
      const boss = await admin();
      const [ledger] = await json<TournamentPayouts[]>(await boss.agent.get(`/api/admin/payouts?tournamentId=${id}`));
      const owed = ledger!.payouts;
      expect(owed.map((p) => [p.place, p.amountDollars, p.status])).toEqual([
        [1, 500, 'owed'],
        [2, 300, 'owed'],
        [3, 150, 'owed'],
        [4, 50, 'owed'],
      ]);
      const paid = await boss.agent.patch(`/api/admin/payouts/${owed[0]!.id}`, { status: 'paid', paidAt: '2026-11-29', reference: 'Check 1042' });
      expect(await json(paid)).toMatchObject({ status: 'paid', paidAt: '2026-11-29', reference: 'Check 1042' });
    });
  });

  describe('edge/features/competition/player-routes.ts', () => {
    it("shows the winner their winnings", async () => {
      const { id, players } = await completed();
      const [ledger] = await json<TournamentPayouts[]>(await (await admin()).agent.get(`/api/admin/payouts?tournamentId=${id}`));
      const first = ledger!.payouts.find((p) => p.place === 1)!;
      const winner = players.find((p) => p.id === first.payee.id)!;
      const winnings = await json<{ tournamentId: number; place: number; amountDollars: number }[]>(await winner.agent.get('/api/player/winnings'));
      expect(winnings).toEqual([expect.objectContaining({ tournamentId: id, place: 1, amountDollars: 500 })]);
    });
  });

  describe('edge/features/archive/routes.ts', () => {
    it('shows the completed tournament in the archive with its standings, a replay link and a championship photo', async () => {
      const { id } = await completed();
      const boss = await admin();
      const listed = await json<{ id: number }[]>(await host.request('/api/tournaments/archive'));
      expect(listed.map((t) => t.id)).toContain(id);
      expect((await host.request(`/api/tournaments/${id}/full-details`)).status).toBe(200);
      const standings = await json<FinalStandings>(await host.request(`/api/tournaments/${id}/final-standings`));
      const placed = [standings.winner, standings.runnerUp, standings.thirdPlace, standings.fourthPlace];
      expect(placed.every((person) => person !== null)).toBe(true);

      const replay = await boss.agent.put(`/api/tournaments/${id}/replay`, { replayVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
      expect(await json(replay)).toEqual({ replayVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
      const form = new FormData();
      form.append('photo', new File([(await pngFile(gradient(200, 150))) as Uint8Array<ArrayBuffer>], 'trophy.png', { type: 'image/png' }));
      const photo = await json<{ id: number; url: string }>(await boss.agent.post(`/api/tournaments/${id}/championship-photos`, form), 201);
      expect((await host.request(photo.url)).headers.get('content-type')).toBe('image/jpeg');
      expect((await boss.agent.delete(`/api/tournaments/${id}/championship-photos/${photo.id}`)).status).toBe(204);
    });
  });

  describe('edge/features/competition/mvp-routes.ts', () => {
    it('lets each player of a live tournament vote once, and shows the count to admins only', async () => {
      const { id, players } = await tournamentWithEntrants(host, 3);
      const candidates = await json<MvpPlayer[]>(await host.request(`/api/tournaments/${id}/players`));
      expect(candidates.map((p) => p.id).sort()).toEqual(players.map((p) => p.id).sort());
      const [a, b, c] = players as [typeof players[0], typeof players[0], typeof players[0]];
      expect(await json(await a.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: c.id }), 201)).toEqual({ hasVoted: true });
      expect(await json(await b.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: c.id }), 201)).toEqual({ hasVoted: true });
      expect((await a.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: b.id })).status).toBe(409);
      expect(await json(await a.agent.get(`/api/tournaments/${id}/my-mvp-vote`))).toEqual({ hasVoted: true });
      expect((await a.agent.get(`/api/tournaments/${id}/mvp-results`)).status).toBe(403);
      const results = await json<MvpResult[]>(await (await admin()).agent.get(`/api/tournaments/${id}/mvp-results`));
      expect(results[0]).toMatchObject({ player: { id: c.id }, voteCount: 2 });
    });
  });

  describe('edge/features/competition/cancel-routes.ts', () => {
    it('cancels an upcoming tournament with a reason; its page says so', async () => {
      const id = await addTournament(host, { buyIn: 0 });
      const player = await member(host);
      await host.db.insert(tournamentRegistrations).values({ tournamentId: id, userId: player.id, status: 'registered', createdAt: host.now() });
      expect((await player.agent.post(`/api/tournaments/${id}/cancel`, { reason: 'Rained out' })).status).toBe(403);
      const cancelled = await (await admin()).agent.post(`/api/tournaments/${id}/cancel`, { reason: 'Rained out' });
      expect(cancelled.status).toBe(200);
      expect(await statusOf(host, id)).toBe('cancelled');
      expect(await json(await host.request(`/api/tournaments/${id}`))).toMatchObject({ id, status: 'cancelled' });
    });
  });

  describe('the tournament clock (D12)', () => {
    it('starts a tournament whose start has come and draws its bracket', async () => {
      const { id } = await tournamentWithPlayers(host, { n: 2 });
      await host.db.update(tournamentsTable).set({ startDate: new Date(Date.now() - 60_000) }).where(eq(tournamentsTable.id, id));
      if (host.name === 'worker') {
        // The Cron Trigger's run, as Cloudflare makes it every minute (wrangler dev --test-scheduled).
        const at = Date.now();
        const cron = await fetch(`${hostsContext().worker.url}/__scheduled?cron=${encodeURIComponent('* * * * *')}&time=${at}`);
        expect(cron.status).toBe(200);
        expect(await statusOf(host, id)).toBe('live');
      } else {
        // The Node host runs the clock before a tournament read (at most every 15 s) and every minute.
        const deadline = Date.now() + 40_000;
        while ((await json<{ status: string }>(await host.request(`/api/tournaments/${id}`))).status !== 'live') {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
      const bracket = await bracketOf(host, id);
      expect(bracket).toHaveLength(1);
      expect(bracket[0]!.teamA && bracket[0]!.teamB).toBeTruthy();
    }, 60_000);
  });
});
