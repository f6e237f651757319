import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from './client.ts';
import { matchHistory, tournamentRegistrations } from './schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE = 60 * 1000;

/**
 * D39's demo: the entrants of a tournament with check-in who have already checked in (person keys, or team names
 * whose owner checked the team in), ten minutes ago, each with its match-history row as a real check-in writes.
 * Runs inside the seed's transaction, after the tournament's registrations.
 */
export async function seedCheckIns(
  tx: Tx,
  input: {
    id: number;
    now: Date;
    checkedIn: readonly string[];
    idOf: (key: string) => string;
    teamId: ReadonlyMap<string, number>;
  },
): Promise<void> {
  const users = input.checkedIn.filter((key) => !input.teamId.has(key)).map(input.idOf);
  const teamIds = input.checkedIn.flatMap((name) => (input.teamId.has(name) ? [input.teamId.get(name)!] : []));
  const at = new Date(input.now.getTime() - 10 * MINUTE);
  const entries = await tx
    .select({ id: tournamentRegistrations.id, userId: tournamentRegistrations.userId, teamId: tournamentRegistrations.teamId })
    .from(tournamentRegistrations)
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, input.id),
        or(
          users.length ? inArray(tournamentRegistrations.userId, users) : undefined,
          teamIds.length ? inArray(tournamentRegistrations.teamId, teamIds) : undefined,
        ),
      ),
    );
  for (const entry of entries) {
    await tx
      .update(tournamentRegistrations)
      .set({ checkedInAt: at, checkedInBy: entry.userId })
      .where(eq(tournamentRegistrations.id, entry.id));
  }
  if (entries.length > 0) {
    await tx.insert(matchHistory).values(
      entries.map((e) => ({
        tournamentId: input.id,
        action: 'check-in' as const,
        actorId: e.userId,
        after: JSON.stringify({ registrationId: e.id, userId: e.userId, teamId: e.teamId, at: at.toISOString() }),
        createdAt: at,
      })),
    );
  }
}
