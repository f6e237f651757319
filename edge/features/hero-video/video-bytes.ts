/**
 * D23: a hero video is MP4 or WebM by its bytes (never its name or declared type), at most 100 MB, stored as it is.
 * Plain values and a pure sniffer, so the Media tab imports the limits and messages without the server's code.
 */

/** D23's "100 MB", read as 100 MiB like the images' 20 MB. */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/** How much of the start of a file the sniffer needs: WebM names its DocType within the first EBML header. */
export const VIDEO_HEAD_BYTES = 4096;

export type VideoFormat = 'mp4' | 'webm';

export const VIDEO_CONTENT_TYPES: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** What the picker offers (the server decides by the bytes). */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';

export const VIDEO_NAME_MAX = 100;

export const VIDEO_MESSAGES = {
  invalidType: 'Please upload an MP4 or WebM video.',
  tooLarge: 'Please upload a video smaller than 100MB.',
  missing: 'Choose a video to upload.',
  lengthRequired: 'The upload must state its size (Content-Length).',
  incomplete: 'The upload ended before the whole video arrived. Please try again.',
  nameRequired: 'Please give the video a name.',
  nameTooLong: `Video names are at most ${VIDEO_NAME_MAX} characters.`,
  notAVideo: 'Choose one of the listed videos.',
} as const;

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
