import { and, eq, sql } from 'drizzle-orm';
import { finalStandings } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import type { LoadedBracket, Tx } from './bracket-store.ts';
import type { BracketState } from './engine/types.ts';
import { claimWonAlert } from './follower-alerts.ts';
import { decideTournamentMvp } from './mvp.ts';
import type { SettlementOutcome } from './settlement-rules.ts';
import { applySettlement } from './settlement.ts';
import { creditedMembers, isTeamTournament, settleChampionship } from './team-entries.ts';

/**
 * What follows from the engine's state after each write (D12, D14, D20, D21): the final result completes the
 * tournament (final standings, placements, points, payouts); a correction that leaves it without a final result
 * makes it live again; a correction after completion that keeps it complete re-settles by the difference.
 * Points and payouts are only ever written as a difference from what is recorded (settlement.ts), so completing
 * twice or correcting after completion never counts twice.
 */
export async function settleTournament(
  tx: Tx,
  loaded: LoadedBracket,
  state: BracketState,
  ctx: { actor: { id: string } | null; now: Date; leagueEmailDomain: string },
): Promise<void> {
  const t = loaded.tournament;
  const [current] = await tx.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, t.id));
  const status = current?.status ?? t.status;

  if (!state.complete) {
    if (status === 'completed') {
      // D20: the final result changed; live again until the new final result.
      await tx.update(tournaments).set({ status: 'live', completedAt: null }).where(eq(tournaments.id, t.id));
    }
    return;
  }
  if (status !== 'live' && status !== 'completed') return;

  const byId = new Map(loaded.entrants.map((e) => [e.id, e]));
  // The payee of each place: the player, or the team's owner (D21).
  const placeUsers = state.places.map((id) => byId.get(id)?.userId ?? null);
  // Who is credited: the player, or every member of the team's roster at entry (D22).
  const { placeMembers, entrantMembers, matchWins } = await creditedMembers(tx, loaded.entrants, state);
  const mvpUserId = await decideTournamentMvp(tx, t.id, placeMembers);
  const outcome: SettlementOutcome = {
    tournamentId: t.id,
    prizePool: t.prizePool,
    teamSize: t.teamSize,
    places: placeUsers.filter((u): u is string => u !== null),
    placeMembers,
    entrantMembers,
    matchWins,
    mvpUserId,
  };
  await applySettlement(tx, outcome, ctx.now, { leagueEmailDomain: ctx.leagueEmailDomain });
  const championTeamId = await settleChampionship(tx, loaded.entrants, state.places[0] ?? null);
  // A team tournament's champion is the team; its owner did not play.
  const champions = isTeamTournament(t)
    ? { championId: null, championTeamId }
    : { championId: placeUsers[0] ?? null, championTeamId: null };

  const standings = {
    winnerId: state.places[0] ?? null,
    runnerUpId: state.places[1] ?? null,
    thirdPlaceId: state.places[2] ?? null,
    fourthPlaceId: state.places[3] ?? null,
    mvpUserId,
    updatedAt: ctx.now,
  };
  await tx
    .insert(finalStandings)
    .values({ tournamentId: t.id, ...standings })
    .onConflictDoUpdate({ target: finalStandings.tournamentId, set: standings });

  // Placements on the registrations (the archive and profiles read them): places 1-4, the rest cleared.
  await tx
    .update(tournamentRegistrations)
    .set({ placement: null })
    .where(and(eq(tournamentRegistrations.tournamentId, t.id), sql`${tournamentRegistrations.placement} IS NOT NULL`));
  for (const [i, userId] of placeUsers.entries()) {
    if (!userId) continue;
    await tx
      .update(tournamentRegistrations)
      .set({ placement: i + 1 })
      .where(and(eq(tournamentRegistrations.tournamentId, t.id), eq(tournamentRegistrations.userId, userId)));
  }

  if (status === 'live') {
    await tx
      .update(tournaments)
      .set({ status: 'completed', completedAt: ctx.now, endDate: t.endDate ?? ctx.now, ...champions })
      .where(eq(tournaments.id, t.id));
    await notifyCompleted(tx, loaded, placeUsers, ctx.now);
  } else {
    await tx.update(tournaments).set(champions).where(eq(tournaments.id, t.id));
  }
  // D31: the champion's followers hear it, claimed once per champion (a correction may crown another).
  const champion = state.places[0] === undefined ? undefined : byId.get(state.places[0]);
  if (champion) await claimWonAlert(tx, t, champion, ctx.now);
}

const PLACE_WORDS = ['Champion', 'Runner-up', 'Third place', 'Fourth place'];

async function notifyCompleted(tx: Tx, loaded: LoadedBracket, placeUsers: (string | null)[], now: Date) {
  const rows = loaded.entrants
    .filter((e) => e.userId)
    .map((e) => {
      const place = placeUsers.indexOf(e.userId);
      return {
        userId: e.userId!,
        kind: 'tournament_completed',
        title: `${loaded.tournament.title} is complete`,
        body: place >= 0 ? `Final result: ${PLACE_WORDS[place]}. Your points are on your dashboard.` : 'The final results and your points are on your dashboard.',
        link: `/tournaments/${loaded.tournament.id}#bracket`,
        createdAt: now,
      };
    });
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
