// Issue 37, a tournament day by property (fast-check): D39's check-in and close, then any sequence of D40's player
// reports, confirmations, disputes, quiet-10-minute clock ticks and host/admin reports, and D41's calls to courts,
// arrivals, forfeit claims and the host's decisions on them, all through the API (and the clock) against a real
// migrated database at an injected time. Before each step a small model predicts the answer from the rows as they
// are (so a refusal is checked to be the right one, never a 5xx); after each step the day's invariants are checked:
// nobody is live in two matches, no result comes from a disputed report, every applied result is explained by the
// history and is the match's only one, and the no-shows are nowhere in the draw. At the end the admin reports what
// is left, so every match ends with exactly one applied result.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchHistory } from '../../../db/schema/competition.ts';
import { tournamentRegistrations } from '../../../db/schema/tournaments.ts';
import { createTestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import type { BracketMatch } from '../competition/schema.ts';
import { addTournament, member, type Member } from '../payments/test-helpers.ts';
import { invariants } from './tournament-day-invariants.ts';
import { action, PLAYERS } from './tournament-day-actions.ts';
import { COURTS, MINUTE, step, type DayContext } from './tournament-day-model.ts';
import { expectStatus, matchOf, scoreOf, snapshot, type Day } from './tournament-day-state.ts';

/** The start is 100 minutes after a run begins: check-in opened 20 minutes before, and closes at minute 70. */
const START = 100;
const CLOSE = START - 30;

let ctx: DayContext;
beforeAll(async () => {
  const t = await createTestApp({ now: '2026-12-05T08:00:00Z' });
  ctx = { t, admin: await leagueAdmin(t), host: await member(t) };
});
afterAll(() => ctx.t.cleanup());

// ---- The check-ins the property generates (the steps after the draw: tournament-day-model.ts) ------------------

/** When an entrant checks in: inside the window, after the close (refused: a no-show), or never (a no-show). */
type CheckIn = { kind: 'on-time'; at: number } | { kind: 'late'; at: number } | { kind: 'never' };

const checkIn: fc.Arbitrary<CheckIn> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('on-time' as const), at: fc.integer({ min: 0, max: CLOSE - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('late' as const), at: fc.integer({ min: CLOSE, max: START - 1 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'never' as const }) },
);
// D33's minimum of 2 checked in: fewer cancels the tournament, which check-in.property.test.ts covers.
const checkIns = fc
  .array(checkIn, { minLength: PLAYERS, maxLength: PLAYERS })
  .filter((list) => list.filter((c) => c.kind === 'on-time').length >= 2);

// ---- The property ------------------------------------------------------------------------------------------------

describe('a tournament day by property (fast-check)', () => {
  it('every match ends with one applied result, never from a disputed report, nobody in two live matches, no-shows out, the history explains it', async () => {
    const { t, admin, host } = ctx;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        checkIns,
        fc.constantFrom(5, 10),
        fc.array(action, { minLength: 15, maxLength: 40, size: 'max' }),
        async (plan, noShowMinutes, actions) => {
          // Each run on its own tournament, a day after the last, so earlier runs are long over.
          const base = Date.parse('2026-12-06T08:00:00Z') + run++ * 24 * 60 * MINUTE;
          t.setNow(base);
          // A run that failed (while shrinking) may leave rounds due: the clock confirms them now, not mid-run.
          for (let i = 0; i < 5 && (await t.clock()).reportsConfirmed.length > 0; i++);
          const id = await addTournament(t, {
            title: `Tournament Day ${run}`,
            format: 'round-robin',
            startDate: new Date(base + START * MINUTE),
            checkIn: true,
            buyIn: 0,
            maxPlayers: 8,
            hostId: host.id,
          });
          await expectStatus(
            await host.agent.put(`/api/tournaments/${id}/courts`, { courts: COURTS, noShowMinutes }),
            200,
            'courts',
          );
          const players: Member[] = [];
          for (let i = 0; i < PLAYERS; i++) {
            const p = await member(t);
            await t.db.insert(tournamentRegistrations).values({
              tournamentId: id,
              userId: p.id,
              status: 'registered',
              createdAt: new Date(base - 60 * MINUTE + i),
            });
            players.push(p);
          }

          // D39: check-ins in time order, the clock's close at minute 70 (a late one is refused whether or not it has
          // run), and the start's draw at minute 100 by the clock.
          const events = [
            ...plan.flatMap((c, player) => (c.kind === 'never' ? [] : [{ at: c.at, player, late: c.kind === 'late' }])),
            { at: CLOSE, player: -1, late: false },
          ].sort((x, y) => x.at - y.at || y.player - x.player);
          for (const e of events) {
            t.setNow(base + e.at * MINUTE);
            if (e.player < 0) {
              expect((await t.clock()).checkInsClosed).toContain(id);
              continue;
            }
            await expectStatus(
              await players[e.player]!.agent.post(`/api/tournaments/${id}/check-in`),
              e.late ? 409 : 200,
              `check-in at minute ${e.at}`,
            );
          }
          t.setNow(base + START * MINUTE);
          expect((await t.clock()).started).toContain(id);

          const checkedIn = plan.flatMap((c, i) => (c.kind === 'on-time' ? [players[i]!.id] : []));
          const noShows = plan.flatMap((c, i) => (c.kind === 'on-time' ? [] : [players[i]!.id]));
          const registrations = await t.db
            .select()
            .from(tournamentRegistrations)
            .where(eq(tournamentRegistrations.tournamentId, id));
          for (const userId of noShows) {
            const row = registrations.find((r) => r.userId === userId)!;
            expect([row.status, row.noShowAt !== null, row.checkedInAt], 'a no-show is withdrawn').toEqual([
              'cancelled',
              true,
              null,
            ]);
          }
          // D39: every withdrawal is in the history's audit trail.
          const withdrawals = await t.db.select().from(matchHistory).where(eq(matchHistory.tournamentId, id));
          expect(
            withdrawals
              .filter((h) => h.action === 'no-show')
              .map((h) => (JSON.parse(h.after!) as { userId: string }).userId)
              .sort(),
          ).toEqual([...noShows].sort());
          const day: Day = { id, players, noShows };
          const drawn = await invariants(ctx, day, 'the draw');
          expect(drawn.status).toBe('live');
          expect([...drawn.entrantsById.values()].map((e) => e.userId).sort()).toEqual([...checkedIn].sort());
          expect(drawn.matches).toHaveLength((checkedIn.length * (checkedIn.length - 1)) / 2);
          // The public bracket shows only the checked-in.
          const bracket = (await (await t.request(`/api/tournaments/${id}/bracket`)).json()) as BracketMatch[];
          for (const m of bracket) {
            for (const side of [m.teamA, m.teamB]) expect(noShows).not.toContain(side?.userId);
          }

          const trace: string[] = [];
          for (const a of actions) {
            await step(ctx, day, a, trace);
            await invariants(ctx, day, `after step ${trace.length} (${trace.at(-1) ?? a.kind})`);
          }

          // The day ends: the admin reports every match still without a result, and the tournament completes.
          for (const m of (await snapshot(t, id)).matches.filter((x) => x.status !== 'completed')) {
            const current = await matchOf(t, id, m.id);
            await expectStatus(
              await admin.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, {
                ...scoreOf(current, true, 1),
                version: current.version,
              }),
              200,
              `closing report of match ${m.number}`,
            );
          }
          const end = await invariants(ctx, day, 'the end');
          expect(end.status).toBe('completed');
          expect(end.matches.every((m) => m.status === 'completed')).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
    // Some 10-20 s; room for a busy machine, and for shrinking a failure to its smallest sequence.
  }, 300_000);
});
