// D43, D44 over HTTP on both hosts (and a webhook delivered to a local receiver): the public API's document and reads (with CORS, limits and a 304 poll), a key
// made on Edit Profile reporting a score with the scores scope, refused on a private route, then revoked. On the
// Worker this is @hono/zod-openapi on workerd and the key's lookup over Hrana.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tournaments } from '../../db/schema/tournaments.ts';
import type { CreatedApiKey } from '../features/api-keys/schema.ts';
import type { BracketMatch } from '../features/competition/schema.ts';
import { bracketOf, playable, tournamentWithPlayers, winningScore } from '../features/competition/test-helpers.ts';
import { json, member } from '../features/payments/test-helpers.ts';
import type { CreatedWebhookEndpoint } from '../features/webhooks/schema.ts';
import { verifySignature } from '../features/webhooks/signature.ts';
import { eachHost } from './host.ts';

eachHost((host) => {
  describe('edge/features/api-keys/routes.ts', () => {
    it('reads the public API, and a key reports a score where its owner hosts until it is revoked', async () => {
      const doc = await json<{ openapi: string; paths: Record<string, unknown> }>(
        await host.request('/api/v1/openapi.json'),
      );
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain('/tournaments/{id}/active-matches');

      const owner = await member(host, { verified: true });
      const { id } = await tournamentWithPlayers(host, { n: 2 });
      await host.db.update(tournaments).set({ hostId: owner.id }).where(eq(tournaments.id, id));
      await json(await owner.agent.post(`/api/tournaments/${id}/start`));

      const list = await host.request('/api/v1/tournaments?limit=5', { headers: { origin: 'https://board.example' } });
      expect(list.status).toBe(200);
      expect(list.headers.get('access-control-allow-origin')).toBe('*');
      expect(Number(list.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
      const bracket = await host.request(`/api/v1/tournaments/${id}/bracket`);
      const tag = bracket.headers.get('etag')!;
      const [m] = playable((await bracket.json()) as BracketMatch[]);
      const poll = await host.request(`/api/v1/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } });
      expect(poll.status).toBe(304);

      const created = await json<CreatedApiKey>(
        await owner.agent.post('/api/profile/api-keys', { name: 'Board', scopes: ['scores'] }),
        201,
      );
      const auth = { authorization: `Bearer ${created.key}`, 'content-type': 'application/json' };
      expect((await host.request('/api/profile', { headers: auth })).status).toBe(403);
      const result = await host.request(`/api/v1/tournaments/${id}/matches/${m!.id}/result`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...winningScore(m!, true), version: m!.version }),
      });
      expect(result.status).toBe(200);
      expect((await bracketOf(host, id)).find((x) => x.id === m!.id)!.status).toBe('completed');

      await json(await owner.agent.delete(`/api/profile/api-keys/${created.id}`));
      expect((await host.request('/api/v1/tournaments', { headers: auth })).status).toBe(401);
    });
  });
});

eachHost((host) => {
  describe('edge/features/webhooks/routes.ts', () => {
    it("delivers a hosted tournament's start to a local receiver, signed, and logs it", async () => {
      const received: { body: string; signature: string }[] = [];
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ body, signature: String(req.headers['wta-signature']) });
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
        const owner = await member(host, { verified: true });
        const { id } = await tournamentWithPlayers(host, { n: 2 });
        await host.db.update(tournaments).set({ hostId: owner.id }).where(eq(tournaments.id, id));
        const created = await json<CreatedWebhookEndpoint>(
          await owner.agent.post('/api/webhooks', { url, tournamentId: id, events: ['tournament.started'] }),
          201,
        );
        // The start's write drains the queue after its answer (the Worker's waitUntil; in the background on Node).
        await json(await owner.agent.post(`/api/tournaments/${id}/start`));
        for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
        expect(received).toHaveLength(1);
        const event = JSON.parse(received[0]!.body) as { type: string; sequence: number; tournamentId: number };
        expect(event).toMatchObject({ type: 'tournament.started', sequence: 1, tournamentId: id });
        expect(verifySignature(created.secret, received[0]!.body, received[0]!.signature, Date.now() / 1000)).toBe(
          true,
        );
        const log = await json<{ status: string }[]>(await owner.agent.get(`/api/webhooks/${created.id}/deliveries`));
        expect(log.map((d) => d.status)).toEqual(['delivered']);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });
  });
});
