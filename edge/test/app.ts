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

/** The origin every test request claims to come from; matches the config's PUBLIC_URL so the Origin check passes. */
export const TEST_ORIGIN = 'http://localhost:3000';
/** Header the test fixture's `clientIp` dep reads; production hosts take the IP from the socket or the edge. */
export const TEST_IP_HEADER = 'x-test-ip';
/** Password used by `agent.register()` when none is given: long enough for the 8-character rule. */
export const TEST_PASSWORD = 'correct-horse-battery';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

export interface AgentOptions {
  /** IP the API sees for this agent (via the test `clientIp` dep). Default: a fresh 10.x address per agent. */
  ip?: string;
  /** Origin header sent on POST/PUT/PATCH/DELETE; `null` sends none. Default TEST_ORIGIN. */
  origin?: string | null;
}

type Body = unknown;

/** A browser-like caller with its own cookie jar. Every method resolves to the raw Response. */
export interface TestAgent {
  readonly ip: string;
  /** Cookie name -> value, updated from every Set-Cookie the API answers. */
  readonly cookies: Map<string, string>;
  /** The `Cookie` header this agent would send now ('' when the jar is empty). */
  cookieHeader(): string;
  request(path: string, init?: RequestInit): Promise<Response>;
  get(path: string, init?: RequestInit): Promise<Response>;
  /** JSON body (objects) or raw body (FormData, URLSearchParams, string, Blob); omitted = no body. */
  post(path: string, body?: Body, init?: RequestInit): Promise<Response>;
  put(path: string, body?: Body, init?: RequestInit): Promise<Response>;
  patch(path: string, body?: Body, init?: RequestInit): Promise<Response>;
  delete(path: string, body?: Body, init?: RequestInit): Promise<Response>;
  /** POST /api/register (role player by default, password TEST_PASSWORD); the session cookie lands in the jar. */
  register(user?: Partial<RegisterInput>): Promise<Response>;
  /** POST /api/login; the session cookie lands in the jar. */
  login(email: string, password?: string): Promise<Response>;
  /** POST /api/logout. */
  logout(): Promise<Response>;
}

export interface TestMember {
  agent: TestAgent;
  id: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'player' | 'owner' | 'fan';
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

let userCounter = 0;
let ipCounter = 0;

function nextIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A unique e-mail for a throw-away test user. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${userCounter}@example.test`;
}

function toDate(at: Date | string | number): Date {
  const d = at instanceof Date ? new Date(at.getTime()) : new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`createTestApp: invalid time ${String(at)}`);
  return d;
}

function withBody(init: RequestInit | undefined, method: string, body: Body): RequestInit {
  const headers = new Headers(init?.headers);
  const out: RequestInit = { ...init, method, headers };
  if (body === undefined) return out;
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    body instanceof Uint8Array
  ) {
    out.body = body as BodyInit;
  } else {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    out.body = JSON.stringify(body);
  }
  return out;
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

  const { app, clock, push, cron } = createApp({
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
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (origin !== null && STATE_CHANGING.has(method) && !headers.has('origin')) headers.set('origin', origin);
    if (!headers.has(TEST_IP_HEADER)) headers.set(TEST_IP_HEADER, ip);
    const url = /^https?:\/\//.test(path) ? path : `${TEST_ORIGIN}${path.startsWith('/') ? '' : '/'}${path}`;
    return app.request(url, { ...init, method, headers });
  };

  const agent = (agentOptions: AgentOptions = {}): TestAgent => {
    const ip = agentOptions.ip ?? nextIp();
    const origin = agentOptions.origin === undefined ? TEST_ORIGIN : agentOptions.origin;
    const cookies = new Map<string, string>();

    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    const store = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        let expired = value === '';
        for (const attr of attrs) {
          const [k = '', v = ''] = attr.split('=').map((s) => s.trim());
          const key = k.toLowerCase();
          if (key === 'max-age' && Number(v) <= 0) expired = true;
          // Judged by the injected clock, the same one the API used to write it.
          if (key === 'expires' && new Date(v).getTime() <= current.getTime()) expired = true;
        }
        if (expired) cookies.delete(name);
        else cookies.set(name, value);
      }
      return res;
    };

    const request = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', cookieHeader());
      return store(await send(path, { ...init, headers }, ip, origin));
    };

    const self: TestAgent = {
      ip,
      cookies,
      cookieHeader,
      request,
      get: (path, init) => request(path, { ...init, method: 'GET' }),
      post: (path, body, init) => request(path, withBody(init, 'POST', body)),
      put: (path, body, init) => request(path, withBody(init, 'PUT', body)),
      patch: (path, body, init) => request(path, withBody(init, 'PATCH', body)),
      delete: (path, body, init) => request(path, withBody(init, 'DELETE', body)),
      register: (user = {}) =>
        self.post('/api/register', {
          email: uniqueEmail(user.role ?? 'player'),
          password: TEST_PASSWORD,
          firstName: 'Test',
          lastName: 'User',
          role: 'player',
          ...user,
        }),
      login: (email, password = TEST_PASSWORD) => self.post('/api/login', { email, password }),
      logout: () => self.post('/api/logout'),
    };
    return self;
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
