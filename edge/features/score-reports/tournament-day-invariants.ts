// The tournament-day property's invariants (tournament-day.property.test.ts): what must hold of the day's rows, its
// history and the host's view after every step, whatever the sequence.
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { matchHistory, type MatchRow } from '../../../db/schema/competition.ts';
import { resultSnapshot } from '../competition/bracket-store.ts';
import type { ScoreReportsView } from './schema.ts';
import type { DayContext } from './tournament-day-model.ts';
import { expectStatus, snapshot, type Day, type Snapshot } from './tournament-day-state.ts';

/** A result row's `after` (competition's resultSnapshot). */
type ResultSnap = Pick<MatchRow, 'entrantAId' | 'entrantBId' | 'scoreA' | 'scoreB' | 'winnerId' | 'status' | 'forfeit'>;

export async function invariants(ctx: DayContext, day: Day, where: string): Promise<Snapshot> {
  const { t, host, admin } = ctx;
  const s = await snapshot(t, day.id);
  const managers = new Set([host.id, admin.id]);

  // No entrant plays two matches at once: nobody is in two live matches.
  const playing = new Map<number, number>();
  for (const m of s.matches.filter((x) => x.status === 'live')) {
    expect(m.calledAt, `${where}: live match ${m.number} was called`).not.toBeNull();
    for (const e of [m.entrantAId!, m.entrantBId!]) {
      expect(
        playing.get(e),
        `${where}: entrant ${e} is live in match ${playing.get(e)} and ${m.number}`,
      ).toBeUndefined();
      playing.set(e, m.number);
    }
  }

  // Every withdrawn no-show is out of the bracket: no entrant of theirs, no match with them.
  const drawnUsers = new Set([...s.entrantsById.values()].map((e) => e.userId));
  for (const userId of day.noShows) expect(drawnUsers.has(userId), `${where}: no-show ${userId} drawn`).toBe(false);
  for (const m of s.matches) {
    for (const e of [m.entrantAId, m.entrantBId])
      expect(s.entrantsById.has(e!), `${where}: match ${m.number}`).toBe(true);
  }

  // A confirmed round was never disputed (a dispute leaves it to the host's or an admin's report).
  for (const r of s.rounds.filter((x) => x.state === 'confirmed')) {
    expect([r.disputedAt, r.otherScoreA], `${where}: confirmed round ${r.id} of match ${r.matchId}`).toEqual([
      null,
      null,
    ]);
  }

  // The history: each match's rows in order. A players' confirmation only of a pending (never disputed) round; every
  // result row explained by what precedes it (the players' confirmation, a confirmed forfeit claim, or the host's
  // or an admin's own report); exactly one 'report' per completed match and none for another; the match holds what
  // its last result row says.
  const history = await t.db
    .select()
    .from(matchHistory)
    .where(eq(matchHistory.tournamentId, day.id))
    .orderBy(asc(matchHistory.id));
  for (const m of s.matches) {
    const rows = history.filter((h) => h.matchKey === m.key);
    const at = `${where}: match ${m.number} history ${rows.map((r) => r.action).join(',')}`;
    let round: 'none' | 'pending' | 'disputed' = 'none';
    let reports = 0;
    let last: ResultSnap | null = null;
    rows.forEach((row, i) => {
      const after = row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>);
      const prev = rows[i - 1];
      switch (row.action) {
        case 'score-report':
          // A report on a disputed round of the same version writes nothing, so this is a pending round.
          round = 'pending';
          break;
        case 'score-dispute':
          expect(round, `${at} (row ${i}: dispute)`).toBe('pending');
          round = 'disputed';
          break;
        case 'score-confirm':
          expect(round, `${at} (row ${i}: a confirmation of a ${round} round)`).toBe('pending');
          expect(rows[i + 1]?.action, `${at} (row ${i}: the confirmation is applied)`).toBe('report');
          break;
        case 'report': {
          reports += 1;
          const result = after as ResultSnap;
          if (prev?.action === 'score-confirm') {
            const said = JSON.parse(prev.after!) as { scoreA: number; scoreB: number };
            expect([result.scoreA, result.scoreB, result.forfeit], `${at} (row ${i})`).toEqual([
              said.scoreA,
              said.scoreB,
              false,
            ]);
          } else if (
            prev?.action === 'forfeit-decision' &&
            (JSON.parse(prev.after!) as { confirmed: boolean }).confirmed
          ) {
            const { side } = JSON.parse(prev.after!) as { side: 'A' | 'B' };
            expect([result.forfeit, result.winnerId], `${at} (row ${i})`).toEqual([
              true,
              side === 'A' ? result.entrantAId : result.entrantBId,
            ]);
          } else {
            expect(managers.has(row.actorId ?? ''), `${at} (row ${i}: a result nobody explains)`).toBe(true);
            expect(result.forfeit, `${at} (row ${i})`).toBe(false);
          }
          last = result;
          round = 'none';
          break;
        }
        case 'correct':
          expect(managers.has(row.actorId ?? ''), `${at} (row ${i}: a correction by the host or an admin)`).toBe(true);
          last = after as ResultSnap;
          round = 'none';
          break;
        case 'live':
          // A call or a move to another court raises the version: an open round no longer describes the match.
          round = 'none';
          break;
        case 'forfeit-decision':
          if ((after as { confirmed: boolean }).confirmed) {
            expect(rows[i + 1]?.action, `${at} (row ${i}: the confirmed claim is applied)`).toBe('report');
          }
          break;
        case 'arrival':
        case 'forfeit-claim':
          break;
        default:
          expect.fail(`${at} (row ${i}: unexpected ${row.action})`);
      }
    });
    expect(reports, `${at}: applied results`).toBe(m.status === 'completed' ? 1 : 0);
    if (m.status === 'completed') {
      expect(last, at).toEqual(resultSnapshot(m));
    } else expect([m.scoreA, m.scoreB, m.winnerId], at).toEqual([null, null, null]);
  }

  // A completed match leaves nothing open behind it: no players' round pending or disputed, no claim waiting.
  for (const m of s.matches.filter((x) => x.status === 'completed')) {
    const open = s.rounds.filter((r) => r.matchId === m.id && (r.state === 'pending' || r.state === 'disputed'));
    expect(
      open.map((r) => r.state),
      `${where}: match ${m.number} is completed with a round open`,
    ).toEqual([]);
    const waiting = s.claims.filter((c) => c.matchId === m.id && c.state === 'pending');
    expect(
      waiting.map((c) => c.id),
      `${where}: match ${m.number} is completed with a claim pending`,
    ).toEqual([]);
  }

  // What the host sees (D40, D41): an open round or a pending claim only on a live match as it is, a confirmed round
  // only while its match holds that score.
  const seen = JSON.parse(
    await expectStatus(await host.agent.get(`/api/tournaments/${day.id}/score-reports`), 200, `${where}: reports`),
  ) as ScoreReportsView;
  for (const r of seen.reports) {
    const m = s.matches.find((x) => x.id === r.matchId)!;
    const shown = `${where}: the host sees match ${m.number}'s round ${r.state}`;
    if (r.state === 'confirmed') {
      expect(m, shown).toMatchObject({
        status: 'completed',
        scoreA: r.reports[0]!.scoreA,
        scoreB: r.reports[0]!.scoreB,
      });
    } else expect([m.status, m.version], shown).toEqual(['live', r.matchVersion]);
  }
  for (const c of seen.claims.filter((x) => x.state === 'pending')) {
    const m = s.matches.find((x) => x.id === c.matchId)!;
    expect(m.status, `${where}: the host sees a pending claim on match ${m.number}`).toBe('live');
  }
  return s;
}
