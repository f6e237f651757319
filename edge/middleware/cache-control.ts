import type { Context, MiddlewareHandler } from 'hono';
import { RETAINED_304_HEADERS } from 'hono/etag';
import { entityTag, etagMatches } from '../lib/etag.ts';
import { readSessionToken } from '../lib/session-cookie.ts';
import { appendVary } from '../lib/vary.ts';

/**
 * Who may keep an API answer, and for how long (ADR 020). One middleware decides for every /api answer from the
 * declarations below; a route that is not declared is private. Handlers never set Cache-Control themselves.
 */
export const CACHE_CONTROL = {
  /** A member's data: only their own browser may keep it, and must ask the server again before every use. */
  private: 'private, no-cache',
  /** Payments, every member's payments and sessions: nobody keeps them, not even the browser's own cache. */
  noStore: 'no-store',
  /**
   * The same for everyone: shared caches (a venue's proxy, a CDN) may serve it for 30 s; browsers revalidate every
   * time (a 304 thanks to the ETag), so a member's own change shows at once and the service worker's network-first
   * reads still notice when the network is gone.
   */
  public: 'public, max-age=0, s-maxage=30, must-revalidate',
} as const;

type Policy = keyof typeof CACHE_CONTROL;

interface Declaration {
  /** Methods it covers; GET covers HEAD too. */
  methods: readonly string[] | '*';
  path: RegExp;
  policy: Policy;
  /** Send an ETag and answer a matching If-None-Match with 304: public lists and what the screens poll. */
  etag?: boolean;
}

const GET = ['GET'] as const;

/**
 * The first declaration that matches decides. Keep app/lib/offline-cache.ts's PUBLIC_API in step with `public`. A
 * public route never sees the session (`c.var.user` is null there, see `isPublicRead`): its answer must not depend on it.
 */
const DECLARATIONS: readonly Declaration[] = [
  // Sign-in, sign-out and the member's sessions.
  { methods: '*', path: /^\/api\/(?:login|register|logout|logout-everywhere)$/, policy: 'noStore' },
  { methods: '*', path: /^\/api\/sessions(?:\/[^/]+)?$/, policy: 'noStore' },
  { methods: '*', path: /^\/api\/auth\/google(?:\/callback)?$/, policy: 'noStore' },
  // The health check (ADR 060): a cached "ok" would hide an outage.
  { methods: '*', path: /^\/api\/health$/, policy: 'noStore' },
  // Payments: checkout, verify-payment, the webhook and the built-in test checkout.
  { methods: '*', path: /^\/api\/stripe\//, policy: 'noStore' },
  { methods: '*', path: /^\/api\/payments\//, policy: 'noStore' },
  // The admin Payments tab: every member's payments. No offline screen needs them (unlike a member's own tickets and
  // winnings, which D16 keeps on the device for the venue), so not even the admin's browser keeps them.
  { methods: '*', path: /^\/api\/admin\/payments(?:\/|$)/, policy: 'noStore' },
  // Public lists: the tournament list, the next tournament, each tournament's pages, divisions, the hero video.
  // The bracket and standings send their own ETag from the tournament's bracketVersion (a 304 without reading a match).
  { methods: GET, path: /^\/api\/tournaments\/\d+\/(?:bracket|standings)$/, policy: 'public' },
  { methods: GET, path: /^\/api\/tournaments(?:\/next|\/\d+(?:\/(?:registrations|sponsors|players))?)?$/, policy: 'public', etag: true },
  { methods: GET, path: /^\/api\/divisions\/[^/]+$/, policy: 'public', etag: true },
  { methods: GET, path: /^\/api\/hero-video$/, policy: 'public', etag: true },
  // D45's calendar feeds of a tournament and a division: the same for everyone, with their own ETag (of the feed's
  // bytes). Calendar apps read them, never the app, so app/lib/offline-cache.ts does not keep them.
  { methods: GET, path: /^\/api\/calendar\/(?:tournaments|divisions)\/[^/]+$/, policy: 'public' },
  // A member's calendar address is a secret, and their data export everything they have: no cache keeps either.
  { methods: '*', path: /^\/api\/profile\/(?:calendar(?:\/reset)?|export)$/, policy: 'noStore' },
  // A tournament's results for its host (issue 38 item 6): a download, not kept.
  { methods: GET, path: /^\/api\/tournaments\/\d+\/results\.csv$/, policy: 'noStore' },
  // D43: the public API. The bracket, standings and active matches send their own ETag from bracketVersion; the rest
  // are tagged by their bytes. Its one write (a scoreboard's result) and Edit Profile's API keys are nobody's to keep.
  { methods: GET, path: /^\/api\/v1\/tournaments\/\d+\/(?:bracket|standings|active-matches)$/, policy: 'public' },
  { methods: GET, path: /^\/api\/v1\//, policy: 'public', etag: true },
  { methods: '*', path: /^\/api\/(?:v1\/|profile\/api-keys(?:\/|$))/, policy: 'noStore' },
  // What the app polls (the unread count every 30 s) or refetches on every focus: revalidated with a 304.
  { methods: GET, path: /^\/api\/messages\/unread-count$/, policy: 'private', etag: true },
  { methods: GET, path: /^\/api\/auth\/user$/, policy: 'private', etag: true },
  { methods: GET, path: /^\/api\/notifications$/, policy: 'private', etag: true },
];

function declarationFor(method: string, path: string): Declaration | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return DECLARATIONS.find((d) => (d.methods === '*' || d.methods.includes(m)) && d.path.test(path));
}

/**
 * True for a request a public declaration covers: its answer is the same for everyone, so it never needs to know who
 * asks, and the session middleware does not look the session up for it (ADR 059).
 */
export function isPublicRead(method: string, path: string): boolean {
  return declarationFor(method, path)?.policy === 'public';
}

// A 304 keeps a renewed session's Set-Cookie: dropping it would lose the extended expiry.
const RETAINED_ON_304 = new Set([...RETAINED_304_HEADERS, 'set-cookie']);

/**
 * Replaces the answer as a whole. Assigning `c.res` while one is set makes Hono rebuild the new one from its body
 * stream to merge the old headers in, which costs the Node adapter its string fast path; the headers are carried
 * over here instead.
 */
function replaceResponse(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

/**
 * An ETag on a successful GET and a 304 for a matching If-None-Match, like hono's `etag` middleware and with the
 * same tags (SHA-1 of the body), but reading the body once instead of cloning its stream (ADR 026).
 */
async function withEtag(c: Context, next: () => Promise<void>) {
  const ifNoneMatch = c.req.header('If-None-Match') ?? null;
  await next();
  if (!(c.req.method === 'GET' || c.req.method === 'HEAD') || !c.res.ok) return;
  const res = c.res;
  let tag = res.headers.get('ETag');
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (!tag) {
    if (!res.body) return;
    body = new Uint8Array(await res.arrayBuffer());
    // hono's etag gives an empty body no tag; neither does this one (the body is sent as it was).
    if (body.byteLength === 0) return replaceResponse(c, new Response(body, res));
    tag = `"${await entityTag(body)}"`;
  }
  if (ifNoneMatch === '*' || etagMatches(tag, ifNoneMatch)) {
    if (!body) await res.body?.cancel();
    const headers = new Headers();
    for (const [name, value] of res.headers) if (RETAINED_ON_304.has(name)) headers.append(name, value);
    headers.set('ETag', tag);
    replaceResponse(c, new Response(null, { status: 304, statusText: 'Not Modified', headers }));
    return;
  }
  res.headers.set('ETag', tag);
  if (body) replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers }));
}

/**
 * Sets Cache-Control on every /api answer. A public declaration holds only for a 200 or 304 to a request without a
 * session cookie and without a Set-Cookie in the answer; anything else on such a route is private. Public answers
 * vary on Cookie, so a shared cache never hands the signed-out copy to a signed-in browser.
 */
export function cacheControl(): MiddlewareHandler {
  return async (c, next) => {
    const declared = declarationFor(c.req.method, c.req.path);
    if (declared?.etag) await withEtag(c, next);
    else await next();

    let policy: Policy = declared?.policy ?? 'private';
    if (policy === 'public') {
      appendVary(c.res.headers, 'Cookie');
      const shareable =
        (c.res.status === 200 || c.res.status === 304) &&
        !readSessionToken(c) &&
        c.res.headers.getSetCookie().length === 0;
      if (!shareable) policy = 'private';
    }
    c.res.headers.set('Cache-Control', CACHE_CONTROL[policy]);
  };
}
