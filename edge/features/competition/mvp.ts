import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, mvpVotes } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournaments, type TournamentStatus } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import type { MvpPlayer, MvpResult, MyMvpVote } from './schema.ts';

/**
 * MVP voting (000 s2, s5, s7; D14, D22): who can be voted for, one vote per member per tournament (the unique index
 * mvp_votes_tournament_voter_uq decides, not a read before the write), the admins' ranked results, and the rule that
 * picks the MVP at completion (`decideMvp`, ADR 023).
 */

export const MVP_TEXTS = {
  notFound: 'Tournament not found',
  notLive: 'MVP voting is open only while the tournament is live',
  notAPlayer: 'Player is not in this tournament',
  alreadyVoted: 'You have already voted',
  resultsNotOpen: 'MVP results are shown only while the tournament is live or once it is completed',
} as const;

/** Statuses whose tournament exists for MVP purposes; pending and rejected hosted tournaments are unlisted (D10). */
const visibleStatuses = ['upcoming', 'live', 'completed', 'cancelled'] as const satisfies readonly TournamentStatus[];

async function visibleStatusOf(db: Db, tournamentId: number): Promise<TournamentStatus | null> {
  const [row] = await db
    .select({ status: tournaments.status })
    .from(tournaments)
    .where(and(eq(tournaments.id, tournamentId), inArray(tournaments.status, visibleStatuses)));
  return row?.status ?? null;
}

/**
 * The members who may be voted for: every solo entrant, and every rostered member of an entered team (D22): the
 * roster at entry, the members who are credited with the team's results. A withdrawn entrant stays a candidate: they
 * played until withdrawn, and a vote already cast for them stays valid.
 */
function candidateIds(tournamentId: number) {
  return sql`(
    select ${entrants.userId} from ${entrants}
      where ${entrants.tournamentId} = ${tournamentId} and ${entrants.teamId} is null and ${entrants.userId} is not null
    union
    select ${teamEntryMembers.userId} from ${teamEntryMembers}
      join ${entrants} on ${entrants.registrationId} = ${teamEntryMembers.registrationId}
      where ${entrants.tournamentId} = ${tournamentId} and ${entrants.teamId} is not null
  )`;
}

const mvpPlayerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  city: users.city,
};

const byName = [sql`${users.firstName} collate nocase`, sql`${users.lastName} collate nocase`, asc(users.id)];

/**
 * GET /api/tournaments/{id}/players: the candidates while the tournament is live, by name; [] in any other status
 * (000 s7 calls it only while live, and the tab's empty state says 'No players registered yet'); null = unknown.
 */
export async function mvpPlayers(db: Db, tournamentId: number): Promise<MvpPlayer[] | null> {
  const status = await visibleStatusOf(db, tournamentId);
  if (status === null) return null;
  if (status !== 'live') return [];
  return db
    .select(mvpPlayerColumns)
    .from(users)
    .where(sql`${users.id} in ${candidateIds(tournamentId)}`)
    .orderBy(...byName);
}

/** GET /api/tournaments/{id}/my-mvp-vote: whether this member has voted (in any status); null = unknown tournament. */
export async function myMvpVote(db: Db, tournamentId: number, voterId: string): Promise<MyMvpVote | null> {
  if ((await visibleStatusOf(db, tournamentId)) === null) return null;
  const [row] = await db
    .select({ id: mvpVotes.id })
    .from(mvpVotes)
    .where(and(eq(mvpVotes.tournamentId, tournamentId), eq(mvpVotes.voterId, voterId)))
    .limit(1);
  return { hasVoted: row !== undefined };
}

/**
 * POST /api/tournaments/{id}/mvp-vote. ONE statement inserts the vote only while the tournament is live and the
 * player is a candidate, and the unique index turns a second vote (or ten sent at once) into no row: nothing is
 * read first, so no race can let two votes through. When no row was written, the reason is looked up afterwards.
 */
export async function castMvpVote(db: Db, input: { tournamentId: number; voterId: string; playerId: string; now: Date }) {
  const { tournamentId, voterId, playerId, now } = input;
  const inserted = await db.run(sql`
    insert into ${mvpVotes} (tournament_id, voter_id, player_id, created_at)
    select ${tournamentId}, ${voterId}, ${playerId}, ${now.getTime()}
    where exists (select 1 from ${tournaments} where ${tournaments.id} = ${tournamentId} and ${tournaments.status} = 'live')
      and ${playerId} in ${candidateIds(tournamentId)}
    on conflict (tournament_id, voter_id) do nothing`);
  if (inserted.rowsAffected === 1) return;

  const status = await visibleStatusOf(db, tournamentId);
  if (status === null) fail(404, MVP_TEXTS.notFound);
  if (status !== 'live') fail(409, MVP_TEXTS.notLive);
  if ((await myMvpVote(db, tournamentId, voterId))?.hasVoted) fail(409, MVP_TEXTS.alreadyVoted);
  fail(400, MVP_TEXTS.notAPlayer);
}

/**
 * GET /api/tournaments/{id}/mvp-results (admins, D6): every player who received a vote, most votes first, ties by
 * name. Live (000 s7) and completed (so admins can check the decided MVP); null = unknown tournament.
 */
export async function mvpResults(db: Db, tournamentId: number): Promise<MvpResult[] | null> {
  const status = await visibleStatusOf(db, tournamentId);
  if (status === null) return null;
  if (status !== 'live' && status !== 'completed') fail(409, MVP_TEXTS.resultsNotOpen);
  const voteCount = count(mvpVotes.id);
  const rows = await db
    .select({ player: mvpPlayerColumns, voteCount })
    .from(mvpVotes)
    .innerJoin(users, eq(users.id, mvpVotes.playerId))
    .where(eq(mvpVotes.tournamentId, tournamentId))
    .groupBy(users.id)
    .orderBy(desc(voteCount), ...byName);
  return rows;
}

/** One vote as the MVP rule reads it. */
export interface MvpVoteRecord {
  playerId: string;
  /** When it was cast (ms since the epoch). */
  castAt: number;
}

/**
 * D14's MVP, decided at completion (ADR 023): the player with the most votes; on a tie, the better final place
 * (`placeOf`: 1-4, anyone else ranks after the fourth), then whoever reached that many votes first (the earlier
 * last vote), then the lower user id so the answer never depends on row order. Null without votes.
 */
export function decideMvp(votes: readonly MvpVoteRecord[], placeOf: (userId: string) => number | null = () => null): string | null {
  const tally = new Map<string, { votes: number; lastAt: number }>();
  for (const vote of votes) {
    const entry = tally.get(vote.playerId) ?? { votes: 0, lastAt: Number.NEGATIVE_INFINITY };
    entry.votes += 1;
    entry.lastAt = Math.max(entry.lastAt, vote.castAt);
    tally.set(vote.playerId, entry);
  }
  const rank = (userId: string) => placeOf(userId) ?? Number.POSITIVE_INFINITY;
  let best: string | null = null;
  for (const [playerId, entry] of tally) {
    if (best === null) {
      best = playerId;
      continue;
    }
    const leader = tally.get(best)!;
    const better =
      entry.votes !== leader.votes
        ? entry.votes > leader.votes
        : rank(playerId) !== rank(best)
          ? rank(playerId) < rank(best)
          : entry.lastAt !== leader.lastAt
            ? entry.lastAt < leader.lastAt
            : playerId < best;
    if (better) best = playerId;
  }
  return best;
}

/** The tournament's votes, for `decideMvp`. */
export async function mvpVotesOf(db: Pick<Db, 'select'>, tournamentId: number): Promise<MvpVoteRecord[]> {
  const rows = await db
    .select({ playerId: mvpVotes.playerId, createdAt: mvpVotes.createdAt })
    .from(mvpVotes)
    .where(eq(mvpVotes.tournamentId, tournamentId));
  return rows.map((r) => ({ playerId: r.playerId, castAt: r.createdAt.getTime() }));
}

/**
 * The MVP of a tournament being completed: `placeMembers[i]` are the members credited with place i + 1 (solo:
 * [userId]), the same list `applySettlement` takes. Runs inside the completion's transaction.
 */
export async function decideTournamentMvp(db: Pick<Db, 'select'>, tournamentId: number, placeMembers: readonly string[][]) {
  const places = new Map<string, number>();
  placeMembers.forEach((members, index) => {
    for (const userId of members) if (!places.has(userId)) places.set(userId, index + 1);
  });
  return decideMvp(await mvpVotesOf(db, tournamentId), (userId) => places.get(userId) ?? null);
}
