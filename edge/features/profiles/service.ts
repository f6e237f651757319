import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { isMinor } from '../../lib/minors.ts';
import { parseVideoLink } from '../../lib/video-links.ts';
import { winRatePercent } from '../../lib/win-rate.ts';
import {
  TOURNAMENT_HISTORY_LIMIT,
  type HistoryStatus,
  type Highlight,
  type PlayerProfile,
  type TeamPosition,
  type TeamProfile,
  type TeamProfilePlayer,
  type TournamentHistoryEntry,
} from './schema.ts';

/** Who is looking and when: D36 hides a minor's photo and city from guests (viewerId null). */
export interface ProfileContext {
  viewerId: string | null;
  now: Date;
  /** The league's host name: Twitch's player must name the site that embeds it (`parent`). */
  siteHost: string;
}


/** The statuses a visitor may see in a history (D10, D33: pending, rejected and cancelled ones are not played). */
const HISTORY_STATUSES: HistoryStatus[] = ['upcoming', 'live', 'completed'];

/** Every stored highlight link, each embedded only when D29 allows it. */
export function highlightsOf(urls: readonly string[], siteHost: string): Highlight[] {
  return urls.map((url) => {
    const video = parseVideoLink(url);
    return { url, provider: video?.provider ?? null, embedUrl: video ? video.embedUrl(siteHost) : null };
  });
}

// Drizzle writes a single-table select's columns unqualified, which inside a subquery on follows would name follows'
// own columns: the subqueries below spell out both tables.
const SUBJECT = { player: sql.raw('f.player_id = "users"."id"'), team: sql.raw('f.team_id = "teams"."id"') };

/** How many follow the subject, as one SQL expression (served by the subject's follows index). */
function followerCountOf(subject: 'player' | 'team') {
  return sql<number>`(select count(*) from follows f where ${SUBJECT[subject]})`;
}

/** Whether the viewer follows the subject, as one SQL expression (false for a guest). */
function viewerFollows(subject: 'player' | 'team', viewerId: string | null) {
  if (viewerId === null) return sql<number>`0`;
  return sql<number>`exists (select 1 from follows f where ${SUBJECT[subject]} and f.follower_id = ${viewerId})`;
}

/** The public profile of a member, or null when there is no such member. Never e-mail, date of birth or secrets. */
export async function playerProfile(db: Db, playerId: string, ctx: ProfileContext): Promise<PlayerProfile | null> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      isVerified: users.isVerified,
      profileImageUrl: users.profileImageUrl,
      tagline: users.tagline,
      bio: users.bio,
      city: users.city,
      state: users.state,
      sport: users.sport,
      height: users.height,
      weight: users.weight,
      divisions: users.divisions,
      bestDivision: users.bestDivision,
      highlightUrls: users.highlightUrls,
      wtaPoints: users.wtaPoints,
      wins: users.wins,
      losses: users.losses,
      gamesPlayed: users.gamesPlayed,
      // Read to apply D36 here; never sent.
      dateOfBirth: users.dateOfBirth,
      // Served by follows_player_uq (player_id first): the count never reads the table.
      followerCount: followerCountOf('player'),
      following: viewerFollows('player', ctx.viewerId),
    })
    .from(users)
    .where(eq(users.id, playerId));
  if (!row) return null;

  const [currentTeam, tournamentHistory] = await Promise.all([currentTeamOf(db, playerId), historyOf(db, playerId)]);
  const { dateOfBirth, followerCount, following, highlightUrls, divisions, ...fields } = row;
  const minor = isMinor(dateOfBirth, ctx.now);
  const hidden = minor && ctx.viewerId === null;
  const links = highlightUrls ?? [];
  return {
    ...fields,
    isVerified: fields.isVerified === true,
    profileImageUrl: hidden ? null : fields.profileImageUrl,
    city: hidden ? null : fields.city,
    divisions: divisions ?? [],
    // 001 s2 Leaderboards: wins divided by games played.
    winRate: winRatePercent(fields.wins, fields.gamesPlayed),
    currentTeam,
    tournamentHistory,
    highlightUrls: links,
    highlights: highlightsOf(links, ctx.siteHost),
    followerCount: Number(followerCount),
    viewer: ctx.viewerId === null ? null : { following: Boolean(following), self: ctx.viewerId === playerId },
    indexable: !minor,
  };
}

/**
 * The team a member plays for: the roster they most recently joined, else (an owner) the first team they own. The
 * same rule as the dashboard's current team (000 s7), read here because features never import each other.
 */
async function currentTeamOf(db: Db, userId: string): Promise<{ id: number; name: string } | null> {
  const [membership] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teamMembers.joinedAt), desc(teams.id))
    .limit(1);
  if (membership) return membership;
  const [owned] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .limit(1);
  return owned ?? null;
}

/** The team entries (registration ids) whose roster at entry held the member: team_entry_members_user_idx. */
function rosteredEntries(db: Db, userId: string) {
  return db
    .select({ id: teamEntryMembers.registrationId })
    .from(teamEntryMembers)
    .where(eq(teamEntryMembers.userId, userId));
}

/**
 * The member's tournaments, newest first: read from registrations_user_idx and, for team
 * entries, team_entry_members_user_idx then each registration by its key (SQLite's OR by two indexes); then each tournament by its key. A
 * member's entries are few (one a tournament), so ordering them costs nothing worth an index of its own.
 */
export function historyQuery(db: Db, userId: string) {
  return db
    .select({
      id: tournaments.id,
      name: tournaments.title,
      startDate: tournaments.startDate,
      startedAt: tournaments.startedAt,
      completedAt: tournaments.completedAt,
      status: tournaments.status,
      placement: tournamentRegistrations.placement,
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .where(
      and(
        // Their own entries, and their teams' entries whose roster at entry held them (D22).
        or(
          eq(tournamentRegistrations.userId, userId),
          inArray(tournamentRegistrations.id, rosteredEntries(db, userId)),
        ),
        eq(tournamentRegistrations.status, 'registered'),
        inArray(tournaments.status, HISTORY_STATUSES),
      ),
    )
    .orderBy(desc(tournaments.startDate), desc(tournaments.id))
    .limit(TOURNAMENT_HISTORY_LIMIT);
}

async function historyOf(db: Db, userId: string): Promise<TournamentHistoryEntry[]> {
  const rows = await historyQuery(db, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDate: r.startDate.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    status: r.status as HistoryStatus,
    placement: r.status === 'completed' ? r.placement : null,
  }));
}

/** Order of a roster: captain, coach, then players by points (highest first), then name (the owner page's order). */
const positionRank: Record<TeamPosition, number> = { captain: 0, coach: 1, player: 2 };

/** The public profile of a team with its owner and roster, or null when there is no such team. */
export async function teamProfile(db: Db, teamId: number, ctx: ProfileContext): Promise<TeamProfile | null> {
  const [team] = await db
    .select({
      id: teams.id,
      name: teams.name,
      tagline: teams.tagline,
      motto: teams.motto,
      logoUrl: teams.logoUrl,
      sport: teams.sport,
      city: teams.city,
      wins: teams.wins,
      losses: teams.losses,
      tournamentsPlayed: teams.tournamentsPlayed,
      championshipWins: teams.championshipWins,
      ownerId: teams.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerVerified: users.isVerified,
      followerCount: followerCountOf('team'),
      following: viewerFollows('team', ctx.viewerId),
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teams.id, teamId));
  if (!team) return null;

  const members = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      city: users.city,
      isVerified: users.isVerified,
      wtaPoints: users.wtaPoints,
      wins: users.wins,
      gamesPlayed: users.gamesPlayed,
      dateOfBirth: users.dateOfBirth,
      position: teamMembers.position,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
  const roster: TeamProfilePlayer[] = members
    .map(({ dateOfBirth, ...player }) => {
      const hidden = ctx.viewerId === null && isMinor(dateOfBirth, ctx.now);
      return {
        ...player,
        isVerified: player.isVerified === true,
        profileImageUrl: hidden ? null : player.profileImageUrl,
        city: hidden ? null : player.city,
      };
    })
    .sort(
      (a, b) =>
        positionRank[a.position] - positionRank[b.position] ||
        b.wtaPoints - a.wtaPoints ||
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName),
    );

  const { ownerId, ownerFirstName, ownerLastName, ownerVerified, followerCount, following, ...fields } = team;
  return {
    ...fields,
    coachId: roster.find((p) => p.position === 'coach')?.id ?? null,
    captainId: roster.find((p) => p.position === 'captain')?.id ?? null,
    owner: { firstName: ownerFirstName, lastName: ownerLastName, isVerified: ownerVerified === true },
    roster,
    // A team has no games-played figure: wins over wins and losses.
    winRate: winRatePercent(fields.wins, fields.wins + fields.losses),
    followerCount: Number(followerCount),
    viewer: ctx.viewerId === null ? null : { following: Boolean(following), self: ctx.viewerId === ownerId },
  };
}
