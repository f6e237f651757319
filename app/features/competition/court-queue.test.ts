import { describe, expect, it } from 'vitest';
import type { BracketMatch, BracketSide } from '../../../edge/features/competition/schema.ts';
import { courtQueue } from './court-queue.ts';

const side = (id: number): BracketSide => ({ id, name: `P${id}`, seed: id, score: null, userId: `u${id}`, teamId: null, withdrawn: false });
const m = (n: number, a: number, b: number, status: BracketMatch['status'] = 'upcoming', court: string | null = null) =>
  ({ id: n, matchNumber: n, status, court, teamA: side(a), teamB: side(b) }) as BracketMatch;

describe('the court queue (D41)', () => {
  it('shows each court with its live match, and next the matches whose players are free, in play order', () => {
    const matches = [m(1, 1, 2, 'live', 'Court 2'), m(2, 3, 4, 'live'), m(3, 1, 3), m(4, 5, 6), m(5, 2, 4), m(6, 5, 7, 'completed'), m(7, 7, 8)];
    const q = courtQueue(matches, ['Court 1', 'Court 2']);
    expect(q.courts.map((c) => [c.court, c.match?.matchNumber ?? null])).toEqual([
      ['Court 1', null],
      ['Court 2', 1],
    ]);
    expect(q.elsewhere.map((x) => x.matchNumber)).toEqual([2]);
    expect(q.nextUp.map((x) => x.matchNumber)).toEqual([4, 7]);
  });
});
