import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from './test/app.ts';
import { createTestAppOverHttp, type OverHttpTestApp } from './test/over-http.ts';
import { leagueAdmin } from './features/competition/money-fixtures.ts';
import { playable, tournamentWithPlayers, winningScore } from './features/competition/test-helpers.ts';
import type { BracketMatch } from './features/competition/schema.ts';
import { addTournament, member, type Member } from './features/payments/test-helpers.ts';

let t: OverHttpTestApp;
let fan: Member;
let alice: Member;
let bob: Member;
let admin: Member;
let upcomingId: number;
let liveId: number;
let email: string;

beforeAll(async () => {
  t = await createTestAppOverHttp({ now: '2026-11-21T12:00:00Z' });
  fan = await member(t, { role: 'fan' });
  alice = await member(t);
  bob = await member(t);
  admin = await leagueAdmin(t);
  upcomingId = await addTournament(t);
  for (let i = 0; i < 5; i++) await addTournament(t, { title: `Open ${i}` });
  ({ id: liveId } = await tournamentWithPlayers(t, { n: 8 }));
  const started = await admin.agent.post(`/api/tournaments/${liveId}/start`);
  expect(started.status).toBe(200);
  const registered = t.agent();
  const res = await registered.register({});
  expect(res.status).toBe(201);
  email = ((await res.json()) as { email: string }).email;
});
afterAll(() => t?.cleanup());

const rows: string[] = [];
afterAll(() => console.log(rows.join('\n')));

async function count(name: string, call: () => Promise<Response>, status: number) {
  // The first call of a kind warms nothing the count depends on, but measure the second to be safe.
  const { res, body, trips } = await t.roundTrips(call);
  expect(res.status, body).toBe(status);
  rows.push(`${name}: ${trips}`);
  return trips;
}

describe('Hrana round trips per hot call', () => {
  it('counts', async () => {
    await count('GET /api/auth/user', () => fan.agent.get('/api/auth/user'), 200);
    await count('GET /api/tournaments (signed out)', () => t.request('/api/tournaments'), 200);
    await count('GET /api/tournaments (signed in)', () => fan.agent.get('/api/tournaments'), 200);
    await count('GET /api/tournaments/{id} (signed out)', () => t.request(`/api/tournaments/${upcomingId}`), 200);
    await count('GET /api/tournaments/{id} (signed in)', () => fan.agent.get(`/api/tournaments/${upcomingId}`), 200);
    const first = await t.request(`/api/tournaments/${liveId}/bracket`);
    const tag = first.headers.get('ETag')!;
    const bracket = (await first.json()) as BracketMatch[];
    await count(
      'GET bracket 304 (signed out)',
      () => t.request(`/api/tournaments/${liveId}/bracket`, { headers: { 'If-None-Match': tag } }),
      304,
    );
    await count(
      'GET bracket 304 (signed in)',
      () => fan.agent.get(`/api/tournaments/${liveId}/bracket`, { headers: { 'If-None-Match': tag } }),
      304,
    );
    const m = playable(bracket)[0]!;
    await count(
      'POST result',
      () => admin.agent.post(`/api/tournaments/${liveId}/matches/${m.id}/result`, { ...winningScore(m, true), version: m.version }),
      200,
    );
    await count(
      'POST /api/messages/send',
      () => alice.agent.post('/api/messages/send', { recipientId: bob.id, content: 'Court 3 at noon?', type: 'general' }),
      201,
    );
    await count(
      'POST /api/messages/send (outbox key)',
      () =>
        alice.agent.post(
          '/api/messages/send',
          { recipientId: bob.id, content: 'On my way', type: 'general' },
          { headers: { 'Idempotency-Key': 'outbox-key-0001' } },
        ),
      201,
    );
    const thread = await bob.agent.get(`/api/messages/conversation/${alice.id}`);
    const threadTag = thread.headers.get('ETag')!;
    await count(
      'GET conversation 304',
      () => bob.agent.get(`/api/messages/conversation/${alice.id}`, { headers: { 'If-None-Match': threadTag } }),
      304,
    );
    await count('GET conversation 200', () => bob.agent.get(`/api/messages/conversation/${alice.id}`), 200);
    const list = await bob.agent.get('/api/messages/conversations');
    const listTag = list.headers.get('ETag')!;
    await count(
      'GET conversations 304',
      () => bob.agent.get('/api/messages/conversations', { headers: { 'If-None-Match': listTag } }),
      304,
    );
    await count('GET conversations 200', () => bob.agent.get('/api/messages/conversations'), 200);
    const device = t.agent();
    await count('POST /api/login (new device)', () => device.login(email, TEST_PASSWORD), 200);
    await count('POST /api/login (known device, signed in)', () => device.login(email, TEST_PASSWORD), 200);
  });
});
