import type { VideoFormat } from './constants.ts';

/** D23: proves MP4 or WebM from the first bytes of a file (the sniffer the upload runs before storing anything). */

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

// ISO base media files that are not videos a browser plays as MP4: still images (HEIF/AVIF), audio, QuickTime.
const NOT_VIDEO_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'M4A ',
  'M4B ',
  'M4P ',
  'qt  ',
]);
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'msnv',
  'f4v ',
]);

/** MP4: an `ftyp` box first, whose major brand is a video one (or, for an unknown major brand, a compatible one is). */
function isMp4(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 4) !== 'ftyp') return false;
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return false;
  const major = ascii(head, 8, 4);
  if (NOT_VIDEO_BRANDS.has(major)) return false;
  if (VIDEO_BRANDS.has(major)) return true;
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) {
    if (VIDEO_BRANDS.has(ascii(head, at, 4))) return true;
  }
  return false;
}

/** Reads an EBML variable-length integer at `at`: its value and its length in bytes, or null. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

/** WebM: the EBML magic, then an EBML header whose DocType element (0x4282) says 'webm' (Matroska says 'matroska'). */
function isWebm(head: Uint8Array): boolean {
  if (head.length < 4 || head[0] !== 0x1a || head[1] !== 0x45 || head[2] !== 0xdf || head[3] !== 0xa3) return false;
  const headerSize = readVint(head, 4, false);
  if (!headerSize) return false;
  let at = 4 + headerSize.length;
  const end = Math.min(head.length, at + headerSize.value);
  while (at < end) {
    const id = readVint(head, at, true);
    if (!id) return false;
    const size = readVint(head, at + id.length, false);
    if (!size) return false;
    const dataAt = at + id.length + size.length;
    if (id.value === 0x4282) return dataAt + size.value <= head.length && ascii(head, dataAt, size.value) === 'webm';
    at = dataAt + size.value;
  }
  return false;
}

/** The format the first bytes of a file prove, or null when they are neither MP4 nor WebM. */
export function sniffVideo(head: Uint8Array): VideoFormat | null {
  if (isMp4(head)) return 'mp4';
  if (isWebm(head)) return 'webm';
  return null;
}
