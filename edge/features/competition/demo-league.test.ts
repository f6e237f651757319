// The demo league (D18) played through the engine (issue 11): what a fresh `npm start` shows on the Bracket tab,
// the final standings and the dashboards comes from the engine, not from rows written by hand.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrants, finalStandings, matches, matchHistory, payouts } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { seedDemoData } from '../../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { readScoreReports } from '../score-reports/read.ts';
import { DEMO_COURTS, playDemoLeague } from './demo-league.ts';
import type { BracketMatch } from './schema.ts';
import { expectedPoints, ledgerPoints } from './test-helpers.ts';

const NOW = new Date('2026-03-10T14:25:00Z');

let t: TestApp;
let firstRun: Awaited<ReturnType<typeof playDemoLeague>>;
beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    seed: async (db) => {
      await seedDemoData(db, { now: NOW, hashPassword: async (p) => `fake$${p}`, includeDemoAccounts: true, waiverSigningKey: 'demo-test-waiver-signing-key-0123456789ab' });
    },
  });
  firstRun = await playDemoLeague(t.db, { now: NOW, leagueEmailDomain: t.config.leagueEmailDomain });
});
afterAll(() => t.cleanup());

describe('the demo league through the engine', () => {
  it('plays every live and completed tournament once', async () => {
    const played = await t.db.select({ id: tournaments.id }).from(tournaments).where(inArray(tournaments.status, ['live', 'completed']));
    expect(firstRun.played).toBe(played.length);
    expect(firstRun.reported).toBeGreaterThan(played.length);
    expect(await playDemoLeague(t.db, { now: NOW, leagueEmailDomain: t.config.leagueEmailDomain })).toEqual({ played: 0, reported: 0 });
  });

  it('the live tournament has a bracket in progress: round 1 reported, the next matches called to its courts', async () => {
    const [live] = await t.db.select().from(tournaments).where(eq(tournaments.status, 'live'));
    const res = await t.request(`/api/tournaments/${live!.id}/bracket`);
    const bracket = (await res.json()) as BracketMatch[];
    expect(bracket.filter((m) => m.stage === 'main' && m.round === 1).every((m) => m.status === 'completed')).toBe(true);
    expect(bracket.some((m) => m.status === 'upcoming')).toBe(true);
    // D41: the host listed two courts and called both semifinals half an hour ago; both sides came to each court.
    expect(await (await t.request(`/api/tournaments/${live!.id}/courts`)).json()).toEqual({ courts: DEMO_COURTS, noShowMinutes: 10 });
    const called = bracket.filter((m) => m.status === 'live').sort((a, b) => a.matchNumber - b.matchNumber);
    expect(called.map((m) => [m.round, m.court, m.arrivedA, m.arrivedB])).toEqual([
      [2, 'Court 1', true, true],
      [2, 'Court 2', true, true],
    ]);
    for (const m of called) {
      expect(new Date(m.calledAt!).getTime()).toBeLessThanOrEqual(NOW.getTime() - 25 * 60 * 1000);
      expect(new Date(m.calledAt!).getTime()).toBeGreaterThan(live!.startDate.getTime());
    }
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'match_called'));
    expect(told.map((n) => n.title).filter((title) => title.includes(' - Court '))).toHaveLength(4);

    // D40: the match on Court 2 waits for the host: its players reported different scores. The host (the admins) hear.
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@wta.local'));
    const view = await readScoreReports(t.db, live!.id, admin!, t.config.leagueEmailDomain);
    const [court1, court2] = called as [BracketMatch, BracketMatch];
    expect(view.reports.map((r) => [r.matchId, r.state])).toEqual([[court2.id, 'disputed']]);
    const [first, second] = view.reports[0]!.reports;
    expect([first!.side, second!.side]).toEqual(['A', 'B']);
    expect([first!.scoreA > first!.scoreB, second!.scoreA > second!.scoreB]).toEqual([true, false]);
    expect(new Date(view.reports[0]!.disputedAt!).getTime()).toBeLessThan(NOW.getTime());
    const disputes = await t.db.select().from(notifications).where(eq(notifications.kind, 'score_disputed'));
    expect(disputes.map((n) => n.userId)).toContain(admin!.id);
    expect(disputes[0]!.body).toContain(`Match ${court2.matchNumber} of ${live!.title}`);
    // Every step is the history a real floor leaves: the calls, four arrivals, a report and its dispute.
    const steps = await t.db.select({ action: matchHistory.action }).from(matchHistory).where(and(eq(matchHistory.tournamentId, live!.id), inArray(matchHistory.matchNumber, [court1.matchNumber, court2.matchNumber])));
    expect(steps.map((h) => h.action).sort()).toEqual(['arrival', 'arrival', 'arrival', 'arrival', 'live', 'live', 'score-dispute', 'score-report']);
  });

  it('completed tournaments have full brackets, standings with an MVP, points and payouts from the engine', async () => {
    const done = await t.db.select().from(tournaments).where(eq(tournaments.status, 'completed'));
    expect(done.length).toBeGreaterThan(0);
    for (const tournament of done) {
      const rows = await t.db.select().from(matches).where(eq(matches.tournamentId, tournament.id));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((m) => m.status === 'completed')).toBe(true);
      const [standings] = await t.db.select().from(finalStandings).where(eq(finalStandings.tournamentId, tournament.id));
      expect(standings?.winnerId).not.toBeNull();
      expect(standings?.mvpUserId).not.toBeNull();
      // The seed lists entrants in their intended finishing order: the first registration is the champion.
      const [first] = await t.db
        .select({ userId: tournamentRegistrations.userId })
        .from(tournamentRegistrations)
        .where(and(eq(tournamentRegistrations.tournamentId, tournament.id), eq(tournamentRegistrations.status, 'registered')))
        .orderBy(tournamentRegistrations.createdAt)
        .limit(1);
      const [champion] = await t.db.select().from(entrants).where(eq(entrants.id, standings!.winnerId!));
      expect(champion!.userId).toBe(first!.userId);
      // A team tournament's champion is the team its owner entered (D22).
      if (tournament.maxTeams === null) expect(tournament.championId).toBe(first!.userId);
      else expect([tournament.championId, tournament.championTeamId]).toEqual([null, champion!.teamId]);
      // Completed in the past, at the time of its last result: the correction window of old events is closed.
      expect(tournament.completedAt!.getTime()).toBeLessThan(NOW.getTime());
      expect(await ledgerPoints(t, tournament.id)).toEqual(await expectedPoints(t, tournament.id));
      // The MVP played: never a team's owner.
      expect((await t.db.select().from(entrants).where(eq(entrants.tournamentId, tournament.id))).map((e) => e.teamId === null ? null : e.userId)).not.toContain(standings!.mvpUserId);
      const owed = await t.db.select().from(payouts).where(eq(payouts.tournamentId, tournament.id));
      expect(owed.length).toBe(tournament.prizePool > 0 ? Math.min(rows.length + 1, 4) : 0);
    }
  });

  it('plays the team tournament with teams: figures for each team and every member of its roster at entry (D22)', async () => {
    const [owners] = await t.db.select().from(tournaments).where(eq(tournaments.title, 'WTA Owners Cup 3v3'));
    expect(owners).toMatchObject({ status: 'completed', maxTeams: 4, teamSize: 3 });
    const rows = await t.db.select().from(entrants).where(eq(entrants.tournamentId, owners!.id)).orderBy(entrants.seed);
    expect(rows).toHaveLength(4);
    expect(rows.every((e) => e.teamId !== null)).toBe(true);
    const [heat] = await t.db.select().from(teams).where(eq(teams.name, 'Atlanta Heat Check'));
    expect(owners!.championTeamId).toBe(heat!.id);
    // Its record is the Owners Cup's (the seed gives no team figures of its own): two wins, a tournament and a title.
    expect(heat).toMatchObject({ wins: 2, losses: 0, tournamentsPlayed: 1, championshipWins: 1 });
    const ledger = await ledgerPoints(t, owners!.id);
    expect(ledger).toEqual(await expectedPoints(t, owners!.id));
    const [captain] = await t.db.select().from(users).where(eq(users.email, 'verified@wta.local'));
    expect(captain).toMatchObject({ teamWins: 2, teamLosses: 0 });
    expect(ledger.get(captain!.id)).toBeGreaterThanOrEqual(100 + 20 + 5);

    // The upcoming team tournament has two teams entered, and the demo owner's team may still enter.
    const [kickball] = await t.db.select().from(tournaments).where(eq(tournaments.title, 'Slip & Slide Team Kickball Classic'));
    const entries = await t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.tournamentId, kickball!.id));
    expect(entries.map((r) => r.teamId !== null && r.status === 'registered')).toEqual([true, true]);
    expect(await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.tournamentId, kickball!.id))).toHaveLength(7);
  });
});

/**
 * The league's own rules over the whole demo database, as a fresh `npm start` leaves it (issue 34 item 5): whatever a
 * screen shows must be explained by the rows behind it. Each query lists the rows that break a rule (empty = kept).
 */
describe('the demo league keeps its own rules', () => {
  const rows = async (query: string) => (await t.client.execute(query)).rows.map((r) => ({ ...r }));

  it("D38: every member's points are the sum of their ledger rows, and each division's too", async () => {
    expect(
      await rows(`select u.email, u.wta_points, coalesce((select sum(l.points) from points_ledger l where l.user_id = u.id), 0) as ledger
        from users u where u.wta_points <> coalesce((select sum(l.points) from points_ledger l where l.user_id = u.id), 0)`),
    ).toEqual([]);
    expect(
      await rows(`select b.user_id, b.division, b.points from leaderboard_points b
        where b.points <> coalesce((select sum(l.points) from points_ledger l where l.user_id = b.user_id
          and (case b.division when '1v1' then l.team_size = 1 when '3v3' then l.team_size = 3 when '5v5' then l.team_size = 5
               else l.team_size > 1 end)), 0)`),
    ).toEqual([]);
    // Somebody scored: the check is not passing on an empty ledger.
    expect((await rows('select count(*) as n from points_ledger'))[0]!.n).toBeGreaterThan(50);
  });

  it('D9: every registration in a tournament with a buy-in has its paid buy-in (a team entry: its owner\'s)', async () => {
    expect(
      await rows(`select t.title, r.user_id, r.status, p.id as payment, p.status as paid from tournament_registrations r
        join tournaments t on t.id = r.tournament_id
        left join payments p on p.id = r.payment_id
        where t.buy_in > 0 and r.status = 'registered' and (p.id is null or not (p.status = 'paid'
          and p.kind = 'registration' and p.user_id = r.user_id and p.tournament_id = r.tournament_id
          and p.amount_cents = t.buy_in * 100))`),
    ).toEqual([]);
    // No hold waits for money in the demo, and no other payment claims a spot it does not hold.
    expect(await rows(`select id, status from tournament_registrations where status <> 'registered'`)).toEqual([]);
    expect(
      await rows(`select p.id from payments p where p.kind = 'registration'
        and not exists (select 1 from tournament_registrations r where r.payment_id = p.id)`),
    ).toEqual([]);
    // A free tournament takes no money (ADR 009): no payment row.
    expect(
      await rows(`select r.id from tournament_registrations r join tournaments t on t.id = r.tournament_id
        where t.buy_in = 0 and r.payment_id is not null`),
    ).toEqual([]);
  });

  it('D14, D22: every record shown (members, teams, the division boards) is counted from matches that exist', async () => {
    // Played matches won (side = winner) or lost (side = loser) by the entrants `on` picks: completed and not a
    // forfeit (D20 counts those nowhere).
    const count = (side: 'winner' | 'loser', join: string, on: string) => `(select count(*) from matches m
      join entrants e on e.id = ${side === 'winner' ? 'm.winner_id' : 'case when m.winner_id = m.entrant_a_id then m.entrant_b_id else m.entrant_a_id end'}
      ${join} where m.status = 'completed' and m.forfeit = 0 and m.winner_id is not null and ${on})`;
    const solo = 'e.team_id is null and e.user_id = u.id';
    // D22: a member's team record counts the matches of every team entry whose roster at entry they were on.
    const rostered = 'join team_entry_members x on x.registration_id = e.registration_id';
    const onRoster = 'e.team_id is not null and x.user_id = u.id';
    expect(
      await rows(`select u.email, u.wins, u.losses, u.games_played, u.team_wins, u.team_losses from users u where
        u.wins <> ${count('winner', '', solo)} or u.losses <> ${count('loser', '', solo)} or u.games_played <> u.wins + u.losses
        or u.team_wins <> ${count('winner', rostered, onRoster)} or u.team_losses <> ${count('loser', rostered, onRoster)}`),
    ).toEqual([]);
    const ofTeam = 'e.team_id = tm.id';
    expect(
      await rows(`select tm.name, tm.wins, tm.losses, tm.tournaments_played, tm.championship_wins from teams tm where
        tm.wins <> ${count('winner', '', ofTeam)} or tm.losses <> ${count('loser', '', ofTeam)}
        or tm.tournaments_played <> (select count(*) from entrants e where e.team_id = tm.id)
        or tm.championship_wins <> (select count(*) from tournaments t where t.status = 'completed' and t.champion_team_id = tm.id)`),
    ).toEqual([]);
    expect(
      await rows(`select b.user_id, b.division, b.wins from leaderboard_points b join users u on u.id = b.user_id where b.wins <> u.wins`),
    ).toEqual([]);
    // Records exist: the checks above compare something with something.
    expect(
      (await rows(`select count(*) as n from matches where status = 'completed' and forfeit = 0`))[0]!.n,
    ).toBeGreaterThan(50);
  });
});

