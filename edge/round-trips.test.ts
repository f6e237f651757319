// ADR 059: the hot calls' database round trips over HTTP (the Hrana test server, as the Worker reaches Turso), the
// session lookup included, pinned to the ADR's table: a call that takes more (or fewer) than the table says fails, so
// the cost cannot creep back unnoticed and the published figures stay true.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './test/app.ts';
import { createTestAppOverHttp, type OverHttpTestApp } from './test/over-http.ts';
import { leagueAdmin } from './features/competition/money-fixtures.ts';
import { playable, tournamentWithPlayers, winningScore } from './features/competition/test-helpers.ts';
import type { BracketMatch } from './features/competition/schema.ts';
import { addTournament, member, type Member } from './features/payments/test-helpers.ts';

const ADR = new URL('../docs/decisions/059-round-trips-to-the-database.md', import.meta.url);

/** The ADR table's "after" column by call: rows `| <call> | <before> | <after> | ... |`. */
function pinnedTrips(): Map<string, number> {
  const pinned = new Map<string, number>();
  for (const line of readFileSync(ADR, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !/^\d+$/.test(cells[3]!)) continue;
    pinned.set(cells[1]!, Number(cells[3]));
  }
  return pinned;
}

let t: OverHttpTestApp;
let fan: Member;
let alice: Member;
let bob: Member;
let admin: Member;
let upcomingId: number;
let liveId: number;
let email: string;
const pinned = pinnedTrips();

beforeAll(async () => {
  t = await createTestAppOverHttp({ now: '2026-11-21T12:00:00Z' });
  fan = await member(t, { role: 'fan' });
  alice = await member(t);
  bob = await member(t);
  admin = await leagueAdmin(t);
  upcomingId = await addTournament(t);
  for (let i = 0; i < 5; i++) await addTournament(t, { title: `Open ${i}` });
  ({ id: liveId } = await tournamentWithPlayers(t, { n: 8 }));
  expect((await admin.agent.post(`/api/tournaments/${liveId}/start`)).status).toBe(200);
  const res = await t.agent().register({});
  expect(res.status).toBe(201);
  email = ((await res.json()) as { email: string }).email;
});
afterAll(() => t?.cleanup());

/** Counts one call's round trips and checks them against the ADR's table (the row named `call`). */
async function expectPinned(call: string, request: () => Promise<Response>, status: number) {
  const { res, body, trips } = await t.roundTrips(request);
  expect(res.status, body).toBe(status);
  expect(pinned.has(call), `no row "${call}" in the ADR's table`).toBe(true);
  expect(trips, `${call}: ${trips} database round trips; ADR 059's table says ${pinned.get(call)}`).toBe(pinned.get(call));
}

const ifNoneMatch = (res: Response) => ({ headers: { 'If-None-Match': res.headers.get('ETag')! } });

describe('database round trips per hot call over HTTP (ADR 059)', () => {
  it('reads the table', () => {
    expect(pinned.size).toBeGreaterThanOrEqual(14);
  });

  it('GET /api/auth/user', () => expectPinned('GET /api/auth/user', () => fan.agent.get('/api/auth/user'), 200));

  it('the tournament list and detail, signed out and signed in', async () => {
    await expectPinned('GET /api/tournaments', () => t.request('/api/tournaments'), 200);
    await expectPinned('GET /api/tournaments, signed in', () => fan.agent.get('/api/tournaments'), 200);
    await expectPinned('GET /api/tournaments/{id}', () => t.request(`/api/tournaments/${upcomingId}`), 200);
    await expectPinned('GET /api/tournaments/{id}, signed in', () => fan.agent.get(`/api/tournaments/${upcomingId}`), 200);
  });

  it('the bracket poll', async () => {
    const path = `/api/tournaments/${liveId}/bracket`;
    await expectPinned('GET .../bracket (200)', () => fan.agent.get(path), 200);
    const first = await t.request(path);
    await expectPinned('GET .../bracket (304), signed in', () => fan.agent.get(path, ifNoneMatch(first)), 304);
  });

  it('a score report', async () => {
    const bracket = (await (await t.request(`/api/tournaments/${liveId}/bracket`)).json()) as BracketMatch[];
    const m = playable(bracket)[0]!;
    await expectPinned(
      'POST .../matches/{m}/result',
      () => admin.agent.post(`/api/tournaments/${liveId}/matches/${m.id}/result`, { ...winningScore(m, true), version: m.version }),
      200,
    );
  });

  it('a message send, plain and from the outbox', async () => {
    const send = (content: string, init?: RequestInit) =>
      alice.agent.post('/api/messages/send', { recipientId: bob.id, content, type: 'general' }, init);
    await expectPinned('POST /api/messages/send', () => send('Court 3 at noon?'), 201);
    await expectPinned(
      'POST /api/messages/send, with Idempotency-Key',
      () => send('On my way', { headers: { 'Idempotency-Key': 'outbox-key-0001' } }),
      201,
    );
  });

  it('the conversation polls', async () => {
    const thread = `/api/messages/conversation/${alice.id}`;
    await expectPinned('GET /api/messages/conversation/{id} (200)', () => bob.agent.get(thread), 200);
    const seen = await bob.agent.get(thread);
    await expectPinned('GET /api/messages/conversation/{id} (304)', () => bob.agent.get(thread, ifNoneMatch(seen)), 304);
    const list = await bob.agent.get('/api/messages/conversations');
    await expectPinned('GET /api/messages/conversations (304)', () => bob.agent.get('/api/messages/conversations', ifNoneMatch(list)), 304);
  });

  it('sign-in, on a new device and again on it while signed in', async () => {
    const device = t.agent();
    await expectPinned('POST /api/login', () => device.login(email, TEST_PASSWORD), 200);
    await expectPinned('POST /api/login, signed in on a known device', () => device.login(email, TEST_PASSWORD), 200);
  });
});
