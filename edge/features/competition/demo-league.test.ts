// The demo league (D18) played through the engine (issue 11): what a fresh `npm start` shows on the Bracket tab,
// the final standings and the dashboards comes from the engine, not from rows written by hand.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrants, finalStandings, matches, payouts } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { seedDemoData } from '../../../db/seed.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { playDemoLeague } from './demo-league.ts';
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

  it('the live tournament has a bracket in progress: round 1 reported, the next match called', async () => {
    const [live] = await t.db.select().from(tournaments).where(eq(tournaments.status, 'live'));
    const res = await t.request(`/api/tournaments/${live!.id}/bracket`);
    const bracket = (await res.json()) as BracketMatch[];
    expect(bracket.filter((m) => m.stage === 'main' && m.round === 1).every((m) => m.status === 'completed')).toBe(true);
    expect(bracket.filter((m) => m.status === 'live')).toHaveLength(1);
    expect(bracket.some((m) => m.status === 'upcoming')).toBe(true);
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
    // Seeded figures (24-8, 9 played, 3 titles) plus the Owners Cup: two wins, a tournament and a title.
    expect(heat).toMatchObject({ wins: 26, losses: 8, tournamentsPlayed: 10, championshipWins: 4 });
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
