// The Worker host's side of D40 / ADR 052: the same reports through edge/worker.ts's fetch handler. Its Turso web
// client is replaced by this test's migrated libSQL file (the Worker does not start before the edge issue, which
// reruns this on workerd); everything else is the Worker's own createApp.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import worker, { type WorkerEnv } from '../../worker.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import type { BracketMatch, StaleMatchConflict } from './schema.ts';
import { playable, tournamentWithPlayers, winningScore } from './test-helpers.ts';

const shared = vi.hoisted(() => ({ client: null as unknown }));
vi.mock('@libsql/client/web', () => ({ createClient: () => shared.client }));

const ORIGIN = 'https://league.example';
let t: TestApp;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp({ now: new Date() });
  shared.client = t.client;
  admin = await member(t, { role: 'admin', email: `boss-${Math.random().toString(36).slice(2)}@wta.local` });
});
afterEach(() => t.cleanup());

function workerEnv(): WorkerEnv {
  return {
    DATABASE_URL: 'libsql://league-test.turso.io',
    PUBLIC_URL: ORIGIN,
    LEAGUE_EMAIL_DOMAIN: 'wta.local',
    ASSETS: { fetch: async () => new Response('Not found', { status: 404 }) },
    UPLOADS: {},
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
  } as unknown as WorkerEnv;
}

describe('match versions on the Worker host (D40)', () => {
  it('answers the version in the bracket, 409 to a stale report, 200 to an identical one', async () => {
    const env = workerEnv();
    const cookie = `${SESSION_COOKIE}=${admin.agent.cookies.get(SESSION_COOKIE)}`;
    const call = (path: string, body?: object) =>
      (worker.fetch as unknown as (r: Request, e: WorkerEnv, ctx: unknown) => Promise<Response>)(
        new Request(`${ORIGIN}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': '10.9.9.9' },
          body: body ? JSON.stringify(body) : undefined,
        }),
        env,
        { waitUntil: () => undefined, passThroughOnException: () => undefined },
      );

    const { id } = await tournamentWithPlayers(t, { n: 4 });
    await json(await call(`/api/tournaments/${id}/start`, {}));
    const semi = playable(await json<BracketMatch[]>(await call(`/api/tournaments/${id}/bracket`)))[0]!;
    expect(semi.version).toBe(1);

    const reports = [
      { ...winningScore(semi, true), version: 1 },
      { ...winningScore(semi, false), version: 1 },
    ];
    const answers = await Promise.all(reports.map((r) => call(`/api/tournaments/${id}/matches/${semi.id}/result`, r)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const first = reports[answers.findIndex((a) => a.status === 200)]!;
    const conflict = (await answers.find((a) => a.status === 409)!.json()) as StaleMatchConflict;
    expect(conflict.match).toMatchObject({ id: semi.id, version: 2, teamA: { score: first.scoreA }, teamB: { score: first.scoreB } });
    expect(conflict.message).toMatch(/^This match was just updated - Match \d+: /);

    expect((await call(`/api/tournaments/${id}/matches/${semi.id}/result`, first)).status).toBe(200);
    expect((await call(`/api/tournaments/${id}/matches/${semi.id}/result`, { scoreA: 0, scoreB: 3 })).status).toBe(400);
  });
});
