// The league the edge benchmark measures, written straight into a freshly migrated database file (as
// edge/test/fast-members.ts writes members: rows and sessions, no sign-up requests), then its tournaments started
// through the API of a host, so that each bracket is the engine's own. Every connection of the load gets identities
// of its own, so that no limit of the league (D27's 30 messages a minute, D35's sign-in counters) is what is measured.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openLocalDatabase } from '../../db/local.ts';
import { messages, sessions, tournamentRegistrations, tournaments, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../edge/features/auth/password.ts';
import type { BracketMatch } from '../../edge/features/competition/schema.ts';

/** edge/lib/sessions.ts's cookie and session id (its own imports need more than type stripping). */
const SESSION_COOKIE = 'wta_session';
const sessionId = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const DAY = 24 * 60 * 60 * 1000;
/** Players of every benchmark tournament: a 64-entrant single elimination has 63 matches. */
export const ENTRANTS = 64;
/** The admin's address is at the league's domain (LEAGUE_EMAIL_DOMAIN=wta.local on both hosts), as D6 requires. */
const ADMIN_EMAIL = 'bench-admin@wta.local';
/** Senders per connection: the league's limit is 30 messages a minute per member (D27). */
export const SENDERS_PER_CONNECTION = 40;
export const SIGN_IN_PASSWORD = 'bench-edge-sign-in-2026';

/** A member of the load: the Cookie header of their session. */
export interface Member {
  id: string;
  cookie: string;
}

export interface EdgeLeague {
  /** One admin session per connection (the desks reporting scores). */
  admins: string[];
  /** One reader per connection (their polls and reads), each with a partner who wrote to them. */
  readers: (Member & { partnerId: string })[];
  /** Per connection, SENDERS_PER_CONNECTION members each with a recipient they have written to before. */
  senders: (Member & { recipientId: string })[][];
  /** One account per connection with SIGN_IN_PASSWORD (a real scrypt hash). */
  signIns: string[];
  /** The live tournament every reader reads (detail, bracket poll); never reported on. */
  watched: number;
  /** The tournaments whose matches are reported, started later by startTournaments. */
  reported: number[];
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 100) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Migrates the fresh database `file` and writes the league: the members above, `reportedCount` + 1 upcoming
 * single eliminations of ENTRANTS players (tomorrow: no clock starts them), one message in each conversation used.
 */
export async function seedEdgeLeague(file: string, connections: number, reportedCount: number): Promise<EdgeLeague> {
  const now = Date.now();
  const { client, db } = await openLocalDatabase(`file:${file}`);
  try {
    const people: (typeof users.$inferInsert)[] = [];
    const sessionRows: (typeof sessions.$inferInsert)[] = [];
    const person = (key: string, extra: Partial<typeof users.$inferInsert> = {}) => {
      const id = randomUUID();
      people.push({ id, email: `${key}@bench.invalid`, firstName: 'Bench', lastName: key, role: 'player', ...extra });
      return id;
    };
    // A session's lastUsedAt moves at most every 5 minutes, one more round trip then (ADR 059's table); seeded a
    // while ahead, so that it does not move for every member at once in the middle of the benchmark.
    const lastUsedAt = new Date(now + 15 * 60_000);
    const signedIn = (id: string): Member => {
      const token = randomBytes(20).toString('hex');
      sessionRows.push({
        id: sessionId(token),
        userId: id,
        expiresAt: new Date(now + 30 * DAY),
        createdAt: new Date(now),
        lastUsedAt,
      });
      return { id, cookie: `${SESSION_COOKIE}=${token}` };
    };
    const adminId = person('admin', { email: ADMIN_EMAIL, role: 'admin', isVerified: true });
    const admins = Array.from({ length: connections }, () => signedIn(adminId).cookie);
    const players = Array.from({ length: ENTRANTS }, (_, i) => person(`player-${i}`, { wtaPoints: 2000 - i * 25 }));
    const letters: (typeof messages.$inferInsert)[] = [];
    const wrote = (from: string, to: string) =>
      letters.push({
        senderId: from,
        recipientId: to,
        body: 'See you at the courts.',
        createdAt: new Date(now - DAY / 2),
      });
    const readers = Array.from({ length: connections }, (_, c) => {
      const partnerId = person(`partner-${c}`);
      const reader = { ...signedIn(person(`reader-${c}`)), partnerId };
      wrote(partnerId, reader.id);
      return reader;
    });
    const senders = Array.from({ length: connections }, (_, c) =>
      Array.from({ length: SENDERS_PER_CONNECTION }, (_, s) => {
        const recipientId = person(`recipient-${c}-${s}`);
        const sender = { ...signedIn(person(`sender-${c}-${s}`)), recipientId };
        wrote(sender.id, recipientId);
        return sender;
      }),
    );
    const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
    const signIns = Array.from({ length: connections }, (_, c) => `sign-in-${c}@bench.invalid`);
    for (const [c, email] of signIns.entries()) person(`sign-in-${c}`, { email, passwordHash });

    await insertChunks(people, (chunk) => db.insert(users).values(chunk));
    await insertChunks(sessionRows, (chunk) => db.insert(sessions).values(chunk));
    await insertChunks(letters, (chunk) => db.insert(messages).values(chunk));
    const ids: number[] = [];
    for (let t = 0; t <= reportedCount; t += 1) {
      const [row] = await db
        .insert(tournaments)
        .values({
          title: t === 0 ? 'Bench Live 64' : `Bench Reported ${t}`,
          description: 'Sixty-four players, single elimination.',
          location: 'Atlanta, GA',
          division: 'hoop',
          startDate: new Date(now + DAY + t * 60_000),
          endDate: new Date(now + DAY + 10 * 60 * 60 * 1000),
          format: 'single-elimination',
          status: 'upcoming',
          prizePool: 1280,
          maxPlayers: ENTRANTS,
          createdAt: new Date(now - 30 * DAY),
        })
        .returning({ id: tournaments.id });
      ids.push(row!.id);
      const registrations = players.map((userId, i) => ({
        tournamentId: row!.id,
        userId,
        status: 'registered' as const,
        createdAt: new Date(now - 20 * DAY + i * 60_000),
      }));
      await insertChunks(registrations, (chunk) => db.insert(tournamentRegistrations).values(chunk));
    }
    return { admins, readers, senders, signIns, watched: ids[0]!, reported: ids.slice(1) };
  } finally {
    client.close();
  }
}

/** Starts the tournaments through a host's API as the admin; answers each one's bracket as the start answers it. */
export async function startTournaments(
  origin: string,
  adminCookie: string,
  ids: number[],
): Promise<Map<number, BracketMatch[]>> {
  const brackets = new Map<number, BracketMatch[]>();
  for (const id of ids) {
    const res = await fetch(`${origin}/api/tournaments/${id}/start`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`starting tournament ${id}: ${res.status} ${text.slice(0, 300)}`);
    brackets.set(id, JSON.parse(text) as BracketMatch[]);
  }
  return brackets;
}
