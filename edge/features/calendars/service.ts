import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { calendarFeeds } from '../../../db/schema/calendars.ts';
import { tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { eventEnd, type FeedEvent } from './feed.ts';

/**
 * D45's three feeds, read from the database: a tournament, a division and a member's own schedule (their tournaments
 * and called matches, at a secret address). Only listed tournaments appear (never a host's pending or rejected
 * submission); a cancelled one stays, marked cancelled, so a subscribed calendar shows it struck instead of losing it.
 */

const LISTED = ['upcoming', 'live', 'completed', 'cancelled'] as const;
/** At most this many events in one feed: a calendar app reads the whole feed on every refresh. */
export const FEED_LIMIT = 300;
/** A division's feed keeps the tournaments of the last 90 days besides every coming one. */
export const DIVISION_PAST_DAYS = 90;
/** A called match is shown as an hour from its call. */
export const MATCH_EVENT_MINUTES = 60;

export interface FeedSite {
  /** The league's public address (PUBLIC_URL): the events' links and, by its host name, their UIDs. */
  publicUrl: string;
}

const host = (site: FeedSite) => new URL(site.publicUrl).hostname;

type TournamentRow = Pick<
  Tournament,
  | 'id'
  | 'title'
  | 'description'
  | 'location'
  | 'startDate'
  | 'endDate'
  | 'status'
  | 'calendarSequence'
  | 'calendarChangedAt'
  | 'createdAt'
>;

const tournamentColumns = {
  id: tournaments.id,
  title: tournaments.title,
  description: tournaments.description,
  location: tournaments.location,
  startDate: tournaments.startDate,
  endDate: tournaments.endDate,
  status: tournaments.status,
  calendarSequence: tournaments.calendarSequence,
  calendarChangedAt: tournaments.calendarChangedAt,
  createdAt: tournaments.createdAt,
};

/** One tournament as an event: its UID never changes; SEQUENCE and DTSTAMP move with migration 0032's trigger. */
export function tournamentEvent(t: TournamentRow, site: FeedSite): FeedEvent {
  return {
    uid: `tournament-${t.id}@${host(site)}`,
    sequence: t.calendarSequence,
    stamp: t.calendarChangedAt ?? t.createdAt,
    start: t.startDate,
    end: eventEnd(t.startDate, t.endDate),
    summary: t.title,
    description: t.description,
    location: t.location,
    url: `${site.publicUrl}/tournaments/${t.id}`,
    cancelled: t.status === 'cancelled',
  };
}

/** The feed of one listed tournament; null when there is none. */
export async function tournamentFeed(db: Db, id: number, site: FeedSite) {
  const [t] = await db
    .select(tournamentColumns)
    .from(tournaments)
    .where(and(eq(tournaments.id, id), inArray(tournaments.status, LISTED)))
    .limit(1);
  return t ? { name: t.title, events: [tournamentEvent(t, site)] } : null;
}

/** A division's listed tournaments from DIVISION_PAST_DAYS ago on, soonest first (tournaments_division_start_idx). */
export async function divisionFeed(db: Db, division: string, name: string, now: Date, site: FeedSite) {
  const rows = await db
    .select(tournamentColumns)
    .from(tournaments)
    .where(
      and(
        sql`${tournaments.division} = ${division}`,
        gte(tournaments.startDate, new Date(now.getTime() - DIVISION_PAST_DAYS * 24 * 60 * 60 * 1000)),
        inArray(tournaments.status, LISTED),
      ),
    )
    .orderBy(tournaments.startDate)
    .limit(FEED_LIMIT);
  return { name: `WTA League - ${name}`, events: rows.map((t) => tournamentEvent(t, site)) };
}

interface CalledMatchRow {
  id: number;
  matchNumber: number;
  court: string | null;
  calledAt: number;
  version: number;
  tournamentId: number;
  title: string;
  location: string | null;
  mySide: string;
  otherSide: string | null;
}

/**
 * The member's own schedule: the tournaments they entered (their registration, or a team entry's roster at entry)
 * and every match of theirs that was called, newest first. Null when the address is not (or no longer) a feed.
 */
export async function memberFeed(db: Db, token: string, site: FeedSite) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  if (!feed) return null;
  const { userId } = feed;
  // registrations_user_idx and team_entry_members_user_idx; a withdrawn entry leaves the feed, a cancelled
  // tournament stays in it as cancelled.
  const entered = await db.all<{ id: number }>(sql`
    select r.tournament_id as id from tournament_registrations r join tournaments t on t.id = r.tournament_id
      where r.user_id = ${userId} and (r.status = 'registered' or (t.status = 'cancelled' and r.status = 'cancelled'))
    union
    select m.tournament_id as id from team_entry_members m where m.user_id = ${userId}`);
  const ids = entered.map((r) => r.id);
  const rows = ids.length
    ? await db
        .select(tournamentColumns)
        .from(tournaments)
        .where(and(inArray(tournaments.id, ids), inArray(tournaments.status, LISTED)))
        .orderBy(desc(tournaments.startDate))
        .limit(FEED_LIMIT)
    : [];
  // The member's entrants (entrants_user_idx; a team's roster through its registration), then their called
  // matches (matches_entrant_a_idx, matches_entrant_b_idx).
  const matches = await db.all<CalledMatchRow>(sql`
    with mine as (
      select e.id from entrants e where e.user_id = ${userId}
      union
      select e.id from team_entry_members m join entrants e
        on e.tournament_id = m.tournament_id and e.registration_id = m.registration_id
        where m.user_id = ${userId}
    )
    select x.id, x.number as matchNumber, x.court, x.called_at as calledAt, x.version,
      t.id as tournamentId, t.title, t.location,
      case when x.entrant_a_id in (select id from mine) then a.name else b.name end as mySide,
      case when x.entrant_a_id in (select id from mine) then b.name else a.name end as otherSide
    from matches x
      join tournaments t on t.id = x.tournament_id
      left join entrants a on a.id = x.entrant_a_id
      left join entrants b on b.id = x.entrant_b_id
    where (x.entrant_a_id in (select id from mine) or x.entrant_b_id in (select id from mine))
      and x.called_at is not null
    order by x.called_at desc
    limit ${FEED_LIMIT}`);
  const events = [
    ...rows.map((t) => tournamentEvent(t, site)),
    ...matches.map((m): FeedEvent => {
      const calledAt = new Date(Number(m.calledAt));
      const where = m.court ? ` - ${m.court}` : '';
      return {
        uid: `match-${m.id}@${host(site)}`,
        sequence: Number(m.version),
        stamp: calledAt,
        start: calledAt,
        end: new Date(calledAt.getTime() + MATCH_EVENT_MINUTES * 60 * 1000),
        summary: `Match ${m.matchNumber}${where} vs ${m.otherSide ?? 'TBD'}`,
        description: `${m.title}: ${m.mySide} vs ${m.otherSide ?? 'TBD'}`,
        location: m.location,
        url: `${site.publicUrl}/tournaments/${m.tournamentId}#bracket`,
        cancelled: false,
      };
    }),
  ];
  return { name: 'WTA League - My schedule', events };
}

/** A new secret: 256 random bits, base64url. */
function newToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** The member's feed token, or null before they made one. */
export async function readFeedToken(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row?.token ?? null;
}

/** Makes the member's feed address, or (Reset) replaces it: the old address stops answering at once. */
export async function resetFeedToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: now } });
  return token;
}
