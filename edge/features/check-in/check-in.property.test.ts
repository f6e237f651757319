// D39 by property (fast-check): any order of entrants' own check-ins, the door's check-ins (some queued, with a
// scan time before they reach the server) and clock ticks, at any times through the window and past its close.
// Against a model of the rules: a check-in counts once, only the first one's time is kept, an entrant's own counts
// only if received before the close, the door's if scanned inside the window and received before the start; at the
// start the draw holds exactly the checked-in, every other entrant is a no-show with a history row saying so.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrants, matchHistory } from '../../../db/schema/competition.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import { addTournament, member, type Member } from '../payments/test-helpers.ts';

const MINUTE = 60 * 1000;
const PLAYERS = 4;
/** The start is 100 minutes after a run begins: the window opened 20 minutes before, and closes at minute 70. */
const START = 100;
const CLOSE = START - 30;
const OPENS = START - 120;

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-12-05T08:00:00Z' });
  admin = await leagueAdmin(t);
});
afterAll(() => t.cleanup());

type Step =
  | { kind: 'self'; at: number; player: number }
  | { kind: 'door'; at: number; player: number; scannedBefore: number }
  | { kind: 'clock'; at: number };

const at = fc.integer({ min: 0, max: START - 1 });
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('self' as const), at, player }),
  fc.record({ kind: fc.constant('door' as const), at, player, scannedBefore: fc.integer({ min: 0, max: 45 }) }),
  fc.record({ kind: fc.constant('clock' as const), at }),
);

describe('check-in property (fast-check)', () => {
  it('the draw holds exactly the entrants the rules checked in, each once, and every other one is a no-show', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        // Each run on its own tournament, a day after the last, so earlier runs are long started or cancelled.
        const base = Date.parse('2026-12-06T08:00:00Z') + run++ * 24 * 60 * MINUTE;
        t.setNow(base);
        const id = await addTournament(t, {
          title: `Property Cup ${run}`,
          startDate: new Date(base + START * MINUTE),
          checkIn: true,
          buyIn: 0,
          maxPlayers: 8,
        });
        const players: Member[] = [];
        const registrationIds: number[] = [];
        for (let i = 0; i < PLAYERS; i++) {
          const p = await member(t);
          const [row] = await t.db
            .insert(tournamentRegistrations)
            .values({ tournamentId: id, userId: p.id, status: 'registered', createdAt: new Date(base - 60 * MINUTE + i) })
            .returning({ id: tournamentRegistrations.id });
          players.push(p);
          registrationIds.push(row!.id);
        }

        // The model: when each entrant's check-in counted (minutes from the run's base), or not at all.
        const model: (number | null)[] = players.map(() => null);
        for (const s of [...steps].sort((a, b) => a.at - b.at)) {
          t.setNow(base + s.at * MINUTE);
          if (s.kind === 'clock') {
            await t.clock();
            continue;
          }
          const p = players[s.player]!;
          if (s.kind === 'self') {
            const res = await p.agent.post(`/api/tournaments/${id}/check-in`);
            // A repeat answers the first whenever it arrives; a first one counts if received before the close.
            const counts = model[s.player] !== null || s.at < CLOSE;
            expect(res.status, `self at ${s.at}`).toBe(counts ? 200 : 409);
            if (counts) {
              model[s.player] ??= s.at;
              expect(((await res.json()) as { checkedInAt: string }).checkedInAt).toBe(new Date(base + model[s.player]! * MINUTE).toISOString());
            }
          } else {
            const scanned = s.at - s.scannedBefore;
            const res = await admin.agent.post(`/api/tournaments/${id}/registrations/${registrationIds[s.player]}/check-in`, {
              scannedAt: new Date(base + scanned * MINUTE).toISOString(),
            });
            // A repeat answers the first whenever it was made; a first one counts if scanned inside the window.
            const counts = model[s.player] !== null || (scanned >= OPENS && scanned < CLOSE);
            expect(res.status, `door at ${s.at}, scanned at ${scanned}`).toBe(counts ? 200 : 409);
            if (counts) model[s.player] ??= scanned;
          }
        }

        // The start: the draw is the checked-in, each checked in once, at the time the model kept.
        t.setNow(base + START * MINUTE);
        await t.clock();
        const rows = await t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.tournamentId, id));
        const checkedIn = model.flatMap((m, i) => (m === null ? [] : [players[i]!.id]));
        for (const [i, p] of players.entries()) {
          const row = rows.find((r) => r.userId === p.id)!;
          const m = model[i]!;
          if (model[i] === null) {
            expect([row.checkedInAt, row.status, row.noShowAt !== null]).toEqual([null, 'cancelled', true]);
          } else {
            // Fewer than 2 checked in cancels the tournament (D33's minimum counts them): their entries end with it.
            expect([row.checkedInAt?.getTime(), row.status, row.noShowAt]).toEqual([
              base + m * MINUTE,
              checkedIn.length >= 2 ? 'registered' : 'cancelled',
              null,
            ]);
          }
        }
        const history = await t.db
          .select({ action: matchHistory.action, actorId: matchHistory.actorId, after: matchHistory.after })
          .from(matchHistory)
          .where(eq(matchHistory.tournamentId, id));
        const checkInRows = history.filter((h) => h.action === 'check-in');
        expect(checkInRows.map((h) => (JSON.parse(h.after!) as { userId: string }).userId).sort()).toEqual([...checkedIn].sort());
        const noShows = new Set(history.filter((h) => h.action === 'no-show').map((h) => (JSON.parse(h.after!) as { userId: string }).userId));
        for (const [i, p] of players.entries()) if (model[i] === null) expect(noShows.has(p.id)).toBe(true);

        const [tournament] = await t.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
        if (checkedIn.length >= 2) {
          expect(tournament!.status).toBe('live');
          const drawn = await t.db.select({ userId: entrants.userId }).from(entrants).where(and(eq(entrants.tournamentId, id)));
          expect(drawn.map((e) => e.userId).sort()).toEqual([...checkedIn].sort());
        } else {
          expect(tournament!.status).toBe('cancelled');
        }
      }),
      { numRuns: 30 },
    );
  });
});
