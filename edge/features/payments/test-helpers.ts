// Fixtures shared by the payments and tickets API tests: members signed in through real sessions (no password
// hashing, so 20 players cost nothing), tournaments, waivers and a tiny local stand-in for Stripe's API.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray } from 'drizzle-orm';
import { notifications } from '../../../db/schema/messages.ts';
import { payments, tickets } from '../../../db/schema/payments.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../../lib/sessions.ts';
import type { TestAgent, TestFixtures } from '../../test/app.ts';
import { WAIVER_TEXT_VERSION } from '../waivers/schema.ts';

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface Member {
  id: string;
  email: string;
  agent: TestAgent;
}

/** A member with a live session in a fresh agent. Players get a signed waiver unless `waiver: false`. */
export async function member(
  t: TestFixtures,
  options: { role?: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin'; waiver?: boolean; verified?: boolean; email?: string } = {},
): Promise<Member> {
  const id = randomUUID();
  const role = options.role ?? 'player';
  const email = options.email ?? `${id}@example.test`;
  await t.db.insert(users).values({
    id,
    email,
    firstName: 'Pat',
    lastName: `Member ${id.slice(0, 4)}`,
    role,
    isVerified: options.verified ?? false,
  });
  if (options.waiver ?? role !== 'fan') await signWaiver(t, id);
  const token = generateSessionToken();
  await createSession(t.db, token, id, t.now());
  const agent = t.agent();
  agent.cookies.set(SESSION_COOKIE, token);
  return { id, email, agent };
}

export async function signWaiver(t: TestFixtures, userId: string, textVersion = WAIVER_TEXT_VERSION) {
  await t.db.insert(waivers).values({
    userId,
    textVersion,
    signerName: 'Pat Member',
    signatureData: 'data:image/png;base64,AAAA',
    emergencyContactName: 'Sam',
    emergencyContactPhone: '555-555-0100',
    receivedAt: t.now(),
    contentHash: 'x',
  });
}

export async function addTournament(t: TestFixtures, fields: Partial<typeof tournaments.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(tournaments)
    .values({
      title: 'Summer Slam',
      status: 'upcoming',
      startDate: new Date(t.now().getTime() + 10 * DAY),
      buyIn: 40,
      maxPlayers: 8,
      createdAt: new Date(t.now().getTime() - 10 * DAY),
      ...fields,
    })
    .returning({ id: tournaments.id });
  return row!.id;
}

export async function fillSpots(t: TestFixtures, tournamentId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const { id } = await member(t, { waiver: false });
    await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId, userId: id, status: 'registered', createdAt: new Date(t.now().getTime() - DAY) });
  }
}

export async function json<T = Record<string, unknown>>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const registrationsOf = (t: TestFixtures, tournamentId: number) =>
  t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.tournamentId, tournamentId));

export const paymentsOf = (t: TestFixtures, userId?: string) =>
  t.db.select().from(payments).where(userId ? eq(payments.userId, userId) : undefined);

export async function paymentOfSession(t: TestFixtures, sessionId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
  if (!row) throw new Error(`no payment for ${sessionId}`);
  return row;
}

export async function countWhere(t: TestFixtures, table: 'tickets' | 'sponsors', paymentId: number) {
  const target = table === 'tickets' ? tickets : sponsors;
  const [row] = await t.db.select({ n: count() }).from(target).where(eq(target.paymentId, paymentId));
  return row!.n;
}

export async function notificationsOf(t: TestFixtures, userId: string, kinds?: string[]) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kinds ? inArray(notifications.kind, kinds) : undefined));
}

/** A session as the mock Stripe keeps it (the fields the payments module reads, plus what was sent). */
export interface MockSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  /** Every form field Stripe's SDK sent, as decoded key -> value (e.g. "line_items[0][quantity]"). */
  sent: Record<string, string>;
}

/**
 * The Stripe endpoints the provider calls (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST
 * /v1/refunds) on a local port, so the real SDK, its form encoding and its error mapping run in the tests.
 */
export async function startMockStripe() {
  const sessions = new Map<string, MockSession>();
  const requests: { method: string; path: string; auth: string | undefined }[] = [];
  let failNext = false;
  let n = 0;
  const pay = (id: string) => {
    const s = sessions.get(id)!;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = `pi_${id}`;
    return s;
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, auth: req.headers.authorization });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (failNext) {
          failNext = false;
          return send(400, { error: { type: 'invalid_request_error', message: 'Mock failure' } });
        }
        const sent = Object.fromEntries(new URLSearchParams(body));
        n += 1;
        const id = `cs_test_mock${n}`;
        const session: MockSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(sent['line_items[0][price_data][unit_amount]']),
          currency: sent['line_items[0][price_data][currency]'] ?? 'usd',
          payment_intent: null,
          metadata: Object.fromEntries(
            Object.entries(sent)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
          ),
          expires_at: Number(sent.expires_at),
          sent,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      // A refund of a paid session (D33); stripe-refund.test.ts checks the call itself.
      if (req.method === 'POST' && path === '/v1/refunds') {
        n += 1;
        return send(200, { id: `re_mock${n}`, object: 'refund', status: 'succeeded', amount: Number(new URLSearchParams(body).get('amount')) });
      }
      // What the buyer does on Stripe's page, for a test in another process than this fake (edge/hosts/).
      const paid = /^\/test\/pay\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && paid && sessions.has(decodeURIComponent(paid[1]!))) {
        return send(200, pay(decodeURIComponent(paid[1]!)));
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) {
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          });
        }
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    sessions,
    requests,
    failNextCreate: () => {
      failNext = true;
    },
    /** What Stripe does when the buyer pays (`POST /test/pay/{id}` from another process). */
    pay,
    expire(id: string) {
      const s = sessions.get(id)!;
      s.status = 'expired';
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A team tournament (D22): `maxTeams` teams of at least `teamSize` players. */
export function addTeamTournament(t: TestFixtures, fields: Partial<typeof tournaments.$inferInsert> = {}) {
  return addTournament(t, { title: 'Team Takeover', maxTeams: 4, teamSize: 3, maxPlayers: null, ...fields });
}

export interface TestTeam {
  id: number;
  name: string;
  owner: Member;
  players: Member[];
}

/**
 * An owner (signed in) and their team of `size` players, each a member with a session. Players get a signed waiver
 * unless their index is in `unsigned`; `names` sets their first names (last name 'Rostered').
 */
export async function teamWithRoster(
  t: TestFixtures,
  options: { size?: number; name?: string; unsigned?: number[]; names?: string[]; owner?: Member } = {},
): Promise<TestTeam> {
  const owner = options.owner ?? (await member(t, { role: 'owner', waiver: false }));
  const name = options.name ?? `Team ${owner.id.slice(0, 6)}`;
  const [team] = await t.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
  const players: Member[] = [];
  for (let i = 0; i < (options.size ?? 3); i++) {
    const player = await member(t, { waiver: !(options.unsigned ?? []).includes(i) });
    if (options.names?.[i]) {
      await t.db.update(users).set({ firstName: options.names[i]!, lastName: 'Rostered' }).where(eq(users.id, player.id));
    }
    await t.db.insert(teamMembers).values({ teamId: team!.id, userId: player.id, position: 'player', joinedAt: t.now() });
    players.push(player);
  }
  return { id: team!.id, name, owner, players };
}
