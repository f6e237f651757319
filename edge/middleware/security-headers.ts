import type { MiddlewareHandler } from 'hono';
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

const overHttps = secureHeaders({
  ...common,
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
});
const overHttp = secureHeaders({ ...common, strictTransportSecurity: false });

/** Security headers on every response, API and app alike; HSTS only when the league is served over https. */
export function securityHeaders(config: Config): MiddlewareHandler {
  const httpsConfigured = config.publicUrl.startsWith('https:');
  return (c, next) => {
    // The scheme from the URL's first characters: parsing it as a URL on every request cost more than the headers.
    const https = httpsConfigured || c.req.url.startsWith('https:');
    return (https ? overHttps : overHttp)(c, next);
  };
}
