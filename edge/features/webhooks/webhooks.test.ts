// D44's webhooks through the API against a real migrated database and a local receiver (a node:http server on
// 127.0.0.1, allowed because the test league runs on localhost): each event once per change, signed as the docs
// say, retried with backoff after 500s and timeouts, disabled after 72 hours of failures, sent again from the log,
// and a storm of 50 score reports delivered with sequences 1-50, each exactly once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { BracketMatch } from '../competition/schema.ts';
import { bracketOf, playable, tournamentWithPlayers, winningScore } from '../competition/test-helpers.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type WebhookDeliverySummary,
  type WebhookEventType,
} from './schema.ts';
import { verifySignature } from './signature.ts';

interface Received {
  body: string;
  signature: string;
  event: { id: string; type: WebhookEventType; sequence: number; tournamentId: number; data: Record<string, unknown> };
}

/** A receiver that records what it gets and answers `answer` (a status, or 'hang' to never answer). */
async function receiver() {
  const received: Received[] = [];
  const state = { answer: 200 as number | 'hang' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        body,
        signature: String(req.headers['wta-signature']),
        event: JSON.parse(body) as Received['event'],
      });
      if (state.answer === 'hang') return;
      res.writeHead(state.answer, { 'content-type': 'text/plain' }).end(state.answer === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    state,
    close: () => new Promise<void>((done) => server.closeAllConnections() ?? server.close(() => done())),
  };
}

let t: TestApp;
let hook: Awaited<ReturnType<typeof receiver>>;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { webhookTimeoutMs: 300 } });
  hook = await receiver();
});
afterEach(async () => {
  await hook.close();
  await t.cleanup();
});

const ALL = [...webhookEventTypes];

async function endpoint(owner: Member, tournamentId: number | null, events = ALL, url = hook.url) {
  return json<CreatedWebhookEndpoint>(await owner.agent.post('/api/webhooks', { url, tournamentId, events }), 201);
}

async function hostedTournament(n = 2, format: 'single-elimination' | 'round-robin' = 'single-elimination') {
  const host = await member(t, { verified: true });
  const { id } = await tournamentWithPlayers(t, { n, format });
  await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, id));
  return { host, id };
}

const log = (owner: Member, id: number) =>
  owner.agent.get(`/api/webhooks/${id}/deliveries`).then((r) => json<WebhookDeliverySummary[]>(r));

describe('endpoints', () => {
  it('are added by the host for their tournament and by admins for the league, to public https addresses', async () => {
    const { host, id } = await hostedTournament();
    const created = await endpoint(host, id);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.tournamentId).toBe(id);
    const listed = await json<Record<string, unknown>[]>(await host.agent.get('/api/webhooks'));
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const other = await member(t, { verified: true });
    expect((await other.agent.post('/api/webhooks', { url: hook.url, tournamentId: id, events: ALL })).status).toBe(
      403,
    );
    expect((await host.agent.post('/api/webhooks', { url: hook.url, tournamentId: null, events: ALL })).status).toBe(
      403,
    );
    const admin = await member(t, { role: 'admin', email: 'hooks@wta.local' });
    expect((await endpoint(admin, null)).tournamentId).toBeNull();

    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:192.168.1.1]/x',
      'https://printer.local/x',
      'https://user:pw@example.com/x',
    ]) {
      const res = await host.agent.post('/api/webhooks', { url, tournamentId: id, events: ALL });
      expect(res.status, url).toBe(400);
    }
    expect((await host.agent.post('/api/webhooks', { url: hook.url, tournamentId: id, events: [] })).status).toBe(400);
    expect((await other.agent.delete(`/api/webhooks/${created.id}`)).status).toBe(404);
    expect((await host.agent.delete(`/api/webhooks/${created.id}`)).status).toBe(200);
  });
});

describe('deliveries', () => {
  it('send each event once per change, signed as the docs say, with a sequence per tournament', async () => {
    const { host, id } = await hostedTournament(4);
    const { secret } = await endpoint(host, id);
    await json(await host.agent.put(`/api/tournaments/${id}/courts`, { courts: ['Court 1'], noShowMinutes: 10 }));
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    let bracket = await bracketOf(t, id);
    const [m] = playable(bracket);
    await json(await host.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live', court: 'Court 1' }));
    // The same call again changes nothing (ADR 071), so nothing is sent for it.
    await json(await host.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live', court: 'Court 1' }));
    const report = async (x: BracketMatch, aWins: boolean) =>
      json<BracketMatch[]>(
        await host.agent.post(`/api/tournaments/${id}/matches/${x.id}/result`, {
          ...winningScore(x, aWins),
          version: x.version,
        }),
      );
    bracket = await report((await bracketOf(t, id)).find((x) => x.id === m!.id)!, true);
    // Corrected before anything depends on it: one match.corrected.
    bracket = await report(bracket.find((x) => x.id === m!.id)!, false);
    while (playable(bracket).length > 0) bracket = await report(playable(bracket)[0]!, true);
    await t.webhooks();
    await t.webhooks();

    // Sent in parallel, they may arrive in any order: the sequence tells the receiver the order of the changes.
    hook.received.sort((a, b) => a.event.sequence - b.event.sequence);
    const types = hook.received.map((r) => r.event.type);
    expect(types[0]).toBe('tournament.started');
    expect(types.filter((x) => x === 'match.called')).toHaveLength(1);
    expect(types.filter((x) => x === 'match.corrected')).toHaveLength(1);
    expect(types.filter((x) => x === 'match.completed')).toHaveLength(bracket.length);
    expect(types.at(-1)).toBe('tournament.completed');
    expect(hook.received.map((r) => r.event.sequence).sort((a, b) => a - b)).toEqual(types.map((_, i) => i + 1));
    expect(new Set(hook.received.map((r) => r.event.id)).size).toBe(types.length);
    const nowSeconds = Math.floor(t.now().getTime() / 1000);
    for (const r of hook.received) expect(verifySignature(secret, r.body, r.signature, nowSeconds)).toBe(true);
    expect(verifySignature('whsec_wrong', hook.received[0]!.body, hook.received[0]!.signature, nowSeconds)).toBe(false);
    const called = hook.received.find((r) => r.event.type === 'match.called')!.event.data as {
      match: { court: string };
    };
    expect(called.match.court).toBe('Court 1');

    // Another tournament's events never reach this endpoint; cancelling a watched one does.
    const { id: other } = await hostedTournament();
    await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, other));
    const cancelled = await endpoint(host, other, ['tournament.cancelled']);
    await t.db
      .update(tournaments)
      .set({ status: 'cancelled', cancellationReason: 'Rain' })
      .where(eq(tournaments.id, other));
    await t.webhooks();
    const last = hook.received.at(-1)!.event;
    expect([last.type, last.tournamentId, last.sequence]).toEqual(['tournament.cancelled', other, 1]);
    expect((await log(host, cancelled.id)).map((d) => d.status)).toEqual(['delivered']);
  });

  it('retry after 500s and timeouts with backoff, and Send Again replays from the log', async () => {
    const { host, id } = await hostedTournament();
    const created = await endpoint(host, id, ['tournament.started']);
    hook.state.answer = 500;
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    await t.webhooks();
    let [d] = await log(host, created.id);
    expect([d!.status, d!.attempts, d!.responseStatus, d!.responseBody]).toEqual(['pending', 1, 500, 'receiver down']);
    expect(new Date(d!.nextAttemptAt!).getTime() - t.now().getTime()).toBe(60_000);
    // Not before its time.
    await t.webhooks();
    expect(hook.received).toHaveLength(1);
    hook.state.answer = 'hang';
    t.advance(60_000);
    await t.webhooks();
    [d] = await log(host, created.id);
    expect([d!.attempts, d!.responseStatus, d!.responseBody]).toEqual([2, null, 'No answer within 0.3 s']);
    expect(new Date(d!.nextAttemptAt!).getTime() - t.now().getTime()).toBe(5 * 60_000);
    hook.state.answer = 200;
    t.advance(5 * 60_000);
    await t.webhooks();
    [d] = await log(host, created.id);
    expect([d!.status, d!.attempts, d!.responseStatus]).toEqual(['delivered', 3, 200]);
    expect(new Set(hook.received.map((r) => r.event.id)).size).toBe(1);

    // Send Again: the same event, its id and sequence, as a new delivery.
    expect((await host.agent.post(`/api/webhooks/${created.id}/deliveries/${d!.id}/resend`)).status).toBe(201);
    await t.webhooks();
    const replay = hook.received.at(-1)!.event;
    expect([replay.id, replay.sequence]).toEqual([hook.received[0]!.event.id, 1]);
    expect((await log(host, created.id)).map((x) => x.status)).toEqual(['delivered', 'delivered']);
  });

  it('give up after 72 hours and disable the endpoint with a notice to its owner', async () => {
    const { host, id } = await hostedTournament();
    const created = await endpoint(host, id, ['tournament.started']);
    hook.state.answer = 503;
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    const delays: number[] = [];
    for (let i = 0; i < 30; i++) {
      await t.webhooks();
      const [d] = await log(host, created.id);
      if (d!.status !== 'pending') break;
      const wait = new Date(d!.nextAttemptAt!).getTime() - t.now().getTime();
      delays.push(wait);
      t.advance(wait);
    }
    const m = 60_000;
    expect(delays.slice(0, 6)).toEqual([m, 5 * m, 30 * m, 120 * m, 360 * m, 360 * m]);
    const [d] = await log(host, created.id);
    expect(d!.status).toBe('failed');
    const [listed] = await json<{ disabledAt: string | null }[]>(await host.agent.get('/api/webhooks'));
    expect(listed!.disabledAt).not.toBeNull();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.kind, 'webhook_disabled')));
    expect(told).toHaveLength(1);
    // Enabled again, it receives what happens next.
    await json(await host.agent.post(`/api/webhooks/${created.id}/enable`));
    expect(
      (await json<{ disabledAt: string | null }[]>(await host.agent.get('/api/webhooks')))[0]!.disabledAt,
    ).toBeNull();
  });

  it('a storm of 50 score reports gives deliveries with sequences 1-50, each exactly once', async () => {
    const { host, id } = await hostedTournament(11, 'round-robin');
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    await endpoint(host, id, ['match.completed']);
    const matches = playable(await bracketOf(t, id)).slice(0, 50);
    expect(matches).toHaveLength(50);
    const answers = await Promise.all(
      matches.map((m) =>
        host.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, {
          ...winningScore(m, true),
          version: m.version,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(matches.map(() => 200));
    // Drains racing each other still send each delivery once.
    await Promise.all([t.webhooks(), t.webhooks(), t.webhooks()]);
    await t.webhooks();
    const sequences = hook.received.map((r) => r.event.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(hook.received.map((r) => (r.event.data as { match: { id: number } }).match.id)).size).toBe(50);
  });
});
