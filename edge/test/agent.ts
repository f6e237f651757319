// A browser-like caller with a cookie jar, over any way of sending a request: the app in process (app.ts) or a host on
// a real socket (edge/hosts/host.ts).

/** Password used by `agent.register()` when none is given: long enough for the 8-character rule. */
export const TEST_PASSWORD = 'correct-horse-battery';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AgentOptions {
  /** IP the API sees for this agent (via the test `clientIp` dep). Default: a fresh 10.x address per agent. */
  ip?: string;
  /** Origin header sent on POST/PUT/PATCH/DELETE; `null` sends none. Default: the league's origin. */
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

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'player' | 'owner' | 'fan';
}

let userCounter = 0;
let ipCounter = 0;

/** A fresh 10.x address, unique in this process. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A unique e-mail for a throw-away test user. */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${userCounter}@example.test`;
}

/** The request's headers with `origin` added on a state-changing method (unless it names one), as a browser sends it. */
export function withOrigin(init: RequestInit, origin: string | null): { method: string; headers: Headers } {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (origin !== null && STATE_CHANGING.has(method) && !headers.has('origin')) headers.set('origin', origin);
  return { method, headers };
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
 * An agent that sends through `send` (which adds the origin and the address) and keeps the cookies the answers set,
 * judging their expiry by `now` (the clock the server wrote them with).
 */
export function cookieAgent(options: {
  ip: string;
  now: () => Date;
  send: (path: string, init: RequestInit) => Promise<Response>;
}): TestAgent {
  const { ip, now, send } = options;
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
        if (key === 'expires' && new Date(v).getTime() <= now().getTime()) expired = true;
      }
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };

  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', cookieHeader());
    return store(await send(path, { ...init, headers }));
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
}
