import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLocalDatabase } from '../../db/local.ts';
import { createApp, type AppDeps } from '../app.ts';
import { folderBlobStore } from '../lib/blobs/folder-store.ts';
import { loadConfig } from '../lib/config.ts';
import { createImageCodecs } from '../lib/images/codecs.ts';
import { nodeCodecWasm } from '../lib/images/node-wasm.ts';
import { inlineImagePipeline } from '../lib/images/pipeline.ts';
import { cookieAgent, nextIp, withOrigin, type AgentOptions, type RegisterInput, type TestAgent } from './agent.ts';

export { TEST_PASSWORD, uniqueEmail, type AgentOptions, type RegisterInput, type TestAgent } from './agent.ts';

/** The origin every test request claims to come from; matches the config's PUBLIC_URL so the Origin check passes. */
export const TEST_ORIGIN = 'http://localhost:3000';
/** Header the test fixture's `clientIp` dep reads; production hosts take the IP from the socket or the edge. */
export const TEST_IP_HEADER = 'x-test-ip';

export interface CreateTestAppOptions {
  /** Initial time of the injected clock (frozen until `setNow`/`advance`). Default: the real time at creation. */
  now?: Date | string | number;
  /** Extra environment for loadConfig (PUBLIC_URL and LEAGUE_EMAIL_DOMAIN are already set). */
  env?: Record<string, string>;
  /** Overrides or additions to the deps handed to createApp (blob store, payments, ... as they appear). */
  deps?: Partial<AppDeps>;
  /** Runs after migration, before the app is built: insert fixtures straight into the database. */
  seed?: (db: AppDeps['db']) => Promise<void> | void;
  /**
   * Opens the test's database from its `file:` URL (default: openLocalDatabase on the file). The round-trip count
   * (edge/test/over-http.ts) serves that file over HTTP instead and opens it as the Worker opens Turso.
   */
  openDatabase?: (fileUrl: string) => ReturnType<typeof openLocalDatabase>;
}

/** What fixtures need of a test app: its database, its clock, its callers (a host on a socket has them too). */
export type TestFixtures = Pick<TestApp, 'db' | 'now' | 'agent' | 'request'>;

export interface TestMember {
  agent: TestAgent;
  id: string;
}

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  /** Drizzle database on the fresh migrated file (same handle the app uses). */
  db: AppDeps['db'];
  /** The raw libSQL client, for SQL the schema does not express. */
  client: Awaited<ReturnType<typeof openLocalDatabase>>['client'];
  config: AppDeps['config'];
  /** `file:` URL of this test's database. */
  databaseUrl: string;
  /** One tick of the tournament clock (D12) at the injected time (or `at`). */
  clock(at?: Date): ReturnType<ReturnType<typeof createApp>['clock']>;
  /** D28: delivers what the push queue holds now (createApp's `push`). */
  push(): ReturnType<ReturnType<typeof createApp>['push']>;
  /** D44: one drain of the webhook queue (createApp's `webhooks`). */
  webhooks(): ReturnType<ReturnType<typeof createApp>['webhooks']>;
  /** A cron run as the hosts make it (clock and push, failures logged; ADR 060) at the injected time (or `at`). */
  cron(at?: Date): ReturnType<ReturnType<typeof createApp>['cron']>;
  /** The injected clock. */
  now(): Date;
  setNow(at: Date | string | number): void;
  /** Moves the clock forward by `ms` (negative moves it back). */
  advance(ms: number): void;
  /** One-off request without a cookie jar (Origin added on state-changing methods unless given). */
  request(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  /** A new caller with its own cookie jar and IP. */
  agent(options?: AgentOptions): TestAgent;
  /** A member registered through POST /api/register on a new agent (throws unless 201): the agent and the user id. */
  member(user?: Partial<RegisterInput>): Promise<TestMember>;
  /** Closes the database and deletes its folder. Safe to call twice. */
  cleanup(): Promise<void>;
}

/** The test host's idea of the caller's IP: the `x-test-ip` header (accepts the Hono context or the Request). */
const testClientIp = ((arg: Request | { req: { raw: Request } }) => {
  const request = arg instanceof Request ? arg : arg.req.raw;
  return request.headers.get(TEST_IP_HEADER) ?? '127.0.0.1';
}) as NonNullable<AppDeps['clientIp']>;

// One set of codecs per test file: compiling the WebAssembly once is what makes the upload tests quick.
const testImages = inlineImagePipeline(createImageCodecs(nodeCodecWasm));

function toDate(at: Date | string | number): Date {
  const d = at instanceof Date ? new Date(at.getTime()) : new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`createTestApp: invalid time ${String(at)}`);
  return d;
}

/**
 * A fresh API on its own migrated temp-file libSQL database, with an injectable clock and cookie-jar agents.
 * Requests go through `app.request` (no sockets). Call `cleanup()` in afterEach/afterAll.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'wta-test-'));
  const databaseUrl = `file:${join(dir, 'db.sqlite')}`;
  const { client, db } = await (options.openDatabase ?? openLocalDatabase)(databaseUrl);
  if (options.seed) await options.seed(db);

  let current = toDate(options.now ?? Date.now());
  const now = () => new Date(current.getTime());

  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    LEAGUE_EMAIL_DOMAIN: 'wta.local',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: join(dir, 'uploads'),
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  });

  const { app, clock, push, webhooks, cron } = createApp({
    db,
    config,
    now,
    clientIp: testClientIp,
    // D23: the Node host's folder store; the pipeline runs in the test's own thread (node-thread.test.ts covers
    // the host's image thread).
    blobs: folderBlobStore(config.uploadsDir),
    images: testImages,
    ...options.deps,
  });

  const send = async (path: string, init: RequestInit, ip: string, origin: string | null) => {
    const { method, headers } = withOrigin(init, origin);
    if (!headers.has(TEST_IP_HEADER)) headers.set(TEST_IP_HEADER, ip);
    const url = /^https?:\/\//.test(path) ? path : `${TEST_ORIGIN}${path.startsWith('/') ? '' : '/'}${path}`;
    return app.request(url, { ...init, method, headers });
  };

  const agent = (agentOptions: AgentOptions = {}): TestAgent => {
    const ip = agentOptions.ip ?? nextIp();
    const origin = agentOptions.origin === undefined ? TEST_ORIGIN : agentOptions.origin;
    // Cookies are judged by the injected clock, the same one the API used to write them.
    return cookieAgent({ ip, now, send: (path, init) => send(path, init, ip, origin) });
  };

  let closed = false;
  return {
    app,
    db,
    client,
    config,
    databaseUrl,
    clock: (at) => clock(at ?? now()),
    push,
    webhooks,
    cron: (at) => cron(at ?? now()),
    now,
    setNow: (at) => {
      current = toDate(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    request: (path, init = {}) => {
      const { ip, ...rest } = init;
      return send(path, rest, ip ?? '127.0.0.1', TEST_ORIGIN);
    },
    agent,
    member: async (user) => {
      const memberAgent = agent();
      const res = await memberAgent.register(user);
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
      return { agent: memberAgent, id: ((await res.json()) as { id: string }).id };
    },
    cleanup: async () => {
      if (closed) return;
      closed = true;
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
