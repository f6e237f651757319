import { sql } from 'drizzle-orm';
import type { Entrant } from '../../../db/schema/competition.ts';
import type { Tournament } from '../../../db/schema/tournaments.ts';
import type { Tx } from './bracket-store.ts';

/**
 * D31: the followers of a player or team hear (D15) when a tournament of theirs goes live and when they win one.
 * Each event is claimed in follow_alerts inside the caller's transaction before anything is written, so a retried
 * start or a completion settled again (a correction, D20) never notifies twice; a correction that crowns another
 * champion is a new event for that champion's followers. The notifications are written by one INSERT ... SELECT,
 * so a player with 10,000 followers costs one statement, not 10,000 round trips inside the transaction.
 */

export const FOLLOWED_LIVE_KIND = 'followed_tournament_live';
export const FOLLOWED_WON_KIND = 'followed_tournament_won';

/** Claims an event once; false when it was already claimed (nothing more to write). */
async function claim(tx: Tx, tournamentId: number, event: 'live' | 'won', subject: string, now: Date) {
  const claimed = await tx.run(sql`
    insert into follow_alerts (tournament_id, event, subject, created_at)
    values (${tournamentId}, ${event}, ${subject}, ${now.getTime()})
    on conflict do nothing`);
  return claimed.rowsAffected === 1;
}

/**
 * The tournament went live: every member who follows one of its entrants (a player entered alone, or a team) gets
 * one notification naming the best-seeded of them and how many more. Entrants themselves are left out: they know.
 */
export async function alertFollowersLive(
  tx: Tx,
  tournament: Pick<Tournament, 'id' | 'title'>,
  now: Date,
): Promise<void> {
  if (!(await claim(tx, tournament.id, 'live', '', now))) return;
  const title = `${tournament.title} is live`;
  const link = `/tournaments/${tournament.id}#bracket`;
  // SQLite's bare-column rule: with min(seed), `name` comes from the row holding that minimum.
  await tx.run(sql`
    insert into notifications (user_id, kind, title, body, link, read, created_at)
    select follower_id, ${FOLLOWED_LIVE_KIND}, ${title},
      case when n = 1 then name || ' plays in ' || ${tournament.title} || ' now.'
        else name || ' and ' || (n - 1) || case when n = 2 then ' other' else ' others' end
          || ' you follow play in ' || ${tournament.title} || ' now.' end,
      ${link}, 0, ${now.getTime()}
    from (
      select follower_id, name, min(seed) as best, count(*) as n
      from (
        select f.follower_id, e.name, e.seed from entrants e
          join follows f on f.player_id = e.user_id
          where e.tournament_id = ${tournament.id} and e.team_id is null and e.user_id is not null
        union all
        select f.follower_id, e.name, e.seed from entrants e
          join follows f on f.team_id = e.team_id
          where e.tournament_id = ${tournament.id} and e.team_id is not null
      ) followed
      where not exists (
        select 1 from entrants x where x.tournament_id = ${tournament.id} and x.user_id = followed.follower_id
      )
      group by follower_id
    )`);
}

/**
 * The tournament's champion is decided: the followers of the champion (the team for a team entry, else the player)
 * hear who won. Called after every settlement; the claim makes it once per champion.
 */
export async function alertFollowersWon(
  tx: Tx,
  tournament: Pick<Tournament, 'id' | 'title'>,
  champion: Pick<Entrant, 'userId' | 'teamId' | 'name'>,
  now: Date,
): Promise<void> {
  const subject =
    champion.teamId !== null
      ? `team:${champion.teamId}`
      : champion.userId !== null
        ? `player:${champion.userId}`
        : null;
  if (subject === null || !(await claim(tx, tournament.id, 'won', subject, now))) return;
  const followed =
    champion.teamId !== null ? sql`f.team_id = ${champion.teamId}` : sql`f.player_id = ${champion.userId}`;
  await tx.run(sql`
    insert into notifications (user_id, kind, title, body, link, read, created_at)
    select f.follower_id, ${FOLLOWED_WON_KIND}, ${`${champion.name} won ${tournament.title}`},
      ${`${champion.name} is the champion of ${tournament.title}. See the final bracket and standings.`},
      ${`/tournaments/${tournament.id}#bracket`}, 0, ${now.getTime()}
    from follows f where ${followed}`);
}
