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
  outputSide: number;
  jpegQuality: number;
}

/** D23's limits. */
export const IMAGE_LIMITS: Readonly<ImageLimits> = {
  /** "At most 20 MB": the spec's 20MB read as binary megabytes, as the client's check reads it too. */
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxSide: 8192,
  /** Stored images fit in this square (never enlarged). */
  outputSide: 1024,
  jpegQuality: 85,
};

/** Why an image is refused before any decoding. */
export type HeaderRefusal = 'type' | 'bytes' | 'pixels';

export type HeaderCheck =
  | { ok: true; type: ImageType; width: number; height: number }
  | { ok: false; refusal: HeaderRefusal };

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

/**
 * D23's check before decoding: the type by magic bytes, the size in bytes, and the dimensions the header declares
 * (image-size reads them from the JPEG frame header, the PNG IHDR chunk or the WebP chunk without decoding), so a
 * small file that declares 50,000 x 50,000 pixels is refused before a decoder allocates anything for it. A header
 * that cannot be read is a wrong type. Pure: bytes in, verdict out.
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
    return { ok: false, refusal: 'pixels' };
  }
  return { ok: true, type, width, height };
}

/** The stored size: the image scaled to fit in the output square, keeping its proportions, never enlarged. */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
