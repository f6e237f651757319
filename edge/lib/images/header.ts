import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';

/** The three image types D23 accepts. */
export type ImageType = 'jpeg' | 'png' | 'webp';

/** Limits on what is accepted, and the shape of what is stored. */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
  maxSide: number;
  /** The decode budget: declared pixels x the decoder's bytes per pixel (`decodeCost`) an image may cost. */
  maxDecodeBytes: number;
  outputSide: number;
  jpegQuality: number;
}

/** D23's limits. */
export const IMAGE_LIMITS: Readonly<ImageLimits> = {
  /** "At most 20 MB": the spec's 20MB read as binary megabytes, as the client's check reads it too. */
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 8192,
  /**
   * D23's largest image at the decoders' usual 4 bytes a pixel (RGBA, 8 bits a channel). Measured (ADR 050): a
   * decode's time and memory grow with pixels x bytes per pixel, and a 16-bit PNG (8 bytes a pixel) of D23's 40
   * megapixels took twice as long as an 8-bit one, past the Node thread's 30-second limit on a loaded machine.
   */
  maxDecodeBytes: 40_000_000 * 4,
  /** Stored images fit in this square (never enlarged). */
  outputSide: 1024,
  jpegQuality: 85,
};

/** Why an image is refused before any decoding ('decode': within D23's limits, but over the decode budget). */
export type HeaderRefusal = 'type' | 'bytes' | 'pixels' | 'decode';

export type HeaderCheck =
  | {
      ok: true;
      type: ImageType;
      width: number;
      height: number;
      /** What the decoder holds for each pixel (`bytesPerPixel`). */
      bytesPerPixel: number;
    }
  | { ok: false; refusal: Exclude<HeaderRefusal, 'pixels'> }
  /** The limits it is over, for the refusal's words: a Worker's are not D23's (issue 35). */
  | { ok: false; refusal: 'pixels'; maxPixels: number; maxSide: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/**
 * The type by the file's first bytes (never its name or declared type): JPEG (FF D8 FF), PNG (its 8-byte
 * signature) or WebP (a RIFF container of form WEBP holding a VP8, VP8L or VP8X chunk); anything else is null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBPVP8'), 8)) return 'webp';
  return null;
}

const sizeReaders = { jpeg: JPG, png: PNG, webp: WEBP };

/** Samples a pixel of each PNG colour type: greyscale, RGB, palette index, greyscale + alpha, RGBA. */
const PNG_CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The bytes a pixel costs the decoder, read from the header: 4 (RGBA, 8 bits a channel, what every decoder hands
 * back), or more when the source's own samples are wider, as a 16-bit PNG's are (6 for RGB, 8 for RGBA): the
 * decoder inflates and unfilters the wide samples before narrowing them, and its time grew accordingly (ADR 050).
 */
export function bytesPerPixel(type: ImageType, bytes: Uint8Array): number {
  // The IHDR chunk comes first (image-size has read its width and height from the same place): bit depth at 24,
  // colour type at 25.
  if (type !== 'png' || !startsWith(bytes, ascii('IHDR'), 12) || bytes[24] !== 16) return 4;
  return Math.max(4, (PNG_CHANNELS[bytes[25]!] ?? 4) * 2);
}

/** The decode's cost in bytes, known before decoding: declared pixels x the decoder's bytes per pixel. */
export function decodeCost(header: { width: number; height: number; bytesPerPixel: number }): number {
  return header.width * header.height * header.bytesPerPixel;
}

/**
 * D23's check before decoding: the type by magic bytes, the size in bytes, and the dimensions the header declares
 * (image-size reads them from the JPEG frame header, the PNG IHDR chunk or the WebP chunk without decoding), so a
 * small file that declares 50,000 x 50,000 pixels is refused before a decoder allocates anything for it; then the
 * decode budget (pixels x bytes per pixel). A header that cannot be read is a wrong type. Pure: bytes in, verdict
 * out.
 */
export function checkImageHeader(bytes: Uint8Array, limits: Readonly<ImageLimits> = IMAGE_LIMITS): HeaderCheck {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, refusal: 'type' };
  if (bytes.byteLength > limits.maxBytes) return { ok: false, refusal: 'bytes' };
  let width: number;
  let height: number;
  try {
    ({ width, height } = sizeReaders[type].calculate(bytes));
  } catch {
    return { ok: false, refusal: 'type' };
  }
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1) {
    return { ok: false, refusal: 'type' };
  }
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    return { ok: false, refusal: 'pixels', maxPixels: limits.maxPixels, maxSide: limits.maxSide };
  }
  const header = { ok: true as const, type, width, height, bytesPerPixel: bytesPerPixel(type, bytes) };
  if (decodeCost(header) > limits.maxDecodeBytes) return { ok: false, refusal: 'decode' };
  return header;
}

/** The stored size: the image scaled to fit in the output square, keeping its proportions, never enlarged. */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
