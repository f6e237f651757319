// A test file's view of the two hosts the global setup started (ADR 061): each a black box on a real socket, called
// as a browser would (edge/test/agent.ts's cookie jar over fetch), with a handle on the database server behind it for
// seeding and for checking what a call wrote.
import { createClient, type Client } from '@libsql/client';
import { afterAll, describe, inject } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { cookieAgent, nextIp, withOrigin, type AgentOptions, type TestAgent } from '../test/agent.ts';
import { HOST_NAMES, type HostName } from './context.ts';

export interface Host {
  name: HostName;
  /** The host's origin, its PUBLIC_URL too (the Origin a browser on the league's pages sends). */
  url: string;
  /** Where the host keeps uploaded files (the Node host's folder, the Worker's R2 as wrangler emulates it). */
  blobsDir: string;
  /** The host's database, reached over its Hrana server as the host itself reaches it. */
  db: Db;
  client: Client;
  /** The hosts run on the real clock. */
  now(): Date;
  /** A browser-like caller with its own cookie jar and address. */
  agent(options?: AgentOptions): TestAgent;
  /** One request with no cookie jar (the Origin added on a state-changing method unless `origin: null`). */
  request(path: string, init?: RequestInit & { ip?: string; origin?: string | null }): Promise<Response>;
}

function openHost(name: HostName): Host {
  const { url, databaseUrl, blobsDir } = inject('hosts')[name];
  const client = createClient({ url: databaseUrl });
  const now = () => new Date();
  const send = (path: string, init: RequestInit, ip: string, origin: string | null) => {
    const { method, headers } = withOrigin(init, origin);
    // The caller's address on the Worker (Cloudflare's edge sets it; wrangler dev passes the caller's on). The Node
    // host takes the socket's, as in production: 127.0.0.1 for every agent.
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', ip);
    return fetch(`${url}${path}`, { ...init, method, headers, redirect: 'manual' });
  };
  return {
    name,
    url,
    blobsDir,
    db: createDb(client),
    client,
    now,
    agent: (options = {}) => {
      const ip = options.ip ?? nextIp();
      const origin = options.origin === undefined ? url : options.origin;
      return cookieAgent({ ip, now, send: (path, init) => send(path, init, ip, origin) });
    },
    request: (path, init = {}) => {
      const { ip, origin, ...rest } = init;
      return send(path, rest, ip ?? nextIp(), origin === undefined ? url : origin);
    },
  };
}

/** Declares `tests` once per host, each inside a describe named after it ('node host', 'worker host'). */
export function eachHost(tests: (host: Host) => void): void {
  describe.each(HOST_NAMES)('%s host', (name) => {
    const host = openHost(name);
    afterAll(() => host.client.close());
    tests(host);
  });
}

/** What the global setup handed over: the hosts, the fake of Stripe's API, the Worker's database at its start. */
export const hostsContext = () => inject('hosts');
