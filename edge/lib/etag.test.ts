import { Hono } from 'hono';
import { etag } from 'hono/etag';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityTag, etagMatches, textTag } from './etag.ts';

/** The tag hono's own etag middleware gives a body, streamed in pieces as a large answer arrives. */
async function honoTag(body: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const app = new Hono();
  app.use('*', etag());
  app.get('/', () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.byteLength; i += 100_000) controller.enqueue(body.slice(i, i + 100_000));
        controller.close();
      },
    });
    return new Response(stream);
  });
  return (await app.request('/')).headers.get('etag');
}

function bytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + 7) % 251;
  return out;
}

describe('entityTag (ADR 026)', () => {
  it.each([1, 1000, 64 * 1024, 64 * 1024 + 1, 262144, 262145, 600_000, 3_000_000])(
    'gives a %i-byte body the same tag as hono etag',
    async (n) => {
      const body = bytes(n);
      expect(`"${await entityTag(body)}"`).toBe(await honoTag(body));
    },
  );

  it('compares weakly, as If-None-Match asks', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', '"x", W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', '"abd"')).toBe(false);
    expect(etagMatches('"abc"', null)).toBe(false);
  });
});

describe('textTag: the tag a route writes with its JSON', () => {
  it('is the tag the middleware gives the same bytes, any text up to one chunk', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 2000 }), async (text) => {
        expect(textTag(text)).toBe(`"${await entityTag(new TextEncoder().encode(text))}"`);
      }),
    );
  });

  it('leaves longer texts to the middleware (their tags are chained)', () => {
    expect(textTag('a'.repeat(262144))).not.toBeNull();
    expect(textTag('a'.repeat(262145))).toBeNull();
    expect(textTag('é'.repeat(131073))).toBeNull();
  });
});
