import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { entrants, finalStandings } from '../../../db/schema/competition.ts';
import { championshipPhotos } from '../../../db/schema/record.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { isMinor } from '../../lib/minors.ts';
import { cursorPlain, cursorText } from '../../lib/paging.ts';
import { parseVideoLink } from '../../lib/video-links.ts';
import {
  ARCHIVE_DEFAULTS,
  formatLabels,
  MAX_CHAMPIONSHIP_PHOTOS,
  type ArchiveDetails,
  type ArchiveTournament,
  type BracketMatch,
  type ChampionshipPhoto,
  type FinalStandings,
  type StandingPerson,
} from './schema.ts';
import type { DivisionSlug } from '../tournaments/schema.ts';

/** Where a page ended: the last card's start date (ms) and id, the order of tournaments_status_start_idx. */
export interface ArchiveCursor {
  start: number;
  id: number;
}

export function encodeArchiveCursor(c: ArchiveCursor): string {
  return cursorText(`${c.start}.${c.id}`);
}

const CURSOR_TEXT = /^(-?(?:0|[1-9][0-9]{0,15}))\.([1-9][0-9]{0,15})$/;

/** The cursor a text stands for, or null when this server did not write it (never throws). */
export function decodeArchiveCursor(text: string): ArchiveCursor | null {
  const plain = cursorPlain(text, 64);
  const m = plain === null ? null : CURSOR_TEXT.exec(plain);
  if (!m) return null;
  const [start, id] = [Number(m[1]), Number(m[2])];
  return Number.isSafeInteger(start) && Number.isSafeInteger(id) ? { start, id } : null;
}

/**
 * D30's rule for what reaches FTS5: the text split into words, each quoted (a `"` doubled), the last matched as a
 * prefix, so no operator (`NEAR(`, `*`, `:`, `AND`, a stray quote) is ever read as syntax. Restricted to the title
 * column: the archive searches by name (001). Null when nothing searchable is left.
 */
export function titleMatchExpression(search: string): string | null {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const quoted = words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`);
  return `title : (${quoted.join(' ')})`;
}

export interface ArchiveFilters {
  search?: string | undefined;
  division?: DivisionSlug | undefined;
  /** Inclusive YYYY-MM-DD bounds on the start date (UTC days: tournaments are one-day events). */
  startDate?: string | undefined;
  endDate?: string | undefined;
  cursor?: ArchiveCursor | undefined;
  limit: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const champion = alias(users, 'champion');
const championTeam = alias(teams, 'champion_team');

/**
 * The archive's page statement (exported for its query-plan test): completed tournaments newest first, read in the
 * order of tournaments_status_start_idx (status, start_date, rowid) from the cursor on, LIMIT+1 rows; the filters
 * are checked on the rows the index yields. A name search is a membership test against the FTS5 index, so the order
 * still comes from the index and no temporary sort is built. Each card's champion is one primary-key seek; its entrant
 * count is a covering-index count (entrants_tournament_seed_uq).
 */
export function archivePageStatement(db: Db, f: ArchiveFilters) {
  const where: (SQL | undefined)[] = [eq(tournaments.status, 'completed')];
  if (f.division) where.push(eq(tournaments.division, f.division));
  if (f.startDate) where.push(gte(tournaments.startDate, new Date(`${f.startDate}T00:00:00Z`)));
  if (f.endDate) where.push(lt(tournaments.startDate, new Date(Date.parse(`${f.endDate}T00:00:00Z`) + DAY_MS)));
  if (f.cursor) {
    where.push(
      or(
        lt(tournaments.startDate, new Date(f.cursor.start)),
        and(eq(tournaments.startDate, new Date(f.cursor.start)), lt(tournaments.id, f.cursor.id)),
      ),
    );
  }
  const match = f.search ? titleMatchExpression(f.search) : null;
  if (match)
    where.push(sql`${tournaments.id} in (select rowid from tournaments_fts where tournaments_fts match ${match})`);
  return archiveSelect(db)
    .where(and(...where))
    .orderBy(desc(tournaments.startDate), desc(tournaments.id))
    .limit(f.limit + 1);
}

/** A card's columns: the tournament, its champion (member or team) and its entrant count. */
function archiveSelect(db: Db) {
  return db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      startDate: tournaments.startDate,
      endDate: tournaments.endDate,
      startedAt: tournaments.startedAt,
      completedAt: tournaments.completedAt,
      location: tournaments.location,
      division: tournaments.division,
      prizePool: tournaments.prizePool,
      replayVideoUrl: tournaments.replayVideoUrl,
      championFirst: champion.firstName,
      championLast: champion.lastName,
      championVerified: champion.isVerified,
      championTagline: champion.tagline,
      teamName: championTeam.name,
      teamTagline: championTeam.tagline,
      participantCount: sql<number>`(select count(*) from entrants e where e.tournament_id = ${tournaments.id})`,
    })
    .from(tournaments)
    .leftJoin(champion, eq(champion.id, tournaments.championId))
    .leftJoin(championTeam, eq(championTeam.id, tournaments.championTeamId));
}

type ArchiveRow = Awaited<ReturnType<typeof archivePageStatement>>[number];

function toArchiveTournament(r: ArchiveRow): ArchiveTournament {
  const winner =
    r.championFirst !== null
      ? {
          firstName: r.championFirst,
          lastName: r.championLast ?? '',
          isVerified: Boolean(r.championVerified),
          tagline: r.championTagline,
        }
      : r.teamName !== null
        ? { firstName: r.teamName, lastName: '', isVerified: false, tagline: r.teamTagline }
        : null;
  return {
    id: r.id,
    name: r.title,
    startDate: r.startDate.toISOString(),
    endDate: (r.endDate ?? r.startDate).toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    location: r.location,
    status: 'completed',
    winner,
    participantCount: Number(r.participantCount),
    division: r.division,
    prizePool: r.prizePool,
    replayVideoUrl: r.replayVideoUrl,
  };
}

/** GET /api/tournaments/archive: one page and the cursor of the next (null on the last page). */
export async function archivePage(db: Db, f: ArchiveFilters) {
  const rows = await archivePageStatement(db, f);
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > f.limit && last ? encodeArchiveCursor({ start: last.startDate.getTime(), id: last.id }) : null;
  return { items: page.map(toArchiveTournament), nextCursor };
}

/** D21's rule (competition's payoutAmounts): 50/30/15 % of the prize pool, rounded down to whole dollars. */
export function prizeBreakdownOf(prizePool: number) {
  const share = (percent: number) => Math.floor((Math.max(0, prizePool) * percent) / 100);
  return { first: share(50), second: share(30), third: share(15) };
}

/** 001 s9: the next power of two of the entrants, 16 before anyone entered. */
export function bracketSizeOf(participants: number): number {
  if (participants < 1) return ARCHIVE_DEFAULTS.bracketSize;
  let size = 2;
  while (size < participants) size *= 2;
  return size;
}

export type Viewer = Pick<User, 'id' | 'role' | 'email'>;

export interface DetailsContext {
  viewer: Viewer | null;
  now: Date;
  leagueEmailDomain: string;
  /** The site's host name, which Twitch's player must be given (video-links.ts). */
  siteHost: string;
  /** The competition engine's bracket reader, handed in by app.ts (features do not import each other). */
  readBracket: (db: Db, tournamentId: number) => Promise<BracketMatch[]>;
}

export function mayManage(viewer: Viewer | null, hostId: string | null, leagueEmailDomain: string): boolean {
  if (!viewer) return false;
  return viewer.id === hostId || adminFlags(viewer, leagueEmailDomain).isAdmin;
}

/**
 * GET /api/tournaments/{id}/full-details: a completed tournament in full, or null. Only completed tournaments are in
 * the archive: any other status is a 404 here (its own page, /tournaments/{id}, shows what a visitor may see of it).
 */
export async function archiveDetails(db: Db, id: number, ctx: DetailsContext): Promise<ArchiveDetails | null> {
  const [row] = await archiveSelect(db)
    .where(and(eq(tournaments.status, 'completed'), eq(tournaments.id, id)))
    .limit(1);
  if (!row) return null;
  const [[extra], photos, bracket] = await Promise.all([
    db
      .select({
        format: tournaments.format,
        description: tournaments.description,
        hostId: tournaments.hostId,
        hostFirst: users.firstName,
        hostLast: users.lastName,
        hostImage: users.profileImageUrl,
        hostTagline: users.tagline,
        hostVerified: users.isVerified,
        hostBirth: users.dateOfBirth,
      })
      .from(tournaments)
      .leftJoin(users, eq(users.id, tournaments.hostId))
      .where(eq(tournaments.id, id)),
    photosOf(db, id),
    ctx.readBracket(db, id),
  ]);
  const base = toArchiveTournament(row);
  const hidePhoto = ctx.viewer === null && isMinor(extra?.hostBirth ?? null, ctx.now);
  const video = base.replayVideoUrl ? parseVideoLink(base.replayVideoUrl) : null;
  return {
    ...base,
    bracket,
    bracketSize: bracketSizeOf(base.participantCount),
    championshipPhotos: photos,
    format: formatLabels[extra?.format ?? ''] ?? ARCHIVE_DEFAULTS.formatLabel,
    description: extra?.description ?? null,
    prizeBreakdown: prizeBreakdownOf(base.prizePool),
    host:
      extra && extra.hostFirst !== null
        ? {
            firstName: extra.hostFirst,
            lastName: extra.hostLast ?? '',
            profileImageUrl: hidePhoto ? null : extra.hostImage,
            tagline: extra.hostTagline,
            isVerified: Boolean(extra.hostVerified),
          }
        : null,
    replayEmbedUrl: video ? video.embedUrl(ctx.siteHost) : null,
    canManage: mayManage(ctx.viewer, extra?.hostId ?? null, ctx.leagueEmailDomain),
  };
}

async function photosOf(db: Db, tournamentId: number): Promise<ChampionshipPhoto[]> {
  const rows = await db
    .select({ id: championshipPhotos.id, url: championshipPhotos.imageUrl })
    .from(championshipPhotos)
    .where(eq(championshipPhotos.tournamentId, tournamentId))
    .orderBy(asc(championshipPhotos.id))
    .limit(MAX_CHAMPIONSHIP_PHOTOS);
  return rows;
}

/** A member as a place of the final standings. */
function playerPlace(u: { id: string; firstName: string; lastName: string; tagline: string | null; isVerified: boolean | null }): StandingPerson {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return { kind: 'player', id: u.id, teamId: null, name, firstName: u.firstName, lastName: u.lastName, tagline: u.tagline, isVerified: Boolean(u.isVerified) };
}

/**
 * GET /api/tournaments/{id}/final-standings: the five places of a completed tournament as the engine wrote them
 * (final_standings). A team entrant (D22) is `kind: 'team'` with its team's id and name, and no member id (its owner
 * did not play); its name is also in firstName (lastName '') for clients written before `kind` (ADR 052). Null while
 * the tournament is not completed; undefined when there is no such listed tournament.
 */
export async function finalStandingsOf(db: Db, id: number): Promise<FinalStandings | null | undefined> {
  const [t] = await db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id)).limit(1);
  if (!t || t.status === 'pending' || t.status === 'rejected') return undefined;
  if (t.status !== 'completed') return null;
  const [standings] = await db.select().from(finalStandings).where(eq(finalStandings.tournamentId, id));
  if (!standings) return null;
  const entrantIds = [standings.winnerId, standings.runnerUpId, standings.thirdPlaceId, standings.fourthPlaceId];
  const ids = entrantIds.filter((e): e is number => e !== null);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: entrants.id,
            name: entrants.name,
            teamId: entrants.teamId,
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            tagline: users.tagline,
            isVerified: users.isVerified,
            teamName: teams.name,
            teamTagline: teams.tagline,
          })
          .from(entrants)
          .leftJoin(users, eq(users.id, entrants.userId))
          .leftJoin(teams, eq(teams.id, entrants.teamId))
          .where(and(eq(entrants.tournamentId, id), inArray(entrants.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const person = (entrantId: number | null): StandingPerson | null => {
    const r = entrantId === null ? undefined : byId.get(entrantId);
    if (!r) return null;
    if (r.teamId !== null) {
      const name = r.teamName ?? r.name;
      return { kind: 'team', id: null, teamId: r.teamId, name, firstName: name, lastName: '', tagline: r.teamTagline ?? null, isVerified: false };
    }
    // A member whose account is gone: the name the bracket kept.
    if (r.userId === null)
      return { kind: 'player', id: null, teamId: null, name: r.name, firstName: r.name, lastName: '', tagline: null, isVerified: false };
    return playerPlace({ id: r.userId, firstName: r.firstName ?? '', lastName: r.lastName ?? '', tagline: r.tagline, isVerified: r.isVerified });
  };
  let mvp: StandingPerson | null = null;
  if (standings.mvpUserId) {
    const [u] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        tagline: users.tagline,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(eq(users.id, standings.mvpUserId));
    if (u) mvp = playerPlace(u);
  }
  return {
    winner: person(standings.winnerId),
    runnerUp: person(standings.runnerUpId),
    thirdPlace: person(standings.thirdPlaceId),
    fourthPlace: person(standings.fourthPlaceId),
    mvp,
  };
}
