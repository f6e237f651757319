import type { Context, MiddlewareHandler, Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import type { Config } from '../lib/config.ts';

const contentSecurityPolicy: SecureHeadersOptions['contentSecurityPolicy'] = {
  defaultSrc: ["'self'"],
  // WebAssembly only (no JS eval): the door's QR reader on browsers without BarcodeDetector (D26, ADR 033).
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // Ark UI positions popovers with inline style attributes; stylesheets themselves are same-origin files.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // D29: highlight and replay videos play in their sites' privacy-enhanced players, and nowhere else.
  frameSrc: [
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
    'https://player.twitch.tv',
    'https://clips.twitch.tv',
  ],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

const common = {
  contentSecurityPolicy,
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  xContentTypeOptions: true,
  // Videos and images from other origins (hero video, logos) must still load.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  // The camera for this origin only: the door scans ticket QR codes (D26).
  permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
} satisfies SecureHeadersOptions;

const HSTS = 'max-age=63072000; includeSubDomains';
const overHttps = secureHeaders({ ...common, strictTransportSecurity: HSTS });
const overHttp = secureHeaders({ ...common, strictTransportSecurity: false });

/**
 * D45: the embeddable pages (`/embed/...`, the live bracket for other sites' iframes) are the only documents any site
 * may frame: `frame-ancestors *` (any http or https page) and no `X-Frame-Options`, which knows only DENY and
 * SAMEORIGIN and would win over the CSP in older browsers. Their resource policy is cross-origin so that a site that
 * isolates itself (`Cross-Origin-Embedder-Policy`) can frame them too. Everything else on them stays as strict as any
 * page's: they show public data only and hold no form, and clickjacking needs something to click that acts.
 */
const embeddable = {
  ...common,
  contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: ['*'] },
  xFrameOptions: false,
  crossOriginResourcePolicy: 'cross-origin',
} satisfies SecureHeadersOptions;
const embedOverHttps = secureHeaders({ ...embeddable, strictTransportSecurity: HSTS });
const embedOverHttp = secureHeaders({ ...embeddable, strictTransportSecurity: false });

/** A page another site may frame (D45): the embed pages, and only them. */
export function isEmbeddablePath(path: string): boolean {
  return path.startsWith('/embed/');
}

/**
 * A file of the build a page loads: a hashed file (`/assets/<name>-<hash>.<ext>`) that is not a worker's script, or
 * one of the images and media `public/` holds (the favicon, the app's icons, posters, flyers and videos). Uploads,
 * the manifest and the service worker's script are not among them.
 */
function isBuildSubresource(path: string): boolean {
  if (path.startsWith('/assets/')) return !path.includes('/', 8) && !path.includes('worker');
  return path === '/favicon.svg' || path.startsWith('/icons/') || path.startsWith('/media/');
}

/**
 * Security headers on every response, API and app alike; HSTS only when the league is served over https.
 *
 * A file of the build that a page loads (a script, a stylesheet, an image, the favicon) carries only the two that
 * apply to it, `X-Content-Type-Options` and `Cross-Origin-Resource-Policy`: the others (the CSP, framing, the
 * permissions policy, ...) govern the document or worker that loads it, never the file, and sent with each of them they
 * were ~0.8 KB of every answer over HTTP/1.1 on the Node host, 27.5 KB of a first visit to `/tournaments` and ~165 KB of
 * the offline copy's ~210 files (ADR 047); the favicon's 354 bytes came with 1.1 KB of them (ADR 048). A worker's script keeps them all (a worker takes its CSP from its own
 * response), and so does any HTML answered under /assets/ (the Worker's SPA fallback for a missing file).
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const httpsConfigured = config.publicUrl.startsWith('https:');
  return (c, next) => {
    // The scheme from the URL's first characters: parsing it as a URL on every request cost more than the headers.
    const https = httpsConfigured || c.req.url.startsWith('https:');
    const all = isEmbeddablePath(c.req.path) ? (https ? embedOverHttps : embedOverHttp) : https ? overHttps : overHttp;
    // Every API answer passes here: it goes straight to the full set, with no wrapper of its own.
    return isBuildSubresource(c.req.path) ? buildFileHeaders(c, next, all) : all(c, next);
  };
}

/**
 * An SVG opened on its own is a document that could run script: the favicon (and any SVG among the build's images)
 * gets a CSP that allows none, ~70 bytes instead of the document set's ~0.8 KB (ADR 048). As an image in a page it
 * runs no script anyway, and a page's own CSP governs the page.
 */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

async function buildFileHeaders(c: Context, next: Next, all: MiddlewareHandler): Promise<void> {
  await next();
  const type = c.res.headers.get('Content-Type') ?? '';
  if (type.startsWith('text/html') || type.startsWith('application/xhtml+xml')) {
    await all(c, async () => {});
    return;
  }
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  if (type.startsWith('image/svg+xml')) c.res.headers.set('Content-Security-Policy', SVG_CSP);
}
