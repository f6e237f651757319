import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Entrant } from '../../../db/schema/competition.ts';
import { followAlerts } from '../../../db/schema/follows.ts';
import type { Tournament } from '../../../db/schema/tournaments.ts';
import type { Tx } from './bracket-store.ts';

/**
 * D31: the followers of a player or team hear (D15) when a tournament of theirs goes live and when they win one.
 *
 * Two steps (ADR 031). The start or settlement claims the event in follow_alerts inside its own transaction, so a
 * retried start or a completion settled again (a correction, D20) never claims it twice; a correction that crowns
 * another champion is a new event for that champion's followers. After that transaction, `drainFollowAlerts` writes
 * the notifications in batches of FOLLOWER_BATCH followers in follower-id order: each batch is one short transaction
 * (an INSERT ... SELECT bounded by the batch's last follower, plus the cursor), so 10,000 followers never hold the
 * write lock for long, and a run cut short resumes at its cursor on the next drain (the clock drains every tick).
 */

export const FOLLOWED_LIVE_KIND = 'followed_tournament_live';
export const FOLLOWED_WON_KIND = 'followed_tournament_won';
/** Followers notified per transaction. */
export const FOLLOWER_BATCH = 1000;

/** Claims the event "tournament went live" (nothing is written when it was claimed before). */
export async function claimLiveAlert(tx: Tx, tournament: Pick<Tournament, 'id' | 'title'>, now: Date): Promise<void> {
  await tx
    .insert(followAlerts)
    .values({
      tournamentId: tournament.id,
      event: 'live',
      subject: '',
      tournamentTitle: tournament.title,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Claims the event "this entrant won" (a team entry is the team's win, else the player's); once per champion. */
export async function claimWonAlert(
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
  if (subject === null) return;
  await tx
    .insert(followAlerts)
    .values({
      tournamentId: tournament.id,
      event: 'won',
      subject,
      tournamentTitle: tournament.title,
      championName: champion.name,
      createdAt: now,
    })
    .onConflictDoNothing();
}

type Alert = typeof followAlerts.$inferSelect;

/**
 * The followers an alert is for, as (follower_id, name, seed) rows from `cursor` on: for 'live', the followers of
 * every entrant (the player of a solo entry, the team of a team entry), minus the entrants themselves (they know);
 * for 'won', the champion's followers. Each branch seeks the subject's follows index from the cursor.
 */
function audience(alert: Alert, cursor: string): SQL {
  if (alert.event === 'won') {
    const [kind, id] = [
      alert.subject.slice(0, alert.subject.indexOf(':')),
      alert.subject.slice(alert.subject.indexOf(':') + 1),
    ];
    const subject = kind === 'team' ? sql`f.team_id = ${Number(id)}` : sql`f.player_id = ${id}`;
    return sql`select f.follower_id, ${alert.championName} as name, 1 as seed from follows f
      where ${subject} and f.follower_id > ${cursor}`;
  }
  const t = alert.tournamentId;
  return sql`select follower_id, name, seed from (
      select f.follower_id, e.name, e.seed from entrants e
        join follows f on f.player_id = e.user_id and f.follower_id > ${cursor}
        where e.tournament_id = ${t} and e.team_id is null and e.user_id is not null
      union all
      select f.follower_id, e.name, e.seed from entrants e
        join follows f on f.team_id = e.team_id and f.follower_id > ${cursor}
        where e.tournament_id = ${t} and e.team_id is not null
    ) followed
    where not exists (select 1 from entrants x where x.tournament_id = ${t} and x.user_id = followed.follower_id)`;
}

/** The title and body of an alert's notification, as SQL over `name` (the followed entrant) and `n` (how many). */
function wording(alert: Alert): { title: string; body: SQL } {
  const t = alert.tournamentTitle;
  if (alert.event === 'won') {
    const name = alert.championName ?? 'A player you follow';
    return {
      title: `${name} won ${t}`,
      body: sql`${`${name} is the champion of ${t}. See the final bracket and standings.`}`,
    };
  }
  return {
    title: `${t} is live`,
    body: sql`case when n = 1 then name || ${` plays in ${t} now.`}
      else name || ' and ' || (n - 1) || case when n = 2 then ' other' else ' others' end || ${` you follow play in ${t} now.`} end`,
  };
}

/**
 * One batch of one alert in one transaction: the next FOLLOWER_BATCH followers after the cursor get their
 * notification (one per follower however many entrants they follow, naming the best-seeded), and the cursor moves to
 * the last of them. Returns false once the alert is done.
 */
async function writeBatch(db: Db, key: Pick<Alert, 'tournamentId' | 'event' | 'subject'>, now: Date): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const where = and(
        eq(followAlerts.tournamentId, key.tournamentId),
        eq(followAlerts.event, key.event),
        eq(followAlerts.subject, key.subject),
      );
      // Read inside the write transaction: two drains at once take turns and never write a batch twice.
      const [alert] = await tx.select().from(followAlerts).where(where);
      if (!alert || alert.doneAt !== null) return false;
      const [bound] = await tx.all<{ upto: string | null; n: number }>(sql`
        select max(follower_id) as upto, count(*) as n from (
          select distinct follower_id from (${audience(alert, alert.cursor)}) order by follower_id limit ${FOLLOWER_BATCH}
        )`);
      const upto = bound?.upto ?? null;
      if (upto !== null) {
        const { title, body } = wording(alert);
        // SQLite's bare-column rule: with min(seed), `name` comes from the row holding that minimum.
        await tx.run(sql`
          insert into notifications (user_id, kind, title, body, link, read, created_at)
          select follower_id, ${alert.event === 'live' ? FOLLOWED_LIVE_KIND : FOLLOWED_WON_KIND}, ${title}, ${body},
            ${`/tournaments/${alert.tournamentId}#bracket`}, 0, ${alert.createdAt.getTime()}
          from (
            select follower_id, name, min(seed) as best, count(*) as n
            from (${audience(alert, alert.cursor)}) where follower_id <= ${upto}
            group by follower_id
          )`);
      }
      const done = Number(bound?.n ?? 0) < FOLLOWER_BATCH;
      await tx
        .update(followAlerts)
        .set({ cursor: upto ?? alert.cursor, doneAt: done ? now : null })
        .where(where);
      return !done;
    },
    { behavior: 'immediate' },
  );
}

/** Writes the notifications of every claimed, unfinished alert (oldest first), a batch per transaction. */
export async function drainFollowAlerts(db: Db, now: Date): Promise<number> {
  const pending = await db
    .select({ tournamentId: followAlerts.tournamentId, event: followAlerts.event, subject: followAlerts.subject })
    .from(followAlerts)
    .where(isNull(followAlerts.doneAt))
    .orderBy(asc(followAlerts.createdAt))
    .limit(50);
  for (const alert of pending) {
    while (await writeBatch(db, alert, now)) {
      // Each batch commits on its own; other requests get the database between them.
    }
  }
  return pending.length;
}

/**
 * `drainFollowAlerts` after a start or settlement has committed: a failure here must not turn the committed change
 * into an error answer; the claimed alerts stay pending and the next clock tick writes them.
 */
export async function drainFollowAlertsAfterCommit(db: Db, now: Date): Promise<void> {
  try {
    await drainFollowAlerts(db, now);
  } catch (error) {
    console.error('[follower-alerts] drain failed; the clock will retry:', error);
  }
}
