import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import {
  ledgerPoints,
  playToCompletion,
  tournamentWithPlayers,
  tournamentWithTeams,
} from '../competition/test-helpers.ts';
import { json, type Member } from '../payments/test-helpers.ts';
import type { LeaderboardPlayer } from './schema.ts';

// D38 end to end: points the engine writes to the ledger when a tournament completes show up on the leaderboard of
// the tournament's division (1v1 for solo, 3v3 and Team for a 3-a-side team tournament), and in the all-divisions
// board as WTA points.

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

async function board(query: string): Promise<Map<string, number>> {
  const rows = await json<LeaderboardPlayer[]>(await t.request(`/api/leaderboards/players${query}`));
  return new Map(rows.map((r) => [r.id, r.points]));
}

describe('points from completed tournaments', () => {
  it('land in the division of the tournament’s team size, and only there', async () => {
    const solo = await tournamentWithPlayers(t, { n: 4 });
    await json(await admin.agent.post(`/api/tournaments/${solo.id}/start`));
    await playToCompletion(t, admin, solo.id);
    const threes = await tournamentWithTeams(t, { n: 4, size: () => 3, teamSize: 3 });
    await json(await admin.agent.post(`/api/tournaments/${threes.id}/start`));
    await playToCompletion(t, admin, threes.id);

    const soloPoints = await ledgerPoints(t, solo.id);
    const teamPoints = await ledgerPoints(t, threes.id);
    expect(soloPoints.size).toBe(4);
    expect(teamPoints.size).toBe(12);

    expect(await board('?division=1v1')).toEqual(soloPoints);
    expect(await board('?division=3v3')).toEqual(teamPoints);
    expect(await board('?division=Team')).toEqual(teamPoints);
    expect(await board('?division=5v5')).toEqual(new Map());
    // All divisions: WTA points, the sum of both (nobody played in both here).
    expect(await board('')).toEqual(new Map([...soloPoints, ...teamPoints]));

    // The champion's team members share the top of 3v3, one rank for all three.
    const rows = await json<LeaderboardPlayer[]>(await t.request('/api/leaderboards/players?division=3v3'));
    expect(rows.slice(0, 3).map((r) => r.rank)).toEqual([1, 1, 1]);
    expect(rows[3]!.rank).toBe(4);
  });
});
