// Values of the Workers host (edge/worker.ts) that its tests and other modules need. They live here because workerd
// refuses a main module with any export that is not a handler: a string beside `default` kept the Worker from
// starting (issue 35).
import { IMAGE_LIMITS } from './lib/images/header.ts';

/**
 * D23 on Workers (ADR 029): an isolate has 128 MB, and decoding holds the pixels (4 bytes each) in the decoder's
 * WebAssembly memory, in JavaScript and again in the resizer's, so D23's 40 megapixels (160 MB each) cannot fit.
 * A Worker takes up to 4 megapixels, four times what the crop dialog ever sends (1024 x 1024), and a decode of at
 * most that many pixels at 4 bytes each (ADR 050).
 */
export const WORKER_IMAGE_LIMITS = { ...IMAGE_LIMITS, maxPixels: 4_194_304, maxDecodeBytes: 4_194_304 * 4 };

/** The Worker's refusal to start without the league's origin. */
export const MISSING_PUBLIC_URL =
  'PUBLIC_URL is not set: add PUBLIC_URL = "https://<the league\'s address>" to [vars] in wrangler.toml ' +
  '(e.g. its workers.dev URL or custom domain; README: Deploy). The Origin check, cookies and return URLs need it.';
