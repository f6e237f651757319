import { describe, expect, it } from 'vitest';
import {
  containsBytes,
  gradient,
  GPS_TEXT,
  jpegFile,
  jpegSegments,
  jpegWithGps,
  pngDeclaring,
  pngFile,
  SCRIPT,
  SVG,
  testCodecs,
  webpFile,
} from '../../test/images.ts';
import type { ImageCodecs } from './codecs.ts';
import { checkImageHeader, fitWithin, IMAGE_LIMITS, sniffImageType } from './header.ts';
import { prepareImage, sha256Hex } from './pipeline.ts';

/** The codecs, counting decodes: a refusal before decoding must leave the count at 0. */
function countingCodecs(): ImageCodecs & { decodes: number } {
  const counted = {
    decodes: 0,
    ready: testCodecs.ready,
    decode: (...args: Parameters<ImageCodecs['decode']>) => {
      counted.decodes += 1;
      return testCodecs.decode(...args);
    },
    resize: testCodecs.resize,
    encodeJpeg: testCodecs.encodeJpeg,
  };
  return counted;
}

describe('prepareImage', () => {
  it('re-encodes a PNG as a JPEG stored under the SHA-256 of its bytes', async () => {
    const png = await pngFile(gradient(300, 200));
    const prepared = await prepareImage(testCodecs, png);
    if (!prepared.ok) throw new Error(prepared.refusal);
    expect(sniffImageType(prepared.bytes)).toBe('jpeg');
    expect(prepared.key).toBe(`${await sha256Hex(prepared.bytes)}.jpg`);
    expect(prepared).toMatchObject({ width: 300, height: 200 });
    const back = await testCodecs.decode('jpeg', prepared.bytes);
    expect([back.width, back.height]).toEqual([300, 200]);
  });

  it('fits a large picture into 1024 x 1024 keeping its proportions', async () => {
    const prepared = await prepareImage(testCodecs, await jpegFile(gradient(2400, 1600)));
    expect(prepared).toMatchObject({ ok: true, width: 1024, height: 683 });
  });

  it('takes WebP by its bytes', async () => {
    const prepared = await prepareImage(testCodecs, await webpFile(gradient(64, 64)));
    expect(prepared).toMatchObject({ ok: true, width: 64, height: 64 });
  });

  it('removes every metadata segment: a JPEG with GPS EXIF comes out with no EXIF at all', async () => {
    const original = await jpegWithGps(gradient(200, 200));
    expect(containsBytes(original, 'Exif\0\0')).toBe(true);
    expect(containsBytes(original, GPS_TEXT)).toBe(true);
    const prepared = await prepareImage(testCodecs, original);
    if (!prepared.ok) throw new Error(prepared.refusal);
    expect(containsBytes(prepared.bytes, 'Exif')).toBe(false);
    expect(containsBytes(prepared.bytes, GPS_TEXT)).toBe(false);
    // Only the JFIF header among the application segments, and no comment.
    const markers = jpegSegments(prepared.bytes).map((s) => s.marker);
    expect(markers.filter((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe)).toEqual([]);
  });

  it('lays transparent pixels over white rather than black', async () => {
    const prepared = await prepareImage(testCodecs, await pngFile(gradient(32, 32, 0)));
    if (!prepared.ok) throw new Error(prepared.refusal);
    const back = await testCodecs.decode('jpeg', prepared.bytes);
    expect(Math.min(...back.data.filter((_, i) => i % 4 !== 3))).toBeGreaterThan(245);
  });

  it.each([
    ['a script named .png', SCRIPT, 'type'],
    ['an SVG', SVG, 'type'],
    ['a PNG signature with a broken header', pngDeclaring(0, 10), 'type'],
    ['a small PNG declaring 50,000 x 50,000 pixels', pngDeclaring(50_000, 50_000), 'pixels'],
    ['a PNG 8193 pixels wide', pngDeclaring(8193, 10), 'pixels'],
    ['a PNG of 8000 x 6000 (48 megapixels)', pngDeclaring(8000, 6000), 'pixels'],
  ])('refuses %s before decoding it', async (_name, bytes, refusal) => {
    const codecs = countingCodecs();
    const started = performance.now();
    expect(await prepareImage(codecs, bytes)).toMatchObject({ ok: false, refusal });
    expect(codecs.decodes).toBe(0);
    // Decoding 48 megapixels would take seconds; a second leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses bytes over 20 MB whatever they hold, and a file whose data does not decode', async () => {
    const big = new Uint8Array(IMAGE_LIMITS.maxBytes + 1);
    big.set(await pngFile(gradient(4, 4)));
    expect(await prepareImage(testCodecs, big)).toEqual({ ok: false, refusal: 'bytes' });
    // A valid header over image data that holds no pixels (libjpeg fills a cut-off JPEG in grey instead).
    expect(await prepareImage(testCodecs, pngDeclaring(10, 10))).toEqual({ ok: false, refusal: 'undecodable' });
  });
});

describe('checkImageHeader', () => {
  it('accepts 40 megapixels and 8192 on a side, not one pixel more', () => {
    expect(checkImageHeader(pngDeclaring(8000, 5000))).toEqual({
      ok: true,
      type: 'png',
      width: 8000,
      height: 5000,
      bytesPerPixel: 4,
    });
    expect(checkImageHeader(pngDeclaring(8192, 10))).toMatchObject({ ok: true });
    expect(checkImageHeader(pngDeclaring(8000, 5001))).toEqual({
      ok: false,
      refusal: 'pixels',
      maxPixels: 40_000_000,
      maxSide: 8192,
    });
  });

  it('refuses before decoding an image whose decode would cost more than 40 megapixels at 4 bytes a pixel', () => {
    // 16 bits a channel: RGBA costs 8 bytes a pixel, RGB 6; greyscale and palette images cost the decoder's 4.
    const rgba16 = { bitDepth: 16, colorType: 6 };
    expect(checkImageHeader(pngDeclaring(5000, 4000, rgba16))).toMatchObject({ ok: true, bytesPerPixel: 8 });
    expect(checkImageHeader(pngDeclaring(5000, 4001, rgba16))).toEqual({ ok: false, refusal: 'decode' });
    expect(checkImageHeader(pngDeclaring(8192, 4800, rgba16))).toEqual({ ok: false, refusal: 'decode' });
    expect(checkImageHeader(pngDeclaring(8192, 4800, { bitDepth: 16, colorType: 2 }))).toEqual({
      ok: false,
      refusal: 'decode',
    });
    expect(checkImageHeader(pngDeclaring(8192, 4800, { bitDepth: 16, colorType: 0 }))).toMatchObject({
      ok: true,
      bytesPerPixel: 4,
    });
    // D23's limits stay: every 8-bit image up to 40 megapixels fits the budget.
    expect(checkImageHeader(pngDeclaring(8000, 5000, { bitDepth: 8, colorType: 2 }))).toMatchObject({ ok: true });
    expect(checkImageHeader(pngDeclaring(8192, 4800, { bitDepth: 8, colorType: 3 }))).toMatchObject({ ok: true });
  });

  it('never trusts a name or a declared type: only the first bytes count', () => {
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });
});

describe('fitWithin', () => {
  it('scales the longer side to the square and never enlarges', () => {
    expect(fitWithin(4000, 3000, 1024)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 4000, 1024)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(500, 20, 1024)).toEqual({ width: 500, height: 20 });
    expect(fitWithin(8192, 1, 1024)).toEqual({ width: 1024, height: 1 });
  });
});
