import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalStandings } from '../../../db/schema/competition.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import type { Format } from './engine/types.ts';
import { bracketOf, expectedPoints, ledgerPoints, playToCompletion, statusOf, tournamentWithPlayers } from './test-helpers.ts';

/**
 * Every format of the host form, for 2, 3, 5, 8, 13 and 32 entrants (pool play from 6), started and played to the
 * end through the API on a real database: generation, byes, every match playable, standings, points (issue 11).
 */
let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await member(t, { role: 'admin', email: 'formats@wta.local' });
});
afterAll(() => t.cleanup());

const SIZES = [2, 3, 5, 8, 13, 32];
const CASES: [Format, number][] = [
  ...SIZES.map((n): [Format, number] => ['single-elimination', n]),
  ...SIZES.map((n): [Format, number] => ['double-elimination', n]),
  ...SIZES.map((n): [Format, number] => ['round-robin', n]),
  ...SIZES.map((n): [Format, number] => ['swiss', n]),
  ...[6, 8, 13, 32].map((n): [Format, number] => ['pool-play', n]),
];

/** Matches a format plays for n entrants when every match is reported (byes excluded). */
function expectedMatchCount(format: Format, n: number, bracket: { stage: string }[]): number | null {
  switch (format) {
    case 'single-elimination':
      return n - 1 + (n >= 4 ? 1 : 0);
    case 'round-robin':
      return (n * (n - 1)) / 2;
    case 'swiss':
      return Math.ceil(Math.log2(n)) * Math.floor(n / 2);
    case 'double-elimination': {
      // 2n - 2 eliminations-or-losses, plus the grand final reset when it was needed.
      const resets = bracket.filter((m) => m.stage === 'grand-final').length - 1;
      return 2 * n - 2 + Math.max(0, resets);
    }
    default:
      return null;
  }
}

describe.each(CASES)('%s with %i entrants', (format, n) => {
  // A 32-player round robin is 496 matches, each report a replay of the tournament: give it room on a busy machine.
  it('is generated, played to completion, and pays points exactly once', { timeout: 180_000 }, async () => {
    const { id, players } = await tournamentWithPlayers(t, { format, n, prizePool: 1000, points: (i) => 1000 - i });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const generated = await bracketOf(t, id);
    expect(generated.length).toBeGreaterThan(0);
    expect(new Set(generated.map((m) => m.matchNumber)).size).toBe(generated.length);

    // Upsets on every third match, so the bracket is not just the seeds' order.
    let k = 0;
    const bracket = await playToCompletion(t, admin, id, (m) => (k++ % 3 === 2 ? m.teamA!.seed > m.teamB!.seed : m.teamA!.seed < m.teamB!.seed));
    expect(await statusOf(t, id)).toBe('completed');
    expect(bracket.every((m) => m.status === 'completed')).toBe(true);
    for (const m of bracket) expect([m.teamA!.id, m.teamB!.id]).toContain(m.winnerId);

    const expectedCount = expectedMatchCount(format, n, bracket);
    if (expectedCount !== null) expect(bracket).toHaveLength(expectedCount);

    const [standings] = await t.db.select().from(finalStandings).where(eq(finalStandings.tournamentId, id));
    const places = [standings!.winnerId, standings!.runnerUpId, standings!.thirdPlaceId, standings!.fourthPlaceId].filter((p) => p !== null);
    expect(places).toHaveLength(Math.min(n, 4));
    expect(new Set(places).size).toBe(places.length);
    const [row] = await t.db.select({ championId: tournaments.championId }).from(tournaments).where(eq(tournaments.id, id));
    expect(players.map((p) => p.id)).toContain(row!.championId);

    // The champion won their last match in elimination formats.
    if (format !== 'round-robin' && format !== 'swiss') {
      const last = [...bracket].filter((m) => m.teamA!.id === standings!.winnerId || m.teamB!.id === standings!.winnerId).sort((a, b) => b.matchNumber - a.matchNumber)[0]!;
      expect(last.winnerId).toBe(standings!.winnerId);
    }
    expect(await ledgerPoints(t, id)).toEqual(await expectedPoints(t, id));

    if (format === 'round-robin' || format === 'swiss' || format === 'pool-play') {
      const table = await json<{ rows: { rank: number }[] }>(await t.request(`/api/tournaments/${id}/standings`));
      expect(table.rows).toHaveLength(n);
    }
  });
});
