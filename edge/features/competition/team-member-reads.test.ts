// What a player on a team entry's roster (D22) reads about it, against a real migrated database: their matches on the
// dashboard, their next match, their registrations and their public profile's history all include their team's
// entry, as the roster stood at entry, whoever joined or left the team afterwards.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamMembers } from '../../../db/schema/teams.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import type { PlayerProfile } from '../profiles/schema.ts';
import type { MyRegistration } from '../tournaments/schema.ts';
import { rosteredEntrants } from './bracket-read.ts';
import { leagueAdmin } from './money-fixtures.ts';
import type { NextMatch, PlayerMatch } from './schema.ts';
import { playToCompletion, tournamentWithTeams } from './test-helpers.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

const matchesOf = async (m: Member) => json<PlayerMatch[]>(await m.agent.get('/api/player/matches'));
const registrationsOf = async (m: Member) =>
  json<MyRegistration[]>(await m.agent.get('/api/tournament-registrations/my-registrations'));
const historyOf = async (m: Member) =>
  (await json<PlayerProfile>(await t.request(`/api/players/${m.id}/profile`))).tournamentHistory;

describe("a rostered player's reads of their team's entry (D22)", () => {
  it('lists the team tournament, the next match and every match of the team, as the roster stood at entry', async () => {
    const { id, teams } = await tournamentWithTeams(t, { n: 4, size: () => 2 });
    const [a, b] = teams;
    const player = a!.members[0]!;
    // The player leaves the team after entry: the entry's roster still holds them (D22).
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, player.id));
    // Someone who joined afterwards did not play.
    const latecomer = await member(t);
    await t.db
      .insert(teamMembers)
      .values({ teamId: a!.id, userId: latecomer.id, position: 'player', joinedAt: t.now() });

    expect((await registrationsOf(player)).map((r) => r.tournamentId)).toEqual([id]);
    expect((await historyOf(player)).map((h) => h.id)).toEqual([id]);
    expect(await registrationsOf(latecomer)).toEqual([]);
    expect(await historyOf(latecomer)).toEqual([]);

    expect((await admin.agent.post(`/api/tournaments/${id}/start`)).status).toBe(200);
    const next = await json<NextMatch | null>(await player.agent.get(`/api/tournaments/${id}/next-match`));
    expect(next).toMatchObject({ status: expect.stringMatching(/upcoming|live/) });
    expect(teams.map((x) => x.name)).toContain(next!.opponent);
    expect(next!.opponent).not.toBe(a!.name);
    // The owner who entered the team sees the same match.
    expect(await json<NextMatch | null>(await a!.owner.agent.get(`/api/tournaments/${id}/next-match`))).toEqual(next);
    expect(await json(await latecomer.agent.get(`/api/tournaments/${id}/next-match`))).toBeNull();

    const before = await matchesOf(player);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((m) => m.tournamentId === id && m.result !== 'win' && m.result !== 'loss')).toBe(true);

    await playToCompletion(t, admin, id);
    const after = await matchesOf(player);
    const bracketMatchesOfA = (
      await json<{ teamA: { name: string } | null; teamB: { name: string } | null }[]>(
        await t.request(`/api/tournaments/${id}/bracket`),
      )
    ).filter((m) => m.teamA?.name === a!.name || m.teamB?.name === a!.name);
    expect(after).toHaveLength(bracketMatchesOfA.length);
    for (const m of after) {
      expect(['win', 'loss']).toContain(m.result);
      // The opponent is a team: its name, and no member to link to (not the owner who entered it).
      expect(teams.map((x) => x.name)).toContain(m.opponent?.name);
      expect(m.opponent?.userId).toBeNull();
    }
    // Teammates read the same matches; a player of another team reads theirs, not these.
    expect((await matchesOf(a!.members[1]!)).map((m) => m.matchId).sort()).toEqual(after.map((m) => m.matchId).sort());
    const others = (await matchesOf(b!.members[0]!)).map((m) => m.matchId);
    expect(others.length).toBeGreaterThan(0);
    expect(await matchesOf(latecomer)).toEqual([]);

    const [done] = await historyOf(player);
    expect(done).toMatchObject({ id, status: 'completed' });
    expect(done!.placement).toEqual(expect.any(Number));
  });

  it('shows a player nothing of an unpaid team hold, and everything once it is confirmed', async () => {
    const { id, teams } = await tournamentWithTeams(t, { n: 2 });
    const entry = teams[0]!;
    await t.db.run(
      sql`update tournament_registrations set status = 'pending_payment', created_at = ${t.now().getTime()} where id = ${entry.registrationId}`,
    );
    expect(await registrationsOf(entry.members[0]!)).toEqual([]);
    expect(await historyOf(entry.members[0]!)).toEqual([]);
    // The owner sees their own hold, as before.
    expect((await registrationsOf(entry.owner)).map((r) => r.status)).toEqual(['pending_payment']);
    await t.db.run(sql`update tournament_registrations set status = 'registered' where id = ${entry.registrationId}`);
    expect((await registrationsOf(entry.members[0]!)).map((r) => [r.tournamentId, r.status])).toEqual([
      [id, 'registered'],
    ]);
  });

  it("reads a member's team entrants by the roster's index and each entrant within its tournament (no scan)", async () => {
    for (const tournamentId of [undefined, 7]) {
      const query = rosteredEntrants(t.db, 'someone', tournamentId).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never });
      const plan = rows.map((r) => String(r.detail)).join('\n');
      // Across tournaments: the member's roster rows first. Within one: its entrants, then each one's roster row by key.
      expect(plan).toMatch(
        tournamentId === undefined
          ? /SEARCH team_entry_members USING INDEX team_entry_members_user_idx \(user_id=\?\)/
          : /SEARCH team_entry_members USING INDEX sqlite_autoindex_team_entry_members_1 \(registration_id=\? AND user_id=\?\)/,
      );
      expect(plan).toMatch(/SEARCH entrants USING INDEX entrants_tournament_seed_uq \(tournament_id=\?\)/);
      expect(plan).toContain('SEARCH tournaments USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan).not.toMatch(/SCAN/);
    }
  });
});
