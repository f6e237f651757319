import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundNameOf, type BracketMatch, type BracketSide, type Stage } from '../../../edge/features/competition/schema.ts';
import { bracketSections, currentRound, hasStandings, swissRoundCount } from './bracket-layout.ts';

let nextId = 1;
function side(id: number, score: number | null = null): BracketSide {
  return { id, name: `Player ${id}`, seed: id, score, userId: `u${id}`, teamId: null, withdrawn: false };
}
function match(over: Partial<BracketMatch> & Pick<BracketMatch, 'round'>): BracketMatch {
  const id = nextId++;
  return {
    id,
    roundName: '',
    matchNumber: id,
    status: 'upcoming',
    startTime: null,
    startTimeEstimated: false,
    winnerId: null,
    teamA: side(1),
    teamB: side(2),
    stage: 'main',
    group: 0,
    bestOf: 3,
    forfeit: false,
    completedAt: null,
    version: 1,
    court: null,
    calledAt: null,
    arrivedA: false,
    arrivedB: false,
    ...over,
  };
}
const done = (round: number, over: Partial<BracketMatch> = {}) =>
  match({ round, status: 'completed', winnerId: 1, teamA: side(1, 2), teamB: side(2, 0), ...over });

describe('bracketSections: single elimination', () => {
  it('names the rounds from the final back (000 s2) and puts the third-place match with the final', () => {
    const matches = [
      ...[1, 2, 3, 4].map(() => done(1)),
      match({ round: 2 }),
      match({ round: 2 }),
      match({ round: 3, teamA: null, teamB: null }),
      match({ round: 1, stage: 'third-place', teamA: null, teamB: null }),
    ];
    const [main, ...rest] = bracketSections(matches);
    expect(rest).toEqual([]);
    expect(main?.key).toBe('main');
    expect(main?.kind).toBe('elimination');
    expect(main?.rounds.map((r) => r.name)).toEqual(['Quarter-Finals', 'Semi-Finals', 'Final']);
    const final = main?.rounds[2]?.matches ?? [];
    expect(final.map((m) => m.stage)).toEqual(['main', 'third-place']);
    expect(main?.currentRound).toBe(2);
  });

  it('uses Round of 16, Round of 32 and Round N for the early rounds of big brackets', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => roundNameOf('main', r, 7))).toEqual([
      'Round 1',
      'Round 2',
      'Round of 32',
      'Round of 16',
      'Quarter-Finals',
      'Semi-Finals',
      'Final',
    ]);
  });

  it('keeps a round with no match yet so the tab can say No matches scheduled yet', () => {
    const sections = bracketSections([done(1), match({ round: 3, teamA: null, teamB: null })]);
    expect(sections[0]?.rounds.map((r) => r.matches.length)).toEqual([1, 0, 1]);
  });

  it('has no current round once the tournament is completed', () => {
    const sections = bracketSections([done(1), match({ round: 2, teamA: null, teamB: null })], { finished: true });
    expect(sections[0]?.currentRound).toBeNull();
  });
});

describe('bracketSections: the other formats (D19)', () => {
  it('draws double elimination as winners, losers and grand final, in that order', () => {
    const sections = bracketSections([
      match({ round: 1, stage: 'grand-final' }),
      match({ round: 2, stage: 'grand-final', teamA: null, teamB: null }),
      match({ round: 1, stage: 'losers' }),
      match({ round: 2, stage: 'losers' }),
      match({ round: 1, stage: 'winners' }),
      match({ round: 2, stage: 'winners' }),
    ]);
    expect(sections.map((s) => s.title)).toEqual(['Winners Bracket', 'Losers Bracket', 'Grand Final']);
    expect(sections[0]?.rounds.map((r) => r.name)).toEqual(['Winners Round 1', 'Winners Final']);
    expect(sections[1]?.rounds.map((r) => r.name)).toEqual(['Losers Round 1', 'Losers Final']);
    expect(sections[2]?.rounds.map((r) => r.name)).toEqual(['Grand Final', 'Grand Final Reset']);
  });

  it('gives Swiss every round of ceil(log2 n) before it is paired', () => {
    // Five entrants: three rounds; only the first is paired (a bye is a match with one side).
    const sections = bracketSections([
      match({ round: 1, stage: 'swiss', teamA: side(1), teamB: side(2) }),
      match({ round: 1, stage: 'swiss', teamA: side(3), teamB: side(4) }),
      match({ round: 1, stage: 'swiss', teamA: side(5), teamB: null, status: 'completed', winnerId: 5 }),
    ]);
    expect(sections[0]?.kind).toBe('rounds');
    expect(sections[0]?.rounds.map((r) => [r.name, r.matches.length])).toEqual([
      ['Round 1', 3],
      ['Round 2', 0],
      ['Round 3', 0],
    ]);
    expect(swissRoundCount(2)).toBe(1);
    expect(swissRoundCount(8)).toBe(3);
    expect(swissRoundCount(9)).toBe(4);
  });

  it('lists pool matches by pool and puts the playoff (with its third-place match) after', () => {
    const sections = bracketSections([
      match({ round: 1, stage: 'pool', group: 2, matchNumber: 1 }),
      match({ round: 1, stage: 'pool', group: 1, matchNumber: 2 }),
      match({ round: 1, stage: 'third-place', teamA: null, teamB: null }),
      match({ round: 1, stage: 'playoff', teamA: null, teamB: null }),
      match({ round: 2, stage: 'playoff', teamA: null, teamB: null }),
    ]);
    expect(sections.map((s) => s.key)).toEqual(['pool', 'playoff']);
    expect(sections[0]?.rounds[0]?.matches.map((m) => m.group)).toEqual([1, 2]);
    expect(sections[1]?.rounds.map((r) => r.name)).toEqual(['Semi-Finals', 'Final']);
    expect(sections[1]?.rounds[1]?.matches.map((m) => m.stage)).toEqual(['playoff', 'third-place']);
  });

  it('shows standings for round robin, Swiss and pools only', () => {
    const stages: Stage[] = ['round-robin', 'swiss', 'pool'];
    for (const stage of stages) expect(hasStandings([{ stage }])).toBe(true);
    expect(hasStandings([{ stage: 'main' }, { stage: 'winners' }, { stage: 'playoff' }])).toBe(false);
  });
});

describe('currentRound', () => {
  it('prefers a live match, then a match ready to play, then any open match', () => {
    const r = (round: number, ...matches: BracketMatch[]) => ({ round, matches });
    expect(currentRound([r(1, done(1)), r(2, match({ round: 2 })), r(3, match({ round: 3, status: 'live' }))])).toBe(3);
    expect(currentRound([r(1, match({ round: 1, teamB: null })), r(2, match({ round: 2 }))])).toBe(2);
    expect(currentRound([r(1, done(1)), r(2, match({ round: 2, teamA: null, teamB: null }))])).toBe(2);
    expect(currentRound([r(1, done(1))])).toBeNull();
  });
});

describe('bracketSections: properties', () => {
  const stages: Stage[] = ['main', 'third-place', 'winners', 'losers', 'grand-final', 'round-robin', 'swiss', 'pool', 'playoff'];
  const arbMatch = fc.record({
    round: fc.integer({ min: 1, max: 6 }),
    stage: fc.constantFrom(...stages),
    group: fc.integer({ min: 0, max: 3 }),
    status: fc.constantFrom('upcoming' as const, 'live' as const, 'completed' as const),
  });

  it('shows every match exactly once, in rounds numbered 1 to the last, and a current round that exists', () => {
    fc.assert(
      fc.property(fc.array(arbMatch, { maxLength: 40 }), (specs) => {
        const matches = specs.map((s) => match(s));
        const sections = bracketSections(matches);
        const shown = sections.flatMap((s) => s.rounds.flatMap((r) => r.matches.map((m) => m.id)));
        expect(shown.sort((a, b) => a - b)).toEqual(matches.map((m) => m.id).sort((a, b) => a - b));
        for (const section of sections) {
          expect(section.rounds.map((r) => r.round)).toEqual(section.rounds.map((_, i) => i + 1));
          if (section.currentRound !== null) {
            const round = section.rounds.find((r) => r.round === section.currentRound);
            expect(round?.matches.some((m) => m.status !== 'completed')).toBe(true);
          } else {
            expect(section.rounds.every((r) => r.matches.every((m) => m.status === 'completed'))).toBe(true);
          }
        }
        expect(new Set(sections.map((s) => s.key)).size).toBe(sections.length);
      }),
    );
  });
});
