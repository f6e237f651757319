import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/** The eight divisions of 000 s1 (slugs of /divisions/{slug}, D17). */
export const divisions = [
  'hoop',
  'flag-football',
  'kickball',
  'slap',
  'slamball',
  'soccer',
  'boxing',
  'pickleball',
] as const;
export type Division = (typeof divisions)[number];

/**
 * pending/rejected are hosted tournaments awaiting or refused approval: never listed (D10). cancelled (D33) is not
 * listed either but keeps its page with the reason.
 */
export const tournamentStatuses = ['pending', 'rejected', 'upcoming', 'live', 'completed', 'cancelled'] as const;
export type TournamentStatus = (typeof tournamentStatuses)[number];

export const tournaments = sqliteTable(
  'tournaments',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    description: text(),
    location: text(),
    division: text({ enum: divisions }),
    startDate: integer({ mode: 'timestamp_ms' }).notNull(),
    endDate: integer({ mode: 'timestamp_ms' }),
    format: text().notNull().default('single-elimination'),
    status: text({ enum: tournamentStatuses }).notNull().default('upcoming'),
    // Whole US dollars, as the screens show them; payments convert to cents.
    buyIn: integer().notNull().default(0),
    prizePool: integer().notNull().default(0),
    maxPlayers: integer(),
    // D22: set = a team tournament, with up to this many teams entered by their owners (the host form's maxTeams).
    maxTeams: integer(),
    // D38: players a side (1 = solo; 3, 5 or another number for a team tournament). The points ledger's division
    // filter reads it; a team's roster at entry must hold at least this many players (ADR 030).
    teamSize: integer().notNull().default(1),
    flyerUrl: text(),
    hostId: text().references(() => users.id, { onDelete: 'set null' }),
    championId: text().references(() => users.id, { onDelete: 'set null' }),
    // The champion team of a completed team tournament (D22); championId stays null there (its owner did not play).
    // No foreign key, as for entrants.team_id: the tournaments schema does not depend on the teams one.
    championTeamId: integer(),
    rejectionReason: text(),
    // The tournament clock and the competition engine (D12, D20, D33).
    startedAt: integer({ mode: 'timestamp_ms' }),
    completedAt: integer({ mode: 'timestamp_ms' }),
    cancelledAt: integer({ mode: 'timestamp_ms' }),
    cancellationReason: text(),
    // Claimed once by the clock when it notifies the entrants that the start is within the hour (D15).
    startReminderSentAt: integer({ mode: 'timestamp_ms' }),
    // D39: entrants check in from 2 hours to 30 minutes before the start; those who have not are withdrawn at the
    // close. Off for tournaments made before check-in existed (their entrants were never asked).
    checkIn: integer({ mode: 'boolean' }).notNull().default(false),
    // Claimed once by the clock when it tells the entrants that check-in is open (D39).
    checkInOpenedAt: integer({ mode: 'timestamp_ms' }),
    // Claimed once by the clock (or the start) when it withdraws the no-shows at the close (D39).
    checkInClosedAt: integer({ mode: 'timestamp_ms' }),
    // D41: the event's courts as the host lists them (a JSON array of names, e.g. ["Court 1", "Court 2"]), and the
    // minutes after a call when an entrant who is at the court may claim the win by forfeit (5-30).
    courts: text({ mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    noShowMinutes: integer().notNull().default(10),
    // Bumped by every change of the bracket: the Bracket tab's conditional poll compares it (ETag).
    bracketVersion: integer().notNull().default(0),
    // D29: the replay added by the admin or the host after completion (an https YouTube, Twitch or Vimeo link).
    replayVideoUrl: text(),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    // D45: the calendar event's SEQUENCE and when it last changed (DTSTAMP), both moved by migration 0032's trigger
    // whenever the title, description, place, times or cancellation change, whichever code path writes them.
    calendarSequence: integer().notNull().default(0),
    calendarChangedAt: integer({ mode: 'timestamp_ms' }),
    // The list's sort key (ADR 025), computed by SQLite and never written: live 0, upcoming 1, completed 2, null for
    // the unlisted statuses; then the start date, soonest first, but most recent first among completed ones. Plain
    // (virtual) columns rather than expressions because SQLite uses an index for a row-value range such as
    // `(list_rank, list_key, id) > (?, ?, ?)` only over real columns: that is what makes a cursor page a seek.
    listRank: integer().generatedAlwaysAs(
      sql`case status when 'live' then 0 when 'upcoming' then 1 when 'completed' then 2 end`,
      { mode: 'virtual' },
    ),
    listKey: integer().generatedAlwaysAs(sql`case when status = 'completed' then -start_date else start_date end`, {
      mode: 'virtual',
    }),
  },
  (t) => [
    // Also the Tournament Archive's order (issue 16): completed ones by start date, then id (the rowid every index ends
    // with), so a page after a cursor is a seek.
    index('tournaments_status_start_idx').on(t.status, t.startDate),
    index('tournaments_division_start_idx').on(t.division, t.startDate),
    // A host's own submissions, newest first (GET /api/tournaments/hosted/mine, the verified dashboard of D32).
    index('tournaments_host_idx').on(t.hostId, t.id),
    // Every listed tournament in screen order: the first page and each cursor page read LIMIT entries of it.
    index('tournaments_list_order_idx').on(t.listRank, t.listKey, t.id).where(sql`list_rank is not null`),
    // The same within one division (`?division=`, the division pages).
    index('tournaments_division_list_order_idx')
      .on(t.division, t.listRank, t.listKey, t.id)
      .where(sql`list_rank is not null`),
  ],
);

export const registrationStatuses = ['pending_payment', 'registered', 'cancelled'] as const;

export const tournamentRegistrations = sqliteTable(
  'tournament_registrations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: registrationStatuses }).notNull().default('pending_payment'),
    // Final place when the tournament is completed (1 = champion).
    placement: integer(),
    // The checkout holding or paying for this spot (payments.id); null for free or seeded registrations.
    // No foreign key: payments.ts already depends on this file.
    paymentId: integer(),
    // When the spot was (re)taken; a pending_payment hold older than 30 minutes no longer holds it (D9).
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // A team entry (D22, registrationType 'team'): the team its owner (userId) entered; null for a player's entry.
    // Its roster at entry is in team_entry_members. No foreign key, as for entrants.team_id.
    teamId: integer(),
    // D39: when the entrant checked in, and who did it (the player, the team's owner or captain, or the host or an
    // admin at the door).
    checkedInAt: integer({ mode: 'timestamp_ms' }),
    checkedInBy: text(),
    // D39: withdrawn at the close as a no-show (status cancelled, buy-in kept).
    noShowAt: integer({ mode: 'timestamp_ms' }),
    // D39: the entrant's QR entry pass (My Tickets), which the door scans to check them in: 'e1' and 128 random bits
    // in hex ('1' is never in a ticket's base32 code, so the door tells the two apart). Written by the database on
    // insert (migration 0028's trigger), whichever code path enters a player or team.
    entryPass: text(),
  },
  (t) => [
    // Solo: one registration per player. Team: one per owner, and (below) one per team.
    uniqueIndex('registrations_tournament_user_uq').on(t.tournamentId, t.userId),
    uniqueIndex('registrations_tournament_team_uq').on(t.tournamentId, t.teamId).where(sql`team_id is not null`),
    uniqueIndex('registrations_entry_pass_uq').on(t.entryPass),
    // A captain's team entries (D39's passes and check-in): the teams they captain, then each team's entries.
    index('registrations_team_idx').on(t.teamId).where(sql`team_id is not null`),
    index('registrations_user_idx').on(t.userId),
    // Covers the spot count of every listed tournament (status in registered, pending_payment) without the table.
    index('registrations_tournament_status_idx').on(t.tournamentId, t.status),
  ],
);

export type Tournament = typeof tournaments.$inferSelect;
