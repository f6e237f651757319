import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, RetryLater } from './lib/errors.ts';
import { isDatabaseUnavailable } from './lib/db-errors.ts';
import { errorFields, writeLog } from './lib/log.ts';
import { healthRoutes } from './features/health/routes.ts';
import { deliverQueuedPushes, oneAtATime, type DeliveryReport } from './features/push/delivery.ts';
import { pushRoutes } from './features/push/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { adminPaymentRoutes } from './features/admin-payments/routes.ts';
import { adminBlogRoutes, blogRoutes } from './features/blog/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { adminSponsorRoutes } from './features/sponsor-listings/routes.ts';
import { adminAuditRoutes } from './features/audit-log/routes.ts';
import { archiveRoutes } from './features/archive/routes.ts';
import { readBracket } from './features/competition/bracket-read.ts';
import { cancelRoutes } from './features/competition/cancel-routes.ts';
import { mvpRoutes } from './features/competition/mvp-routes.ts';
import { payoutRoutes } from './features/competition/payout-routes.ts';
import { competitionPlayerRoutes } from './features/competition/player-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { throttledClock, runTournamentClock } from './features/competition/clock.ts';
import { competitionRoutes, playerMatchRoutes } from './features/competition/routes.ts';
import { divisionRoutes } from './features/divisions/routes.ts';
import { leaderboardRoutes } from './features/leaderboards/routes.ts';
import { doorRoutes } from './features/door/routes.ts';
import { googleRoutes } from './features/auth/google-routes.ts';
import { sessionRoutes } from './features/auth/session-routes.ts';
import { createGoogleProvider, type GoogleProvider } from './features/auth/google-provider.ts';
import type { HashingSlots } from './features/auth/hashing-slots.ts';
import { freeAgencyRoutes } from './features/free-agency/routes.ts';
import { heroVideoRoutes } from './features/hero-video/routes.ts';
import { hostingAdminRoutes, hostingRoutes } from './features/hosting/routes.ts';
import { driveVideoRoutes, heroVideoAdminRoutes } from './features/hero-video/admin-routes.ts';
import { videoFileRoutes } from './features/hero-video/file-routes.ts';
import { videoBodyLimit } from './features/hero-video/upload.ts';
import { adminEventRoutes, adminRsvpRoutes, mediaDayRoutes } from './features/media-day/routes.ts';
import { verifiedDashboardRoutes } from './features/verified-dashboard/routes.ts';
import { adminIncidentRoutes, incidentRoutes, memberStandingRoutes } from './features/incidents/routes.ts';
import { profileImageRoutes, uploadRoutes } from './features/images/routes.ts';
import { adopt, releaseImage } from './features/images/service.ts';
import { profileEditRoutes } from './features/profile-edit/routes.ts';
import { calendarProfileRoutes, calendarRoutes } from './features/calendars/routes.ts';
import { memberExportRoutes, resultsExportRoutes } from './features/exports/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { deliverWebhooks } from './features/webhooks/delivery.ts';
import { addressPolicy, webhookRoutes } from './features/webhooks/routes.ts';
import { oneUploadPerMember } from './features/images/one-upload-per-member.ts';
import { receiveImage, uploadBodyLimit } from './features/images/upload.ts';
import { messageRoutes, recipientRoutes } from './features/messages/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { paymentRoutes, stripeRoutes } from './features/payments/routes.ts';
import type { PaymentProvider } from './features/payments/provider.ts';
import { createPaymentProvider } from './features/payments/providers.ts';
import { playerRoutes } from './features/players/routes.ts';
import { playerProfileRoutes, teamProfileRoutes } from './features/profiles/routes.ts';
import { supportRoutes } from './features/support/routes.ts';
import { teamInviteRoutes } from './features/team-invites/routes.ts';
import { transferRoutes } from './features/transfers/routes.ts';
import { teamRoutes } from './features/teams/routes.ts';
import { ticketRoutes } from './features/tickets/routes.ts';
import { waiverRoutes } from './features/waivers/routes.ts';
import { tournamentRegistrationRoutes, tournamentRoutes } from './features/tournaments/routes.ts';
import { checkInRoutes, entryPassRoutes } from './features/check-in/routes.ts';
import { scoreReportRoutes } from './features/score-reports/routes.ts';
import { courtRoutes } from './features/courts/routes.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { divisionSlugs } from './features/tournaments/schema.ts';
import { listedStatuses } from './features/tournaments/tournament-query.ts';
import { userRoutes } from './features/users/routes.ts';
import { memberAdminRoutes } from './features/users/admin-routes.ts';
import { verificationRoutes } from './features/verification/routes.ts';
import { requireSecrets, type Config } from './lib/config.ts';
import type { BlobStore } from './lib/blobs/blob-store.ts';
import type { AppEnv } from './lib/context.ts';
import type { ImagePipeline } from './lib/images/pipeline.ts';
import { bodyLimitGuard } from './middleware/body-limit.ts';
import { cacheControl } from './middleware/cache-control.ts';
import { CLOCK_READ_PATHS, drainAfterWrites, tickOnRead } from './middleware/after-writes.ts';
import { compress, type BrotliStream } from './middleware/compress.ts';
import { originCheck } from './middleware/origin-check.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { loadSession } from './middleware/session.ts';
import { publicApi, refuseKeysOutsideV1 } from './v1/app.ts';
import { renderedPages, type PageSources } from './features/pages/render.ts';
import { sitemapRoutes } from './features/pages/sitemap.ts';

/** Everything the API needs from its host (D1). Route code never knows which host it runs on. */
export interface AppDeps {
  db: Db;
  config: Config;
  /** Injected clock so sessions, windows and countdowns are testable. */
  now?: () => Date;
  /** The caller's IP as the host sees it (socket on Node, CF-Connecting-IP on Workers). */
  clientIp?: (c: Context) => string | undefined;
  /** The request's id in the operations log (ADR 060): CF-Ray on Workers; by default a fresh UUID per logged request. */
  requestId?: (c: Context) => string | undefined;
  /** D23: where uploaded images are stored (a folder on Node, R2 on Workers). */
  blobs: BlobStore;
  /** D23: checks and re-encodes an uploaded image (on its own thread on Node, in the request on Workers). */
  images: ImagePipeline;
  /** Brotli for pages and JSON where the browser takes it (the Node host's zlib); Workers leave it to Cloudflare. */
  brotli?: BrotliStream;
  /**
   * Who compresses answers: the app (the default: the Node host and the API tests), or the platform on the way out
   * (the Worker: workerd and Cloudflare's edge, ADR 058); the app then only adds `Vary: Accept-Encoding`.
   */
  compression?: 'app' | 'platform';
  /** Checkout provider; default from config: Stripe with STRIPE_SECRET_KEY, else the built-in test checkout (D3). */
  payments?: PaymentProvider;
  /** Google sign-in (D4); default from config: arctic on Google's endpoints, null without the Google settings. */
  google?: GoogleProvider | null;
  /** Password hashing slots (D35); default: one set per process, as many as it has cores. */
  passwordHashing?: HashingSlots;
  /**
   * D12: run the tournament clock before tournament reads (at most every 15 s per process), as the Node host does
   * besides its timer. Off by default so API tests drive the clock themselves.
   */
  clockOnRead?: boolean;
  /** D28: the HTTP client that reaches push services (default: fetch; tests pass a local fake push service). */
  pushFetch?: typeof fetch;
  /** D28: push service hosts a subscription may name (default: PUSH_SERVICE_HOSTS; tests add a fake one). */
  pushHosts?: readonly string[];
  /**
   * D28: push what a write queued right after its answer (the Worker's waitUntil, or in the background on Node). Off
   * by default so API tests drive delivery themselves through createApp's `push`.
   */
  pushAfterWrites?: boolean;
  /** D44: the HTTP client that delivers webhooks (default: fetch; tests may pass their own). */
  webhookFetch?: typeof fetch;
  /** D44: how long one delivery waits for the receiver (default 10 s; tests shorten it). */
  webhookTimeoutMs?: number;
  /**
   * D44: the host's resolver, so a webhook's name is checked after DNS resolution (Node: dns.lookup). Absent on Workers,
   * whose network does not route to private addresses.
   */
  resolveHost?: (hostname: string) => Promise<string[]>;
  /** Serves the built PWA with an SPA fallback; absent in API-only tests. */
  staticHandler?: MiddlewareHandler<AppEnv>;
  /** Server rendering of the public pages (ADR 027): the built renderer and index.html; absent in API-only tests. */
  pages?: PageSources;
}

/** Builds the API: global middleware, every feature router chained under /api, one error shape. */
export function createApp(deps: AppDeps) {
  // A host that forgot a server key fails at start, not on the first waiver or sign-in.
  requireSecrets(deps.config);
  const now = deps.now ?? (() => new Date());
  const payments = deps.payments ?? createPaymentProvider(deps.config);
  const google = deps.google === undefined ? createGoogleProvider(deps.config) : deps.google;
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders(deps.config));
  // gzip (brotli where the host gives it) for phones on one bar of signal: pages and JSON lists shrink 4-8x. Skips
  // small and already-encoded responses (the build's files arrive encoded on both hosts). On Workers the platform
  // compresses, once (ADR 058).
  app.use('*', compress({ brotli: deps.brotli, by: deps.compression }));
  const requestDeps = { ...deps, now, payments, google };
  app.use('*', async (c, next) => {
    c.set('deps', requestDeps);
    await next();
  });
  // ADR 060: one JSON line for every 5xx answer, pages and files included.
  app.use('*', requestLog());
  // ADR 060: for uptime checks. Ahead of the /api chain below, so that its answer depends on the database alone, not
  // on a session lookup (the cookie of a signed-in browser asking) failing first.
  app.use('/api/health', cacheControl());
  app.route('/api/health', healthRoutes);
  // Cache-Control first, so refusals (403, 413) and errors are covered too (ADR 020).
  app.use(
    '/api/*',
    cacheControl(),
    bodyLimitGuard([uploadBodyLimit, videoBodyLimit]),
    originCheck(deps.config),
    // D44: an API key opens /api/v1/ alone; anywhere else it is refused before a session could be looked up.
    refuseKeysOutsideV1,
    loadSession(),
    // Issue 34: a member's second image upload while the first is processed is a 429 (ADR 050).
    oneUploadPerMember(),
  );

  // D28: what writes queued for Web Push goes out one drain at a time (a burst of writes costs at most two).
  const vapid = deps.config.push;
  const push = vapid
    ? oneAtATime(() => deliverQueuedPushes({ db: deps.db, vapid, now, fetch: deps.pushFetch }))
    : () => Promise.resolve({ pushed: 0, removed: 0, requeued: 0 } satisfies DeliveryReport);
  // D44: the webhook queue, drained one drain at a time (the minute cron, and after writes like the push queue).
  const webhooks = oneAtATime(() =>
    deliverWebhooks({
      db: deps.db,
      now,
      fetch: deps.webhookFetch,
      timeoutMs: deps.webhookTimeoutMs,
      policy: addressPolicy(deps.config.publicUrl, deps.resolveHost),
    }),
  );
  if (deps.pushAfterWrites) app.use('/api/*', drainAfterWrites(vapid ? push : null, webhooks));

  const clockDeps = { db: deps.db, payments, leagueEmailDomain: deps.config.leagueEmailDomain };
  if (deps.clockOnRead) {
    const tick = throttledClock(clockDeps, 15_000, (error) =>
      writeLog({ level: 'error', event: 'cron', requestId: crypto.randomUUID(), route: 'clock', ...errorFields(error) }),
    );
    for (const path of CLOCK_READ_PATHS) app.use(path, tickOnRead(() => tick(now())));
  }

  // D43, D44: the documented public API, with its own CORS, keys and limits (it never sees a session).
  app.route('/api/v1', publicApi());

  const api = app
    .basePath('/api')
    .route('/', authRoutes)
    .route('/', sessionRoutes)
    .route('/auth/google', googleRoutes)
    .route('/users', userRoutes)
    // GET /api/users/all: the messaging feature's recipient picker (it knows blocks).
    .route('/users', recipientRoutes)
    .route('/messages', messageRoutes)
    .route('/push', pushRoutes)
    .route('/admin', adminRoutes)
    // Hosting (D10) and the admin's tournament manager (D24): /api/tournaments/host, /api/admin/tournaments/...
    .route('/admin', hostingAdminRoutes)
    .route('/tournaments', hostingRoutes)
    // The Tournament Archive (issue 16, D29), before the tournaments router so 'archive' is never read as an id. It
    // reads the engine's bracket and stores photos through the images feature: both handed in here.
    .route(
      '/tournaments',
      archiveRoutes({
        readBracket,
        receiveImage,
        adopt: (db, blobs) => (image, reference) => adopt(db, blobs, image, reference),
        release: (db, blobs) => (url) => releaseImage(db, blobs, url),
      }),
    )
    .route('/tournaments', tournamentRoutes)
    .route('/tournaments', competitionRoutes)
    // D39: check-in, the entrant's own and the host's or an admin's at the door.
    .route('/tournaments', checkInRoutes)
    .route('/entry-passes', entryPassRoutes)
    // D40: players report their own match's score, dispute the other side's.
    .route('/tournaments', scoreReportRoutes)
    // D41: courts, 'I'm at the court' and forfeit claims (the call itself is the match PATCH with a court).
    .route('/tournaments', courtRoutes)
    // D42: the waitlist of a full tournament.
    .route('/tournaments', waitlistRoutes)
    .route('/tournament-registrations', tournamentRegistrationRoutes)
    .route('/divisions', divisionRoutes)
    .route('/hero-video', heroVideoRoutes)
    .route('/waivers', waiverRoutes)
    .route('/stripe', stripeRoutes)
    .route('/payments', paymentRoutes)
    .route('/tickets', ticketRoutes)
    // Door check-in (D26): the ticket list, check-ins (outbox-backed) and conflicts for admins.
    .route('/door', doorRoutes)
    .route('/player', playerRoutes)
    .route('/player', playerMatchRoutes)
    .route('/teams', teamRoutes)
    .route('/free-agency', freeAgencyRoutes)
    .route('/team-invites', teamInviteRoutes)
    .route('/transfers', transferRoutes)
    .route('/profile', profileImageRoutes)
    // Edit Profile (001 s7): GET and PATCH /api/profile.
    .route('/profile', profileEditRoutes)
    // Public profiles and Follow (001 s7, D31): /api/players/{id}/profile, /api/teams/{id}/profile, .../follow.
    .route('/players', playerProfileRoutes)
    .route('/teams', teamProfileRoutes)
    .route('/notifications', notificationRoutes)
    .route('/support', supportRoutes)
    // Competition money and MVP voting (issue 11): beside the tournament, player and admin routes.
    .route('/tournaments', mvpRoutes)
    .route('/tournaments', cancelRoutes)
    .route('/player', competitionPlayerRoutes)
    .route('/admin/payouts', payoutRoutes)
    // Issue 14, verification (D11, D24): applications, and the Users and Permissions tabs' member management.
    .route('/verification', verificationRoutes)
    .route('/admin', memberAdminRoutes)
    // Media (issue 14): Media Day and its RSVPs (D25), the hero video's admin calls (D24), the verified dashboard (D32).
    .route('/media-day', mediaDayRoutes)
    .route('/admin/media-day-rsvps', adminRsvpRoutes)
    .route('/admin/media-day-events', adminEventRoutes)
    .route('/admin/drive-videos', driveVideoRoutes)
    .route('/admin/hero-video', heroVideoAdminRoutes)
    .route('/verified-dashboard', verifiedDashboardRoutes)
    // Issue 14, money and content: the admin Payments tab, blog, sponsor listings and the audit log reader.
    .route('/admin/payments', adminPaymentRoutes)
    .route('/admin/blog', adminBlogRoutes)
    .route('/blog', blogRoutes)
    .route('/admin/sponsors', adminSponsorRoutes)
    // Global search (issue 16, D30): members, teams and tournaments through their FTS5 indexes.
    .route('/search', searchRoutes)
    .route('/admin/audit', adminAuditRoutes)
    // Conduct (issue 14, D24, D27): reports, decisions, appeals, and a member's standing (suspend, ban, lift).
    .route('/incidents', incidentRoutes)
    .route('/admin/incidents', adminIncidentRoutes)
    .route('/admin/members', memberStandingRoutes)
    // Issue 16: Player Points, Player Wins and Team Rankings, ranked and paged on the server.
    .route('/leaderboards', leaderboardRoutes)
    // D45: iCalendar feeds (a tournament, a division, a member's schedule at a secret address) and Edit Profile's card.
    .route('/calendar', calendarRoutes)
    .route('/profile/calendar', calendarProfileRoutes)
    // Issue 38 item 6: a member's own data as JSON, a tournament's results as CSV for its host and admins.
    .route('/profile/export', memberExportRoutes)
    // D44: Edit Profile's API keys card.
    .route('/profile/api-keys', apiKeyRoutes)
    // D44: webhook endpoints of a host's tournaments or (admins) the league, their delivery log and Send Again.
    .route('/webhooks', webhookRoutes)
    .route('/tournaments', resultsExportRoutes);

  // Unknown API paths are JSON 404s, never the SPA's index.html.
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));
  // D23: stored videos (with byte ranges), then stored images, from the blob store of either host.
  app.route('/', videoFileRoutes);
  app.route('/', uploadRoutes);
  app.route('/', sitemapRoutes({ divisions: divisionSlugs, listedStatuses }));
  // Public pages rendered with their data; their API reads come back into this app in process (same middleware).
  if (deps.pages)
    app.use(
      '*',
      renderedPages(deps.pages, (request, c) => app.fetch(request, c.env)),
    );
  if (deps.staticHandler) app.use('*', deps.staticHandler);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  // The request log (above) writes the line for every 5xx answered here, from `c.error`.
  app.onError((err, c) => {
    if (err instanceof RetryLater) c.header('Retry-After', String(err.retryAfterSeconds));
    if (err instanceof HTTPException) {
      // Hono's own exceptions (malformed JSON, body limit) carry a message and a status; keep both.
      return c.json({ message: err.message || 'Request failed' }, err.status as ContentfulStatusCode);
    }
    // ADR 060: Turso unreachable (or the embedded file busy past every wait) is nobody's bug and ends by itself.
    if (isDatabaseUnavailable(err)) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ message: DATABASE_UNAVAILABLE }, 503);
    }
    return c.json({ message: 'Internal server error' }, 500);
  });

  /** One tick of the tournament clock (D12). */
  const clock = (at: Date = now()) => runTournamentClock(clockDeps, at);
  /**
   * A cron run (D12: the Worker's Cron Trigger, the Node host's timer, once a minute): the clock, the push queue and
   * the webhook queue (D44), each on its own, so that one failing never holds up the other. Each failure is one log line (ADR 060); never
   * rejects, and says which tasks failed.
   */
  const cron = async (at: Date = now()): Promise<{ failed: string[] }> => {
    const requestId = `cron-${at.toISOString()}`;
    const tasks = { clock: () => clock(at), push, webhooks } as const;
    const outcomes = await Promise.all(
      Object.entries(tasks).map(async ([route, run]) => {
        try {
          await run();
          return null;
        } catch (error) {
          writeLog({ level: 'error', event: 'cron', requestId, route, ...errorFields(error) });
          return route;
        }
      }),
    );
    // In the tasks' order, whichever failed first.
    return { failed: outcomes.filter((route): route is string => route !== null) };
  };
  return { app, api, clock, push, webhooks, cron };
}

export type AppType = ReturnType<typeof createApp>['api'];
