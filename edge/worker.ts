// The Cloudflare Workers host (D1): Turso through @libsql/client/web, uploads in R2, the PWA as static assets.
// Never seeds demo accounts (D18): a deployed league starts empty, with the migrations applied by drizzle-kit.
// workerd takes every export of this module for a handler and refuses to start on any other (issue 35): values go
// in worker-constants.ts, and edge/worker.test.ts checks the rule.
// Types come from the module form of @cloudflare/workers-types (index.ts); its global form clashes with DOM's.
import type { ExportedHandler, Fetcher, R2Bucket } from '@cloudflare/workers-types/index.ts';
import { createClient } from '@libsql/client/web';
import type { MiddlewareHandler } from 'hono';
import { createDb } from '../db/client.ts';
import { databaseFetch } from '../db/unavailable.ts';
import { createApp } from './app.ts';
import { r2BlobStore } from './lib/blobs/r2-store.ts';
import { loadConfig } from './lib/config.ts';
import { admittedImagePipeline } from './lib/images/admission.ts';
import { createImageCodecs } from './lib/images/codecs.ts';
import { inlineImagePipeline } from './lib/images/pipeline.ts';
import type { AppEnv } from './lib/context.ts';
import { isPagePath, type PageRenderer, type PageSources } from './features/pages/render.ts';
import { IMMUTABLE, NO_CACHE, staticCacheControl } from './lib/static-cache.ts';
import { MISSING_PUBLIC_URL, WORKER_IMAGE_LIMITS } from './worker-constants.ts';

export interface WorkerEnv {
  /** Static assets of dist/ ([assets] binding in wrangler.toml). */
  ASSETS: Fetcher;
  /** Uploaded images (R2 bucket wta-uploads). */
  UPLOADS: R2Bucket;
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  /** Required: the origin users reach the league at (`[vars]` in wrangler.toml). */
  PUBLIC_URL?: string;
  LEAGUE_EMAIL_DOMAIN?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Tests only: a local fake of Stripe's API instead of api.stripe.com (ADR 060). */
  STRIPE_API_URL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** Secrets (`npx wrangler secret put ...`): a Worker has no data folder to generate them into. */
  WAIVER_SIGNING_KEY?: string;
  DEVICE_COOKIE_SECRET?: string;
  /** D28: Web Push (all three, or none). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

type App = ReturnType<typeof createApp>;

// Compiled at deploy time and instantiated once per isolate, on the first upload. Imported lazily so that Node
// (the tests import this file) never meets the `.wasm?module` imports, which only wrangler understands.
// An isolate decodes on its one thread, so it takes one image at a time, the cheapest waiting first, and keeps a
// few waiting for at most IMAGE_MAX_WAIT_MS (ADR 050: per isolate; the platform spreads isolates).
const workerImages = admittedImagePipeline({
  limits: WORKER_IMAGE_LIMITS,
  lanes: [
    {
      maxCost: WORKER_IMAGE_LIMITS.maxDecodeBytes,
      maxWaiting: 8,
      prepare: inlineImagePipeline(
        createImageCodecs(async () => (await import('./lib/images/worker-wasm.ts')).workerCodecWasm),
        WORKER_IMAGE_LIMITS,
      ),
    },
  ],
}).prepare;

// One app per isolate: the libSQL web client is stateless HTTP, so reusing it across requests is safe.
let cached: { env: WorkerEnv; app: App } | undefined;

function appFor(env: WorkerEnv): App {
  if (cached?.env === env) return cached.app;
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: `npx wrangler secret put DATABASE_URL` (README).');
  // The league's origin is never taken from the request: the Origin check compares with it (a Host-derived origin
  // is what a DNS-rebinding page controls), and one isolate serves every hostname routed to the Worker.
  if (!env.PUBLIC_URL?.trim()) throw new Error(MISSING_PUBLIC_URL);
  const config = loadConfig({ ...env });
  // ADR 060: Turso out of reach is told apart from a bug (503 with Retry-After, not 500).
  const client = createClient({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    fetch: databaseFetch,
    // No queue in the client (its default lets 20 statements run and queues the rest, for every request of the
    // isolate): a queued statement was started by whichever request's statement ended first, so its fetch belonged to
    // that request, and workerd cancelled it when that request ended - the waiting request hung and answered 500
    // (issue 35, ADR 061). workerd itself queues an isolate's connections past its limit, each in its own request.
    concurrency: Number.POSITIVE_INFINITY,
  });
  const db = createDb(client);
  const app = createApp({
    db,
    config,
    blobs: r2BlobStore(env.UPLOADS),
    images: workerImages,
    // Set by Cloudflare's edge for every request; a client cannot forge it.
    clientIp: (c) => c.req.header('cf-connecting-ip') ?? undefined,
    // ADR 060: the log's request id is Cloudflare's ray id, which the caller also gets (CF-Ray) with the answer.
    requestId: (c) => c.req.header('cf-ray') ?? undefined,
    // D28: pushes go out after the write's answer, within the request's waitUntil.
    pushAfterWrites: true,
    // workerd encodes what carries a Content-Encoding, and Cloudflare's edge compresses the rest (ADR 058).
    compression: 'platform',
    staticHandler: workerStaticHandler(env),
    pages: workerPageSources(env),
  });
  cached = { env, app };
  return app;
}

/**
 * The app shell, a file of the build as on the Node host. The ASSETS binding serves every file under its own name
 * (`html_handling = "none"`): by default it redirected /index.html to '/', and the service worker, which keeps
 * /index.html as the shell of every in-app page, kept the landing page rendered for '/' instead (issue 35, ADR 062).
 */
const SHELL = '/index.html';

/**
 * The Worker runs first for every request (run_worker_first), so the app's security headers also cover the
 * PWA: static files come from the ASSETS binding, which answers 404 for a missing one (`not_found_handling =
 * "none"`). A page of the route table that no file answers gets the app shell, as on the Node host; a path outside
 * the table never gets here (the pages middleware answers it 404, issue 34). Uploads (R2) are served by createApp's
 * /uploads route (D23). Files are kept as long as the Node host lets them be (static-cache.ts); the binding's ETag
 * and its 304s stay.
 */
function workerStaticHandler(env: WorkerEnv): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    if (path.startsWith('/api/')) return next();

    let response = (await env.ASSETS.fetch(c.req.raw as never)) as unknown as Response;
    let shell = false;
    if (response.status === 404 && isPagePath(path)) {
      const index = new Request(new URL(SHELL, c.req.url), { method: c.req.method, headers: c.req.raw.headers });
      response = (await env.ASSETS.fetch(index as never)) as unknown as Response;
      shell = true;
    }
    // A missing file is answered as on the Node host (the binding's own 404 has no body and no type).
    if (response.status === 404) {
      await response.body?.cancel();
      return c.text('Not found', 404);
    }
    const headers = new Headers(response.headers);
    const cacheControl = shell ? NO_CACHE : staticCacheControl(path);
    // Hashed build files never change; an SPA fallback (text/html) for a missing one must not be pinned.
    const html = headers.get('content-type')?.startsWith('text/html');
    if ((response.ok || response.status === 304) && !(cacheControl === IMMUTABLE && html)) {
      headers.set('Cache-Control', cacheControl);
    }
    // Copy into a mutable response so the security headers middleware can add its headers.
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * The page renderer is bundled into the Worker (wrangler follows this import into dist-server/, built by
 * `npm run build`); index.html comes from the assets once per isolate (ADR 027).
 */
function workerPageSources(env: WorkerEnv): PageSources {
  let template: Promise<string | null> | undefined;
  return {
    renderer: () => import('../dist-server/entry-server.js') as Promise<PageRenderer>,
    template: (c) => {
      template ??= (env.ASSETS.fetch(new URL(SHELL, c.req.url).href) as unknown as Promise<Response>)
        .then((res) => (res.ok ? res.text() : null))
        .catch(() => null);
      return template;
    },
  };
}

export default {
  fetch(request, env, ctx) {
    return appFor(env).app.fetch(request as unknown as Request, env, ctx) as unknown as ReturnType<
      NonNullable<ExportedHandler<WorkerEnv>['fetch']>
    >;
  },
  // D12: the tournament clock, from the Cron Trigger in wrangler.toml (every minute).
  async scheduled(controller, env) {
    // The clock and the push queue, each on its own; a failed task is one log line (ADR 060) and fails the
    // invocation, so a database that is down shows as failing cron runs in the dashboard, never as silence (issue 35).
    const { failed } = await appFor(env).cron(new Date(controller.scheduledTime));
    if (failed.length > 0) throw new Error(`The cron run failed: ${failed.join(', ')}`);
  },
} satisfies ExportedHandler<WorkerEnv>;
