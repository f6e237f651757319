// Team tournaments in the engine (D22) against a real migrated database: the entrants are teams seeded by their
// rosters' summed points, every match moves the team's record and its members' teamWins/teamLosses, the start
// counts tournamentsPlayed, completion counts the championship and credits every member of the roster at entry with
// D14's points as ledger rows (D38), the champion's payout goes to the owner (D21), all exactly once under retries
// and corrections.
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrants, finalStandings, payouts, pointsLedger } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import { compute, engineInput, loadBracket } from './bracket-store.ts';
import { settleTournament } from './completion.ts';
import { formats, type Format } from './engine/types.ts';
import { leagueAdmin } from './money-fixtures.ts';
import type { BracketMatch } from './schema.ts';
import {
  bracketOf,
  playToCompletion,
  statusOf,
  tournamentWithTeams,
  winningScore,
  type EnteredTeam,
} from './test-helpers.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

const start = (id: number) => admin.agent.post(`/api/tournaments/${id}/start`);

/** What D22 calls for, computed from the bracket and the final standings alone. */
async function expectedOutcome(id: number, entered: EnteredTeam[]) {
  const bracket = await bracketOf(t, id);
  const entrantRows = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id));
  const teamOf = new Map(entrantRows.map((e) => [e.id, e.teamId!]));
  const rosterOf = new Map(entered.map((team) => [team.id, team.members.map((m) => m.id)]));
  const record = new Map(entered.map((team) => [team.id, { wins: 0, losses: 0 }]));
  const points = new Map<string, number>();
  const credit = (teamId: number | undefined, n: number) => {
    for (const userId of rosterOf.get(teamId ?? -1) ?? []) points.set(userId, (points.get(userId) ?? 0) + n);
  };
  for (const team of entered) credit(team.id, 5);
  for (const m of bracket) {
    if (m.status !== 'completed' || m.forfeit || m.winnerId === null) continue;
    const loserId = m.winnerId === m.teamA!.id ? m.teamB!.id : m.teamA!.id;
    record.get(teamOf.get(m.winnerId)!)!.wins += 1;
    record.get(teamOf.get(loserId)!)!.losses += 1;
    credit(teamOf.get(m.winnerId), 10);
  }
  const [standings] = await t.db.select().from(finalStandings).where(eq(finalStandings.tournamentId, id));
  const placed = [standings?.winnerId, standings?.runnerUpId, standings?.thirdPlaceId, standings?.fourthPlaceId];
  [100, 60, 40, 25].forEach((n, i) => credit(teamOf.get(placed[i] ?? -1), n));
  if (standings?.mvpUserId) points.set(standings.mvpUserId, (points.get(standings.mvpUserId) ?? 0) + 20);
  return {
    record,
    points,
    championTeamId: teamOf.get(standings?.winnerId ?? -1) ?? null,
    placed: placed.map((e) => teamOf.get(e ?? -1)),
  };
}

/** Every figure D22 moves, as stored now (to compare before and after a retry). */
async function figures(id: number, entered: EnteredTeam[]) {
  const ids = entered.flatMap((team) => [team.owner.id, ...team.members.map((m) => m.id)]);
  return {
    teams: await t.db
      .select()
      .from(teams)
      .where(
        inArray(
          teams.id,
          entered.map((team) => team.id),
        ),
      )
      .orderBy(teams.id),
    users: await t.db
      .select({
        id: users.id,
        wtaPoints: users.wtaPoints,
        teamWins: users.teamWins,
        teamLosses: users.teamLosses,
        wins: users.wins,
        losses: users.losses,
        gamesPlayed: users.gamesPlayed,
      })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id),
    ledger: await t.db.select().from(pointsLedger).where(eq(pointsLedger.tournamentId, id)).orderBy(pointsLedger.id),
    payouts: await t.db.select().from(payouts).where(eq(payouts.tournamentId, id)).orderBy(payouts.id),
  };
}

/** The stored figures agree with the bracket: D22's invariants, for teams that started from nothing. */
async function expectConsistent(
  id: number,
  entered: EnteredTeam[],
  initialPoints: (userId: string) => number = () => 0,
) {
  const expected = await expectedOutcome(id, entered);
  const now = await figures(id, entered);
  const [tournament] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
  for (const team of now.teams) {
    const r = expected.record.get(team.id)!;
    expect({
      wins: team.wins,
      losses: team.losses,
      played: team.tournamentsPlayed,
      titles: team.championshipWins,
    }).toEqual({
      wins: r.wins,
      losses: r.losses,
      played: 1,
      titles: team.id === expected.championTeamId ? 1 : 0,
    });
  }
  const userById = new Map(now.users.map((u) => [u.id, u]));
  const ledgerSum = new Map<string, number>();
  for (const row of now.ledger) ledgerSum.set(row.userId, (ledgerSum.get(row.userId) ?? 0) + row.points);
  for (const team of entered) {
    const r = expected.record.get(team.id)!;
    for (const m of team.members) {
      const u = userById.get(m.id)!;
      // teamWins/teamLosses, never the solo record.
      expect({
        teamWins: u.teamWins,
        teamLosses: u.teamLosses,
        wins: u.wins,
        losses: u.losses,
        games: u.gamesPlayed,
      }).toEqual({
        teamWins: r.wins,
        teamLosses: r.losses,
        wins: 0,
        losses: 0,
        games: 0,
      });
      expect(ledgerSum.get(m.id) ?? 0).toBe(expected.points.get(m.id) ?? 0);
      expect(u.wtaPoints).toBe(initialPoints(m.id) + (expected.points.get(m.id) ?? 0));
    }
    // The owner entered the team; they did not play.
    expect(ledgerSum.get(team.owner.id) ?? 0).toBe(0);
    expect(userById.get(team.owner.id)!.wtaPoints).toBe(0);
  }
  expect(new Set(now.ledger.map((row) => row.teamSize))).toEqual(
    new Set(now.ledger.length ? [tournament!.teamSize] : []),
  );
  // D21: the top four's payouts go to their teams' owners.
  const ownerOf = new Map(entered.map((team) => [team.id, team.owner.id]));
  const live = now.payouts.filter((p) => p.kind === 'payout' && p.status !== 'void').sort((a, b) => a.place - b.place);
  expect(live.map((p) => p.userId)).toEqual(
    expected.placed.slice(0, live.length).map((teamId) => ownerOf.get(teamId ?? -1)),
  );
  expect(tournament).toMatchObject({ status: 'completed', championId: null, championTeamId: expected.championTeamId });
}

/** A completion run again in its own transaction, as a retried request or a second clock would. */
async function settleAgain(id: number) {
  await t.db.transaction(
    async (tx) => {
      const loaded = (await loadBracket(tx, id))!;
      await settleTournament(tx, loaded, await compute(engineInput(loaded)), {
        actor: null,
        now: t.now(),
        leagueEmailDomain: 'wta.local',
      });
    },
    { behavior: 'immediate' },
  );
}

describe('starting a team tournament', () => {
  it("makes the registered teams its entrants, seeded by their rosters' summed points then earliest registration", async () => {
    // Sums: A 30, B 30 (registered later), C 50, D 5 (an unpaid hold, which does not play).
    const points = [
      [10, 20],
      [15, 15],
      [0, 50],
      [5, 0],
    ];
    const { id, teams: entered } = await tournamentWithTeams(t, { n: 4, points: (i, j) => points[i]![j]! });
    await t.db
      .update(tournamentRegistrations)
      .set({ status: 'pending_payment' })
      .where(eq(tournamentRegistrations.id, entered[3]!.registrationId));
    const bracket = await json<BracketMatch[]>(await start(id));
    const rows = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id)).orderBy(entrants.seed);
    expect(rows.map((e) => [e.seed, e.name, e.teamId, e.userId])).toEqual([
      [1, 'Team C', entered[2]!.id, entered[2]!.owner.id],
      [2, 'Team A', entered[0]!.id, entered[0]!.owner.id],
      [3, 'Team B', entered[1]!.id, entered[1]!.owner.id],
    ]);
    const sides = bracket.flatMap((m) => [m.teamA, m.teamB]).filter((s) => s !== null);
    expect(sides.every((s) => s!.teamId !== null && s!.name.startsWith('Team '))).toBe(true);

    // tournamentsPlayed +1 for each team that plays, once: a second start is refused and changes nothing.
    const played = async () =>
      (await t.db.select({ id: teams.id, n: teams.tournamentsPlayed }).from(teams).orderBy(teams.id)).map((r) => r.n);
    expect(await played()).toEqual([1, 1, 1, 0]);
    expect((await start(id)).status).toBe(409);
    expect(await played()).toEqual([1, 1, 1, 0]);
  });

  it("reminds each entered team's owner and roster at entry within the hour before the start (D15)", async () => {
    const { teams: entered } = await tournamentWithTeams(t, { n: 2 });
    t.setNow(new Date(t.now().getTime() + 24 * 60 * 60 * 1000 - 30 * 60 * 1000));
    await t.clock();
    const reminded = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'tournament_starting'));
    const everyone = entered.flatMap((team) => [team.owner.id, ...team.members.map((m) => m.id)]);
    expect(reminded.map((r) => r.userId).sort()).toEqual(everyone.sort());
  });

  it('is cancelled by the clock with fewer than 2 teams (D33)', async () => {
    const { id } = await tournamentWithTeams(t, { n: 1 });
    t.setNow(new Date(t.now().getTime() + 2 * 24 * 60 * 60 * 1000));
    await t.clock();
    expect(await statusOf(t, id)).toBe('cancelled');
    const [row] = await t.db
      .select({ reason: tournaments.cancellationReason })
      .from(tournaments)
      .where(eq(tournaments.id, id));
    expect(row!.reason).toBe('Fewer than 2 teams were registered when the tournament was due to start.');
    expect((await t.db.select({ n: teams.tournamentsPlayed }).from(teams))[0]!.n).toBe(0);
  });
});

describe('a team tournament played to completion', () => {
  it('updates team and member figures exactly once, for the roster as it was at entry', async () => {
    const { id, teams: entered } = await tournamentWithTeams(t, { n: 4, size: () => 3, teamSize: 3 });
    // After entry, Team A loses a player and gains one: the roster at entry still plays and is credited.
    const [a] = entered;
    const newcomer = await member(t);
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, a!.members[2]!.id));
    await t.db
      .insert(teamMembers)
      .values({ teamId: a!.id, userId: newcomer.id, position: 'player', joinedAt: t.now() });

    await json(await start(id));
    // A fan votes a member of the runner-up team (seed 2) MVP while the tournament is live (D22).
    const fan = await member(t, { role: 'fan' });
    expect(
      (await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: entered[1]!.members[1]!.id })).status,
    ).toBe(201);
    expect((await fan.agent.post(`/api/tournaments/${id}/mvp-vote`, { playerId: newcomer.id })).status).toBe(409);
    await playToCompletion(t, admin, id);
    expect(await statusOf(t, id)).toBe('completed');
    await expectConsistent(id, entered);

    // The member's own view (001 s3 User: teamWins, teamLosses), for the member who left after entry too.
    expect(await json(await a!.members[2]!.agent.get('/api/auth/user'))).toMatchObject({
      teamWins: 2,
      teamLosses: 0,
      wins: 0,
    });
    const [newcomerRow] = await t.db.select().from(users).where(eq(users.id, newcomer.id));
    expect(newcomerRow).toMatchObject({ wtaPoints: 0, teamWins: 0, teamLosses: 0 });
    const [standings] = await t.db.select().from(finalStandings).where(eq(finalStandings.tournamentId, id));
    expect(standings!.mvpUserId).toBe(entered[1]!.members[1]!.id);
    // Seeds 1-4 finished 1-4: Team A is champion, and each of its three members holds 100 + 2 x 10 + 5.
    const ledgerA = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, a!.members[2]!.id));
    expect(ledgerA.map((r) => [r.reason, r.points]).sort()).toEqual([
      ['champion', 100],
      ['match-win', 20],
      ['participation', 5],
    ]);
    const detail = await json<Tournament>(await t.request(`/api/tournaments/${id}`));
    expect(detail).toMatchObject({
      maxTeams: 4,
      teamSize: 3,
      champion: null,
      championTeam: { id: a!.id, name: 'Team A' },
    });

    // Retries: the final reported again, and the completion run again, change nothing.
    const before = await figures(id, entered);
    const final = (await bracketOf(t, id)).filter((m) => m.stage === 'main').sort((x, y) => y.round - x.round)[0]!;
    await json(
      await admin.agent.post(`/api/tournaments/${id}/matches/${final.id}/result`, {
        scoreA: final.teamA!.score,
        scoreB: final.teamB!.score,
        version: final.version,
      }),
    );
    await settleAgain(id);
    await settleAgain(id);
    expect(await figures(id, entered)).toEqual(before);
  });

  it('moves the championship, records and points by the difference when a correction crowns another team', async () => {
    const { id, teams: entered } = await tournamentWithTeams(t, { n: 4 });
    await json(await start(id));
    await playToCompletion(t, admin, id);
    const final = (await bracketOf(t, id)).filter((m) => m.stage === 'main').sort((x, y) => y.round - x.round)[0]!;
    const aWon = final.winnerId === final.teamA!.id;
    t.advance(60 * 60 * 1000);
    await json(
      await admin.agent.post(`/api/tournaments/${id}/matches/${final.id}/result`, {
        ...winningScore(final, !aWon, true),
        version: final.version,
      }),
    );
    await expectConsistent(id, entered);
    const titles = (await t.db.select({ id: teams.id, n: teams.championshipWins }).from(teams).orderBy(teams.id)).map(
      (r) => r.n,
    );
    expect(titles).toEqual([0, 1, 0, 0]);
    const before = await figures(id, entered);
    await settleAgain(id);
    expect(await figures(id, entered)).toEqual(before);
  });

  it('keeps every member equal to the ledger and every figure counted once, for random team brackets', async () => {
    // Each run is a fresh tournament of fresh teams in the same database.
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          n: fc.integer({ min: 2, max: 6 }),
          format: fc.constantFrom<Format>(...formats),
          sizes: fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 6, maxLength: 6 }),
          winners: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
          retries: fc.integer({ min: 1, max: 2 }),
        }),
        async ({ n, format, sizes, winners, retries }) => {
          const { id, teams: entered } = await tournamentWithTeams(t, { n, format, size: (i) => sizes[i]! });
          await json(await start(id));
          let k = 0;
          await playToCompletion(t, admin, id, () => winners[k++ % winners.length]!);
          await expectConsistent(id, entered);
          const before = await figures(id, entered);
          for (let r = 0; r < retries; r++) await settleAgain(id);
          expect(await figures(id, entered)).toEqual(before);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
