// D43, D44: the public API through the app against a real migrated database. The OpenAPI document validates, and
// every answer any test here receives is checked against the document's schema for its path, method and status.
import { createHash } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { memberStandings } from '../../db/schema/incidents.ts';
import { tournaments } from '../../db/schema/tournaments.ts';
import { users } from '../../db/schema/users.ts';
import { API_KEY_MESSAGES, type CreatedApiKey } from '../features/api-keys/schema.ts';
import type { BracketMatch } from '../features/competition/schema.ts';
import { bracketOf, playable, tournamentWithPlayers, winningScore } from '../features/competition/test-helpers.ts';
import { addTournament, json, member, type Member } from '../features/payments/test-helpers.ts';
import { divisionSlugs } from '../features/tournaments/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { contractOf, type Contract, type OpenApiDocument } from './contract.ts';

let t: TestApp;
let contract: Contract;
let doc: OpenApiDocument;

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', env: { API_RATE_LIMIT_PER_ADDRESS: '1000', ...env } });
  doc = (await (await t.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
  contract = contractOf(doc);
}
afterEach(() => t.cleanup());

/** A call of the public API, its answer checked against the document (a body for any JSON answer). */
async function v1(path: string, init: RequestInit & { ip?: string } = {}) {
  const res = await t.request(`/api/v1${path}`, init);
  const text = await res.text();
  const body = text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : undefined;
  contract.check(init.method ?? 'GET', new URL(path, 'http://x').pathname, res.status, body);
  return { res, body: body as never };
}

const bearer = (key: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${key}` },
});

async function keyOf(owner: Member, scopes: string[] = []): Promise<CreatedApiKey> {
  return json<CreatedApiKey>(await owner.agent.post('/api/profile/api-keys', { name: 'Scoreboard', scopes }), 201);
}

describe('the OpenAPI document', () => {
  beforeEach(() => start());

  it('is a valid OpenAPI 3.1 document naming every public read and the one write', async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/archive',
      '/leaderboards/players',
      '/leaderboards/teams',
      '/players/{id}',
      '/teams/{id}',
      '/tournaments',
      '/tournaments/{id}',
      '/tournaments/{id}/active-matches',
      '/tournaments/{id}/bracket',
      '/tournaments/{id}/final-standings',
      '/tournaments/{id}/matches/{matchId}/result',
      '/tournaments/{id}/standings',
    ]);
    // The polled reads check their id without zod's validator middleware; the document still names it (from zod).
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.includes('{id}')) continue;
      const operation = (item as Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>)[
        path.endsWith('/result') ? 'post' : 'get'
      ]!;
      expect(operation.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
      );
    }
  });

  it('the reference page loads Swagger UI from our own origin, with no inline script', async () => {
    const res = await t.request('/api/v1/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('src="/vendor/swagger-ui/swagger-ui-bundle.js"');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('public reads', () => {
  beforeEach(() => start());

  it('lists tournaments in pages with a cursor, and answers one, with ETags and 304s', async () => {
    for (let i = 0; i < 3; i++) await addTournament(t, { title: `Cup ${i}` });
    const first = await v1('/tournaments?limit=2');
    expect(first.res.status).toBe(200);
    const page = first.body as { data: { id: number; title: string }[]; nextCursor: string };
    expect(page.data).toHaveLength(2);
    expect(first.res.headers.get('link')).toContain('rel="next"');
    const next = await v1(`/tournaments?limit=2&cursor=${encodeURIComponent(page.nextCursor)}`);
    const rest = next.body as { data: { id: number }[]; nextCursor: string | null };
    expect(rest.data).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const one = await v1(`/tournaments/${page.data[0]!.id}`);
    expect((one.body as { title: string }).title).toBe(page.data[0]!.title);
    const tag = one.res.headers.get('etag')!;
    expect((await v1(`/tournaments/${page.data[0]!.id}`, { headers: { 'if-none-match': tag } })).res.status).toBe(304);
    expect((await v1('/tournaments/999999')).res.status).toBe(404);
    const bad = await v1('/tournaments?limit=0');
    expect(bad.res.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/Limit must be/);
    for (const path of [
      '/tournaments/abc',
      '/tournaments/0/bracket',
      '/tournaments/01/standings',
      '/tournaments/x/final-standings',
      '/tournaments/1e3/active-matches',
    ]) {
      const refused = await v1(path);
      expect(refused.res.status, path).toBe(400);
      expect(refused.body, path).toEqual({ message: 'The tournament id must be a positive whole number' });
    }
  });

  it('answers the bracket, standings, final standings and active matches, polls included', async () => {
    const admin = await member(t, { role: 'admin', email: 'boss@wta.local' });
    const { id } = await tournamentWithPlayers(t, { n: 4, format: 'round-robin' });
    await json(
      await admin.agent.put(`/api/tournaments/${id}/courts`, { courts: ['Court 1', 'Court 2'], noShowMinutes: 10 }),
    );
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const bracket = await v1(`/tournaments/${id}/bracket`);
    const matches = bracket.body as BracketMatch[];
    expect(matches.length).toBe(6);
    const tag = bracket.res.headers.get('etag')!;
    expect((await v1(`/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } })).res.status).toBe(304);
    expect(((await v1(`/tournaments/${id}/standings`)).body as { rows: unknown[] }).rows).toHaveLength(4);
    expect((await v1(`/tournaments/${id}/final-standings`)).body).toBeNull();
    expect(((await v1(`/tournaments/${id}/active-matches`)).body as { matches: unknown[] }).matches).toEqual([]);

    const [m] = playable(matches);
    await json(
      await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live', court: 'Court 2' }),
    );
    // The poll sees the call at once: the tag moved.
    expect((await v1(`/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } })).res.status).toBe(200);
    const active = (await v1(`/tournaments/${id}/active-matches`)).body as {
      courts: string[];
      matches: BracketMatch[];
    };
    expect(active.courts).toEqual(['Court 1', 'Court 2']);
    expect(active.matches.map((x) => [x.id, x.court])).toEqual([[m!.id, 'Court 2']]);
  });

  it('shows a minor with no photo and no city (D36), on the profile and in a roster-free list', async () => {
    const adult = await member(t);
    const minor = await member(t);
    await t.db.update(users).set({ city: 'Austin', profileImageUrl: '/uploads/a.webp' }).where(eq(users.id, adult.id));
    await t.db
      .update(users)
      .set({ city: 'Austin', profileImageUrl: '/uploads/m.webp', dateOfBirth: '2012-05-01' })
      .where(eq(users.id, minor.id));
    const grown = (await v1(`/players/${adult.id}`)).body as { city: string | null; profileImageUrl: string | null };
    expect([grown.city, grown.profileImageUrl]).toEqual(['Austin', '/uploads/a.webp']);
    const young = await v1(`/players/${minor.id}`);
    expect(young.res.status).toBe(200);
    expect(JSON.stringify(young.body)).not.toContain('Austin');
    expect(JSON.stringify(young.body)).not.toContain('m.webp');
    expect((await v1('/players/nobody')).res.status).toBe(404);
  });

  it('answers the leaderboards and the archive as pages', async () => {
    await member(t);
    const players = await v1('/leaderboards/players?sort=wins');
    expect(players.res.status).toBe(200);
    expect((await v1('/leaderboards/teams')).res.status).toBe(200);
    expect((await v1(`/archive?division=${divisionSlugs[0]}`)).res.status).toBe(200);
    expect((await v1('/leaderboards/players?sport=chess')).res.status).toBe(400);
    expect((await v1('/teams/12345')).res.status).toBe(404);
  });

  it('lets any origin read (CORS) and ignores cookies', async () => {
    const res = await t.request('/api/v1/tournaments', { headers: { origin: 'https://scores.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // A caller that is no browser (no Origin) gets no CORS headers, and caches keep the two answers apart.
    const plain = await t.request('/api/v1/tournaments');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Origin/);
    const preflight = await t.request('/api/v1/tournaments/1/matches/1/result', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://scores.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // A member's session cookie is no key: the write is refused as if anonymous.
    const host = await member(t, { verified: true });
    const res2 = await host.agent.post('/api/v1/tournaments/1/matches/1/result', { scoreA: 2, scoreB: 0, version: 1 });
    expect(res2.status).toBe(401);
  });
});

describe('limits (D43)', () => {
  beforeEach(() => start({ API_RATE_LIMIT_PER_ADDRESS: '3', API_RATE_LIMIT_PER_KEY: '5' }));

  it('counts per address and per key, with RateLimit headers and 429 Retry-After', async () => {
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const { res } = await v1('/tournaments', { ip: '10.0.0.1' });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      seen.push(res.headers.get('ratelimit-remaining'));
    }
    expect(seen).toEqual(['2', '1', '0']);
    const refused = await v1('/tournaments', { ip: '10.0.0.1' });
    expect(refused.res.status).toBe(429);
    const wait = Number(refused.res.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((refused.body as { message: string }).message).toMatch(/at most 3 a minute per address/);
    // A browser (Origin) is refused the same way, and its page can read why (CORS headers on the refusal).
    const browser = { ip: '10.0.0.1', headers: { origin: 'https://scores.example' } };
    const refusedBrowser = await v1('/tournaments', browser);
    expect(refusedBrowser.res.status).toBe(429);
    expect(refusedBrowser.res.headers.get('retry-after')).not.toBeNull();
    expect(refusedBrowser.res.headers.get('access-control-allow-origin')).toBe('*');
    expect((refusedBrowser.body as { message: string }).message).toMatch(/at most 3 a minute per address/);
    const badKey = await v1('/tournaments', bearer('wta_nosuchkey', { headers: { origin: 'https://scores.example' } }));
    expect(badKey.res.status).toBe(401);
    expect(badKey.res.headers.get('www-authenticate')).toMatch(/Bearer/);
    expect(badKey.res.headers.get('access-control-allow-origin')).toBe('*');
    // Another address is counted apart, and a key has its own, larger limit.
    expect((await v1('/tournaments', { ip: '10.0.0.2' })).res.status).toBe(200);
    const owner = await member(t, { verified: true });
    const { key } = await keyOf(owner);
    const keyed = await v1('/tournaments', bearer(key, { ip: '10.0.0.1' } as RequestInit));
    expect(keyed.res.status).toBe(200);
    expect(keyed.res.headers.get('ratelimit-limit')).toBe('5');
    // The window ends: the address may call again.
    t.advance(61_000);
    expect((await v1('/tournaments', { ip: '10.0.0.1' })).res.status).toBe(200);
  });
});

describe('API keys (D44)', () => {
  beforeEach(() => start());

  it('are created by verified members and admins, shown once, stored as a hash, listed and revoked', async () => {
    const owner = await member(t, { verified: true });
    const created = await keyOf(owner, ['scores']);
    expect(created.key).toMatch(/^wta_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    expect(created.scopes).toEqual(['scores']);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));
    const listed = await json<Record<string, unknown>[]>(await owner.agent.get('/api/profile/api-keys'));
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // Used: the list shows when.
    expect((await v1('/tournaments', bearer(created.key))).res.status).toBe(200);
    const [used] = await json<{ lastUsedAt: string | null }[]>(await owner.agent.get('/api/profile/api-keys'));
    expect(used!.lastUsedAt).toBe(t.now().toISOString());

    const revoked = await json<{ revokedAt: string }>(await owner.agent.delete(`/api/profile/api-keys/${created.id}`));
    expect(revoked.revokedAt).toBe(t.now().toISOString());
    const refused = await v1('/tournaments', bearer(created.key));
    expect(refused.res.status).toBe(401);
    expect((refused.body as { message: string }).message).toBe(API_KEY_MESSAGES.invalid);

    const admin = await member(t, { role: 'admin', email: 'keys@wta.local' });
    expect((await admin.agent.post('/api/profile/api-keys', { name: 'Admin', scopes: [] })).status).toBe(201);
    const plain = await member(t);
    const no = await plain.agent.post('/api/profile/api-keys', { name: 'Mine', scopes: [] });
    expect(no.status).toBe(403);
    expect((await json<{ message: string }>(no, 403)).message).toBe(API_KEY_MESSAGES.notAllowed);
    expect((await owner.agent.post('/api/profile/api-keys', { name: '', scopes: ['admin'] })).status).toBe(400);
    expect((await plain.agent.delete(`/api/profile/api-keys/${created.id}`)).status).toBe(404);
  });

  it('never open a private or admin route', async () => {
    const admin = await member(t, { role: 'admin', email: 'root@wta.local' });
    const { key } = await keyOf(admin, ['scores']);
    for (const path of ['/api/profile', '/api/auth/user', '/api/admin/payments', '/api/profile/export']) {
      const res = await t.request(path, bearer(key));
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(API_KEY_MESSAGES.privateRoute);
    }
    // Not even with the owner's own session cookie beside it.
    const res = await admin.agent.get('/api/profile', bearer(key));
    expect(res.status).toBe(403);
  });

  it('stop while the owner is unverified, suspended or banned', async () => {
    const owner = await member(t, { verified: true });
    const { key } = await keyOf(owner);
    const status = async () => (await v1('/tournaments', bearer(key))).res.status;
    expect(await status()).toBe(200);
    await t.db.update(users).set({ isVerified: false }).where(eq(users.id, owner.id));
    expect(await status()).toBe(403);
    await t.db.update(users).set({ isVerified: true }).where(eq(users.id, owner.id));
    const until = new Date(t.now().getTime() + 86_400_000);
    await t.db.insert(memberStandings).values({ userId: owner.id, suspendedUntil: until, updatedAt: t.now() });
    const refused = await v1('/tournaments', bearer(key));
    expect(refused.res.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe(API_KEY_MESSAGES.ownerBlocked);
    t.advance(2 * 86_400_000);
    expect(await status()).toBe(200);
    await t.db.update(memberStandings).set({ bannedAt: t.now() }).where(eq(memberStandings.userId, owner.id));
    expect(await status()).toBe(403);
    expect((await v1('/tournaments', bearer('wta_not-a-key'))).res.status).toBe(401);
    expect((await v1('/tournaments', { headers: { authorization: 'Basic abc' } })).res.status).toBe(401);
  });
});

describe('scores by key (D44)', () => {
  beforeEach(() => start());

  async function hosted() {
    const host = await member(t, { verified: true });
    const { id } = await tournamentWithPlayers(t, { n: 4, format: 'single-elimination' });
    await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, id));
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    const [m] = playable(await bracketOf(t, id));
    return { host, id, m: m! };
  }
  const report = (id: number, m: BracketMatch, key: string, body: object) =>
    v1(
      `/tournaments/${id}/matches/${m.id}/result`,
      bearer(key, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    );

  it("report in the owner's hosted tournament as the host would, versions and 409s included", async () => {
    const { host, id, m } = await hosted();
    const { key } = await keyOf(host, ['scores']);
    const { scoreA: a, scoreB: b } = winningScore(m, true);
    // No Origin header: a scoreboard is not a browser page of the league, and needs none.
    const done = await report(id, m, key, { scoreA: a, scoreB: b, version: m.version });
    expect(done.res.status).toBe(200);
    const after = (done.body as BracketMatch[]).find((x) => x.id === m.id)!;
    expect(after.status).toBe('completed');
    expect([after.teamA!.score, after.teamB!.score]).toEqual([a, b]);
    // The same score again with the old version: what was asked stands (ADR 071), nothing written.
    expect((await report(id, m, key, { scoreA: a, scoreB: b, version: m.version })).res.status).toBe(200);
    // Another score on the old version: 409 with the match as it is now.
    const stale = await report(id, m, key, { scoreA: b, scoreB: a, version: m.version });
    expect(stale.res.status).toBe(409);
    expect((stale.body as { match: BracketMatch }).match.version).toBe(after.version);
    // Corrected on the current version.
    const fixed = await report(id, m, key, { scoreA: b, scoreB: a, version: after.version });
    expect(fixed.res.status).toBe(200);
    const bad = await report(id, m, key, { scoreA: 9, scoreB: 0, version: after.version });
    expect(bad.res.status).toBe(400);
  });

  it('refuses a key without the scope, in a tournament its owner does not host, and an anonymous call', async () => {
    const { host, id, m } = await hosted();
    const { scoreA: a, scoreB: b } = winningScore(m, true);
    const body = { scoreA: a, scoreB: b, version: m.version };
    const reader = await keyOf(host);
    const noScope = await report(id, m, reader.key, body);
    expect(noScope.res.status).toBe(403);
    expect((noScope.body as { message: string }).message).toBe(API_KEY_MESSAGES.scope);
    // An admin's key reports only where the admin hosts (D44).
    const admin = await member(t, { role: 'admin', email: 'chief@wta.local' });
    const adminKey = await keyOf(admin, ['scores']);
    const elsewhere = await report(id, m, adminKey.key, body);
    expect(elsewhere.res.status).toBe(403);
    expect((elsewhere.body as { message: string }).message).toBe(API_KEY_MESSAGES.notHost);
    const anonymous = await v1(`/tournaments/${id}/matches/${m.id}/result`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.res.status).toBe(401);
    expect((await bracketOf(t, id)).find((x) => x.id === m.id)!.status).not.toBe('completed');
  });
});
