import { describe, expect, it } from 'vitest';
import type { BracketMatch, BracketSide } from '../../../edge/features/competition/schema.ts';
import { broadcastBoard, scoreText } from './broadcast.ts';

const side = (id: number, score: number | null = null): BracketSide => ({
  id,
  name: `P${id}`,
  seed: id,
  score,
  userId: `u${id}`,
  teamId: null,
  withdrawn: false,
});
const m = (
  n: number,
  a: number,
  b: number,
  status: BracketMatch['status'] = 'upcoming',
  extra: Partial<BracketMatch> = {},
): BracketMatch =>
  ({
    id: n,
    matchNumber: n,
    status,
    court: null,
    completedAt: null,
    teamA: side(a),
    teamB: side(b),
    ...extra,
  }) as BracketMatch;

describe('the broadcast board (D45)', () => {
  it('puts each called match on its court, queues the ready ones and lists the latest results, newest first', () => {
    const matches = [
      m(1, 1, 2, 'completed', { completedAt: '2026-12-01T10:00:00Z', teamA: side(1, 2), teamB: side(2, 0) }),
      m(2, 3, 4, 'completed', { completedAt: '2026-12-01T10:30:00Z', teamA: side(3, 1), teamB: side(4, 2) }),
      m(3, 5, 6, 'live', { court: 'court 2' }),
      m(4, 7, 8, 'live'),
      m(5, 1, 4),
      m(6, 5, 9),
      m(7, 10, 11),
    ];
    const board = broadcastBoard(matches, ['Court 1', 'Court 2']);
    expect(board.courts.map((c) => [c.court, c.match?.matchNumber ?? null])).toEqual([
      ['Court 1', null],
      ['Court 2', 3],
    ]);
    expect(board.elsewhere.map((x) => x.matchNumber)).toEqual([4]);
    // Match 6's P5 is playing on Court 2: it waits.
    expect(board.nextUp.map((x) => x.matchNumber)).toEqual([5, 7]);
    expect(board.results.map((x) => x.matchNumber)).toEqual([2, 1]);
    expect(board.anyCalled).toBe(true);
  });

  it('has nothing called before the host calls a match, and no courts before the host lists them', () => {
    const board = broadcastBoard([m(1, 1, 2), m(2, 3, 4)], []);
    expect(board.courts).toEqual([]);
    expect(board.anyCalled).toBe(false);
    expect(board.nextUp.map((x) => x.matchNumber)).toEqual([1, 2]);
  });

  it('writes a missing score as a dash', () => {
    expect([scoreText(null), scoreText(0), scoreText(3)]).toEqual(['–', '0', '3']);
  });
});
