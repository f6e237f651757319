import { sql, type SQL } from 'drizzle-orm';
import { notifications } from '../../../db/schema/messages.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations } from '../../../db/schema/tournaments.ts';
import type { Db } from '../../../db/client.ts';
import { notificationKinds } from '../notifications/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * D22's "one team per player in a tournament", as a condition on the registration row being confirmed (the statement
 * must name `tournament_registrations` unaliased): none of this entry's roster at entry is on another entry of the
 * tournament that holds a spot. Always true while the entry's own hold is alive (entering checked it, and no one
 * can enter those players meanwhile); it matters when a hold lapsed and its payment arrives late (ADR 009), by which
 * time a player may have moved to a team that entered.
 */
export function rosterStillFree(cutoff: number): SQL {
  return sql`not exists (
    select 1 from ${teamEntryMembers} mine
    join ${teamEntryMembers} other
      on other.tournament_id = mine.tournament_id and other.user_id = mine.user_id
     and other.registration_id <> mine.registration_id
    join ${tournamentRegistrations} o on o.id = other.registration_id
    where mine.registration_id = ${tournamentRegistrations}.id
      and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff})))`;
}

/**
 * Tells each player on a confirmed team entry's roster (D15, D22) that their team is in, in one statement: the roster
 * at entry is a handful of rows on the registration's key. The owner, who entered the team, is told separately.
 */
export async function notifyRoster(
  tx: Pick<Tx, 'run'>,
  input: { registrationId: number; ownerId: string; tournament: { id: number; title: string }; now: Date },
): Promise<void> {
  const { registrationId, ownerId, tournament, now } = input;
  await tx.run(sql`
    insert into ${notifications} (user_id, kind, title, body, link, read, created_at)
    select m.user_id, ${notificationKinds.registrationConfirmed}, 'Registration Confirmed',
           t.name || ${` is registered for ${tournament.title}. Check in 30 minutes before the start.`},
           ${`/tournaments/${tournament.id}`}, 0, ${now.getTime()}
    from ${teamEntryMembers} m join ${teams} t on t.id = m.team_id
    where m.registration_id = ${registrationId} and m.user_id <> ${ownerId}`);
}
