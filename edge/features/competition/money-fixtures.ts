// Fixtures of the MVP, settlement, payout and cancellation tests: a tournament with registered players and their
// entrants rows written straight into the database (the bracket service is not needed to vote or to settle).
import { entrants } from '../../../db/schema/competition.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import type { TestFixtures } from '../../test/app.ts';
import { addTournament, DAY, member, type Member } from '../payments/test-helpers.ts';

export interface SeededTournament {
  id: number;
  /** Entrants in seed order (seed 1 first). */
  players: Member[];
}

/** A tournament (live by default) with `count` registered players, each an entrant seeded in order. */
export async function tournamentWithEntrants(
  t: TestFixtures,
  count: number,
  fields: Partial<typeof tournaments.$inferInsert> = {},
): Promise<SeededTournament> {
  const id = await addTournament(t, {
    status: 'live',
    startDate: new Date(t.now().getTime() - 60 * 60 * 1000),
    startedAt: new Date(t.now().getTime() - 60 * 60 * 1000),
    prizePool: 1000,
    ...fields,
  });
  const players: Member[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const player = await member(t);
    const [registration] = await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: id, userId: player.id, status: 'registered', createdAt: new Date(t.now().getTime() - DAY) })
      .returning({ id: tournamentRegistrations.id });
    await t.db.insert(entrants).values({
      tournamentId: id,
      userId: player.id,
      registrationId: registration!.id,
      name: `Player ${seed}`,
      seed,
      createdAt: t.now(),
    });
    players.push(player);
  }
  return { id, players };
}

/** A league admin (D6: admin role on the league's domain). */
export const leagueAdmin = (t: TestFixtures, name = 'boss') =>
  member(t, { role: 'admin', email: `${name}-${crypto.randomUUID().slice(0, 8)}@wta.local` });
