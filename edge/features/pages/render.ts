import type { Context, MiddlewareHandler, Next } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/context.ts';
import { readSessionToken } from '../../lib/session-cookie.ts';
import { isRenderedPage } from './constants.ts';
import { TIME_ZONE_COOKIE } from '../../lib/time-zone.ts';

export { isRenderedPage };

/**
 * Public pages rendered on the server (issue 12, ADR 027): the page's HTML, head and data arrive in the first
 * answer; the browser's app then hydrates it. Signed-in-only pages and anything not listed here get the app shell as
 * before. The renderer is the app's own (app/entry-server.tsx, built into dist-server/); edge only knows its shape.
 */
export interface PageRenderer {
  /** Whether a path is a page of the app's route table (app/routes/); anything else is answered 404. */
  isKnownPage(pathname: string): boolean;
  renderPage(request: {
    url: string;
    apiFetch: typeof fetch;
    now: number;
    timeZone?: string;
    origin: string;
  }): Promise<{
    status: number;
    html: string;
    head: string;
    /** Links to put last in <head>, after the app's stylesheet. */
    preloads?: string;
    state: string;
  } | null>;
}

export interface PageSources {
  /** The renderer, or null when it is not built (the shell is sent instead). */
  renderer: () => Promise<PageRenderer | null>;
  /** The built index.html, or null when the app is not built. */
  template: (c: Context<AppEnv>) => Promise<string | null>;
}


/** The zone cookie the app sets so dates are written in the visitor's zone (app/lib/render-env.ts). */
export { TIME_ZONE_COOKIE };

// Headers the API needs to answer as it would answer the browser: who is asking (the session) and from where.
const FORWARDED = ['cookie', 'cf-connecting-ip', 'accept-language', 'user-agent'];

/** Writes the rendered page into the built index.html: head tags, #root's markup and the data to hydrate from. */
export function fillTemplate(
  template: string,
  page: { head: string; preloads?: string; html: string; state: string },
): string {
  return template
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    // After the stylesheet: what the first paint needs is asked for before what comes after it.
    .replace('</head>', () => `${page.preloads ?? ''}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
    .replace('</body>', () => `<script type="application/json" id="wta-ssr">${page.state}</script>\n  </body>`);
}

/**
 * A path the app would show a screen for rather than a file: none of the build's files (/assets/, or a last segment
 * with an extension: /sw.js, /icons/icon-192.png), which the host's static handler answers, or not, itself.
 */
export function isPagePath(path: string): boolean {
  return !path.startsWith('/assets/') && !/\.[^/]*$/.test(path);
}

/**
 * The middleware: a GET of a public page is rendered (its API reads go to `app` in process, with the visitor's
 * cookies), and so is a path outside the app's route table: the not-found page with 404 (issue 34), where the shell
 * used to answer 200 to any path. Anything else, or a render that fails, falls through to the host's static files
 * and shell (still with 404 for an unknown path).
 */
export function renderedPages(
  sources: PageSources,
  api: (request: Request, c: Context<AppEnv>) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // A public page's own address may hold a dot (/player/has.dots is that player's 404).
    const rendered = isRenderedPage(path);
    if (!rendered && !isPagePath(path)) return next();
    const renderer = await sources.renderer();
    // Without a built renderer there is no route table to ask: the shell answers, as before the app was built.
    if (!renderer) return next();
    const unknown = !renderer.isKnownPage(path);
    // A signed-in screen of the table (the dashboard, messages): the shell, which the browser's app renders.
    if (!unknown && !rendered) return next();
    const template = await sources.template(c);
    if (!template) return unknown ? notFoundShell(c, next) : next();

    const { config, now } = c.get('deps');
    const origin = config.publicUrl;
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    // ADR 060: a read the database could not serve (503), so that a page whose data failed to load for that reason
    // says so (503 and when to retry) instead of 500.
    let unavailable: Response | undefined;
    const apiFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), origin);
      const res = await api(new Request(url, { method: 'GET', headers, signal: init?.signal }), c);
      if (res.status === 503) unavailable ??= res;
      return res;
    }) as typeof fetch;

    let page;
    try {
      page = await renderer.renderPage({
        url: new URL(c.req.url).pathname + new URL(c.req.url).search,
        apiFetch,
        now: now().getTime(),
        timeZone: getCookie(c, TIME_ZONE_COOKIE),
        origin,
      });
    } catch (error) {
      // The shell still works (the app renders in the browser): a render bug must not take the page down.
      console.error(`[pages] ${c.req.path}:`, error);
      return unknown ? notFoundShell(c, next) : next();
    }
    if (!page) return unknown ? notFoundShell(c, next) : next();

    // The HTML holds the visitor's own data (who is signed in): only their browser may keep it, and never a shared
    // cache; a guest's page is the same for every guest but is still revalidated on every visit.
    const signedIn = readSessionToken(c) !== undefined;
    c.header('Cache-Control', signedIn ? 'private, no-store' : 'no-cache');
    c.header('Vary', 'Cookie');
    if (page.status === 500 && unavailable) {
      c.header('Retry-After', unavailable.headers.get('retry-after') ?? undefined);
      return c.html(fillTemplate(template, page), 503);
    }
    return c.html(fillTemplate(template, page), page.status as 200);
  };
}

/** The host's shell for a path outside the route table, answered 404: the browser's app shows the not-found page. */
async function notFoundShell(c: Context<AppEnv>, next: Next): Promise<Response> {
  await next();
  if (c.res.ok) c.res = new Response(c.res.body, { status: 404, headers: c.res.headers });
  return c.res;
}
