import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { API_KEY_MESSAGES } from '../features/api-keys/schema.ts';
import { authenticateApiKey } from '../features/api-keys/service.ts';
import type { AppEnv } from '../lib/context.ts';
import type { V1Env } from './context.ts';
import { docsPage } from './docs.ts';
import { WindowCounter } from './limits.ts';
import { peopleRoutes } from './people-routes.ts';
import { v1Router } from './router.ts';
import { tournamentRoutes } from './tournament-routes.ts';

/** The public API's prefix: everything under it ignores cookies and takes keys (D43, D44). */
export const V1_PREFIX = '/api/v1/';

const BEARER = /^Bearer +([A-Za-z0-9_-]{1,200})$/;

/**
 * D44: a key opens the public API and nothing else. A request elsewhere under /api/ that carries one is refused
 * before any session is looked up, so a leaked key can never read a member's data or reach an admin route.
 */
export const refuseKeysOutsideV1: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization') !== undefined && !c.req.path.startsWith(V1_PREFIX)) {
    return c.json({ message: API_KEY_MESSAGES.privateRoute }, 403);
  }
  await next();
};

const CORS_OPTIONS = {
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposeHeaders: ['ETag', 'Link', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
  maxAge: 86_400,
};

/**
 * The one middleware in front of every v1 route (one layer, not three: the lightest calls are a few hundred µs,
 * `npm run bench -- api-v1`): CORS, the caller (a key, or else the address) and their limit (D43). RateLimit-* on
 * every answer, 429 with Retry-After past it. A key is looked up by its hash on each keyed request; a keyless read
 * costs no database round trip here.
 */
function publicApiFront(): MiddlewareHandler<V1Env> {
  const counter = new WindowCounter();
  const corsHeaders = cors(CORS_OPTIONS);
  const limited: MiddlewareHandler<V1Env> = async (c, next) => {
    c.set('apiKey', null);
    if (c.req.method === 'OPTIONS') return next();
    const { db, now, config, clientIp } = c.var.deps;
    const at = now();
    const authorization = c.req.header('authorization');
    let caller = `address:${clientIp?.(c) ?? 'unknown'}`;
    let limit = config.apiLimits.perAddress;
    let refusal: { status: 401 | 403; message: string } | null = null;
    if (authorization !== undefined) {
      const token = BEARER.exec(authorization)?.[1];
      const found = token ? await authenticateApiKey(db, token, at, config.leagueEmailDomain) : null;
      if (found?.ok) {
        c.set('apiKey', { ...found.key, owner: found.owner });
        caller = `key:${found.key.id}`;
        limit = config.apiLimits.perKey;
      } else {
        // A refused key is counted against its address, so guessing keys is limited like any keyless call.
        refusal =
          found?.ok === false && found.reason === 'owner-blocked'
            ? { status: 403, message: API_KEY_MESSAGES.ownerBlocked }
            : { status: 401, message: API_KEY_MESSAGES.invalid };
      }
    }
    const state = counter.hit(caller, limit, at.getTime());
    c.header('RateLimit-Limit', String(state.limit));
    c.header('RateLimit-Remaining', String(state.remaining));
    c.header('RateLimit-Reset', String(state.resetSeconds));
    if (!state.allowed) {
      c.header('Retry-After', String(state.resetSeconds));
      const message = `Too many requests: at most ${limit} a minute ${caller.startsWith('key:') ? 'per API key' : 'per address without an API key'}. Try again in ${state.resetSeconds} seconds.`;
      return c.json({ message }, 429);
    }
    if (refusal) {
      if (refusal.status === 401) c.header('WWW-Authenticate', 'Bearer realm="WTA API"');
      return c.json({ message: refusal.message }, refusal.status);
    }
    await next();
  };
  return createMiddleware<V1Env>(async (c, next) => {
    // Set before the answer is made, so it goes out with the answer's own headers (errors and 429s included): a shared
    // cache must not hand a copy made for a script (no CORS headers) to a browser.
    c.header('Vary', 'Origin');
    // CORS headers are for browsers, which send Origin with every cross-origin call: a scoreboard's server or a
    // script gets none of those ~130 bytes, a third of what v1 adds to a 304 (npm run bench -- api-v1).
    if (c.req.header('origin') === undefined) return limited(c, next);
    // cors() ignores what its `next` returns, so a refusal (401, 403, 429) is made the answer here; the preflight is
    // answered by cors() itself, as a Response of its own.
    const preflight = await corsHeaders(c, async () => {
      const refused = await limited(c, next);
      if (refused) c.res = refused;
    });
    if (preflight) c.res = preflight;
  });
}

const DESCRIPTION = `The WTA league's public data: tournaments, brackets, standings, players and teams (members under 18
show no photo and no city), leaderboards and the archive. Reading needs no key: ${'`'}Authorization: Bearer <key>${'`'}
with a personal key (Edit Profile, API keys) raises the limit. Every answer carries ${'`'}RateLimit-Limit${'`'},
${'`'}RateLimit-Remaining${'`'} and ${'`'}RateLimit-Reset${'`'}; past the limit, 429 with ${'`'}Retry-After${'`'}. Reads send
an ${'`'}ETag${'`'}: poll with ${'`'}If-None-Match${'`'} and an unchanged answer is a 304. Any origin may call the API from
a browser (CORS); cookies are ignored. Errors are ${'`'}{ "message": "..." }${'`'}.

## Webhooks

Hosts (for their tournaments) and admins (also for the whole league) add webhooks on Edit Profile. Events:
${'`'}tournament.started${'`'}, ${'`'}match.called${'`'}, ${'`'}match.completed${'`'}, ${'`'}match.corrected${'`'},
${'`'}tournament.completed${'`'}, ${'`'}tournament.cancelled${'`'}. Each is a POST of JSON
${'`'}{ "id": "evt_…", "type", "sequence", "tournamentId", "createdAt", "data": { "tournament" | "match": … } }${'`'}:
${'`'}id${'`'} is the event's (the same on a retry or a Send Again), ${'`'}sequence${'`'} counts a tournament's events from 1
(deliveries may arrive out of order: order them by it). A ${'`'}match${'`'} has id, matchNumber, round, stage, group, status,
court, teamA and teamB (id, name, score) and winnerId; a ${'`'}tournament${'`'} has id, title, status, startDate and
cancellationReason. Answer 2xx within 10 seconds; anything else is retried after 1 min, 5 min, 30 min, 2 h, then every
6 h for 72 hours, after which the webhook is disabled and its owner told. Check every delivery's
${'`'}WTA-Signature: t=<unix seconds>,v1=<hex>${'`'} header, an HMAC-SHA256 of ${'`'}t + "." + the raw body${'`'} with the
webhook's secret:

${'```'}js
import { createHmac, timingSafeEqual } from 'node:crypto';
function verify(secret, rawBody, header, toleranceSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  if (!t || !v1 || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(t + '.' + rawBody).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
${'```'}`;

/** /api/v1: the documented public API (D43) with keys (D44), its OpenAPI document and its reference page. */
export function publicApi() {
  const v1 = v1Router();
  v1.use('*', publicApiFront());
  v1.route('/', tournamentRoutes).route('/', peopleRoutes);
  v1.openAPIRegistry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API key from Edit Profile (`wta_...`). Needed only to report scores (the `scores` scope).',
  });
  v1.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'WTA Public API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/api/v1' }],
  });
  v1.get('/docs', (c) => c.html(docsPage()));
  return v1;
}
