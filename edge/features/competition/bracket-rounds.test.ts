// What GET /api/tournaments/{id}/bracket and /final-standings tell any client about where a match sits and who
// placed (issue 34 item 14, ADR 052): the third-place match in the final's round, 000's round names, its start
// estimated after the semi-finals, and team places as teams. Against a real migrated database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { json, type Member } from '../payments/test-helpers.ts';
import type { FinalStandings } from './schema.ts';
import {
  bracketOf,
  competitionApp,
  playable,
  playToCompletion,
  tournamentWithPlayers,
  tournamentWithTeams,
  winningScore,
} from './test-helpers.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => ({ t, admin } = await competitionApp()));
afterEach(() => t.cleanup());

const MINUTE = 60 * 1000;

describe('GET /bracket: rounds as 000 counts and names them', () => {
  it('puts the third-place match in the final’s round and names every round', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 8 });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const bracket = await bracketOf(t, id);
    // 000: log2(8) = 3 rounds, and no match outside them.
    expect(Math.max(...bracket.map((m) => m.round))).toBe(3);
    expect(Math.min(...bracket.map((m) => m.round))).toBe(1);
    const named = bracket.map((m) => [m.stage, m.round, m.roundName]);
    expect(named.filter(([stage]) => stage === 'main')).toEqual([
      ...Array.from({ length: 4 }, () => ['main', 1, 'Quarter-Finals']),
      ['main', 2, 'Semi-Finals'],
      ['main', 2, 'Semi-Finals'],
      ['main', 3, 'Final'],
    ]);
    expect(named.filter(([stage]) => stage === 'third-place')).toEqual([['third-place', 3, 'Third Place']]);
  });

  it('estimates the third-place match’s start after the semi-finals, not at the tournament’s start', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 4 });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const third = async () => (await bracketOf(t, id)).find((m) => m.stage === 'third-place')!;
    // While the semi-finals are being played nobody can say when it starts.
    expect((await third()).startTime).toBeNull();

    let last = 0;
    for (const semi of playable(await bracketOf(t, id))) {
      t.advance(40 * MINUTE);
      last = t.now().getTime();
      await json(await admin.agent.post(`/api/tournaments/${id}/matches/${semi.id}/result`, { ...winningScore(semi, true), version: semi.version }));
    }
    expect(await third()).toMatchObject({
      startTime: new Date(last + 15 * MINUTE).toISOString(),
      startTimeEstimated: true,
      round: 2,
    });
  });
});

describe('GET /final-standings of a team tournament (D22)', () => {
  it('gives each place as a team, with its team id and kind', async () => {
    const { id, teams } = await tournamentWithTeams(t, { n: 4 });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    await playToCompletion(t, admin, id);
    const standings = await json<FinalStandings>(await t.request(`/api/tournaments/${id}/final-standings`));
    const places = [standings.winner, standings.runnerUp, standings.thirdPlace, standings.fourthPlace];
    for (const place of places) {
      const team = teams.find((x) => x.id === place!.teamId)!;
      expect(place).toMatchObject({ kind: 'team', teamId: team.id, name: team.name, id: null });
      // Clients written before `kind` read the team's name where a member's first name was.
      expect(place).toMatchObject({ firstName: team.name, lastName: '' });
    }
    expect(new Set(places.map((p) => p!.teamId)).size).toBe(4);
  });

  it('gives a solo tournament’s places as players with their member ids', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4 });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    await playToCompletion(t, admin, id);
    const standings = await json<FinalStandings>(await t.request(`/api/tournaments/${id}/final-standings`));
    // The better seed wins every match: seed 1 (the first registered with equal points) is champion.
    expect(standings.winner).toMatchObject({ kind: 'player', teamId: null, id: players[0]!.id });
    expect(standings.winner!.name).toBe(`${standings.winner!.firstName} ${standings.winner!.lastName}`);
  });
});
