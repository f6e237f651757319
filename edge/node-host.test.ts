import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLocalDatabase } from '../db/local.ts';
import { users } from '../db/schema/users.ts';
import { KEEP_ALIVE_MS, startNodeServer, type NodeServer } from './node.ts';

// The Node host's connection handling (edge/node.ts), on a real socket.

let dir: string;
let server: NodeServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-node-host-'));
  mkdirSync(join(dir, 'dist'));
  const databaseUrl = `file:${join(dir, 'league.db')}`;
  // A league that exists already, so the host does not seed the demo (its password hashes take seconds).
  const opened = await openLocalDatabase(databaseUrl);
  await opened.db
    .insert(users)
    .values({ id: randomUUID(), email: 'one@example.test', firstName: 'One', lastName: 'Member' });
  opened.client.close();
  server = await startNodeServer({
    env: {
      PORT: '0',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, 'uploads'),
      WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    },
    distDir: join(dir, 'dist'),
    log: false,
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET on the given agent: the status and the local port of the connection it went over. */
function get(agent: Agent, path: string): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent }, (res) => {
      const localPort = res.socket.localPort!;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, localPort }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle keep-alive connection longer than the clients that reuse it (no ECONNRESET at 5 s)', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  // A client that keeps its connection open as long as the server lets it (browsers keep theirs for minutes).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, '/api/auth/user');
    expect(first.status).toBe(401);
    // Past Node's default of 5 s, after which the server used to close it as a client might be sending.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(agent, '/api/auth/user');
    expect(second.status).toBe(401);
    expect(second.localPort, 'the second request went over the same connection').toBe(first.localPort);
  } finally {
    agent.destroy();
  }
}, 20_000);
