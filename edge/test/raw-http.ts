import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as it travelled: `raw` is the body still encoded (fetch would decode it). */
export interface RawAnswer {
  status: number;
  headers: Headers;
  raw: Buffer;
}

/** A request on a real socket with node:http, which adds no header of its own and decodes nothing. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
        }
        resolve({ status: res.statusCode!, headers: out, raw: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded once by its Content-Encoding (br, gzip or none); another encoding throws. */
export function decodedOnce({ headers, raw }: RawAnswer): Buffer {
  const encoding = headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === null) return raw;
  throw new Error(`an encoding this test does not read: ${encoding}`);
}

/** The security headers edge/middleware/security-headers.ts sets where they apply (ADR 047). */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
