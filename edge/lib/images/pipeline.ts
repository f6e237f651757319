import type { ImageCodecs, Pixels } from './codecs.ts';
import { checkImageHeader, fitWithin, IMAGE_LIMITS, type HeaderCheck, type HeaderRefusal, type ImageLimits } from './header.ts';
import { reduceByBlocks, reductionFactors } from './reduce.ts';

/** Why an upload is refused: the header check's reasons, or bytes that passed it but do not decode as their type. */
export type ImageRefusal = HeaderRefusal | 'undecodable';

export type PreparedImage =
  | {
      ok: true;
      /** The stored file: JPEG, at most 1024 x 1024, without any metadata. */
      bytes: Uint8Array;
      /** `<sha256 of bytes>.jpg`: the same picture uploaded twice is one file. */
      key: string;
      width: number;
      height: number;
    }
  | Extract<HeaderCheck, { ok: false }>
  | { ok: false; refusal: 'undecodable' };

/** Lowercase hex SHA-256 (Web Crypto: the same on Node and Workers). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * JPEG has no transparency: a logo's transparent background would come out black (the colour under alpha 0), so
 * transparent and half-transparent pixels are laid over white. In place; opaque pixels are unchanged.
 */
export function flattenOntoWhite(image: Pixels): Pixels {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    const a = alpha / 255;
    data[i] = Math.round(data[i]! * a + 255 * (1 - a));
    data[i + 1] = Math.round(data[i + 1]! * a + 255 * (1 - a));
    data[i + 2] = Math.round(data[i + 2]! * a + 255 * (1 - a));
    data[i + 3] = 255;
  }
  return image;
}

/**
 * D23 end to end, without storing anything: the header check first (type by bytes, size, declared pixels, decode
 * budget), then decode, scale to fit 1024 x 1024, flatten transparency, and encode as JPEG quality 85. Decoding to
 * pixels and encoding anew is what removes every metadata field (EXIF with GPS, XMP, ICC, comments) and anything
 * hidden after the image data: only pixels cross over. A decoder that disagrees with the header about the size refuses the file.
 */
export async function prepareImage(
  codecs: ImageCodecs,
  bytes: Uint8Array,
  limits: Readonly<ImageLimits> = IMAGE_LIMITS,
): Promise<PreparedImage> {
  const header = checkImageHeader(bytes, limits);
  if (!header.ok) return header;

  let decoded: Pixels;
  try {
    decoded = await codecs.decode(header.type, bytes);
  } catch {
    return { ok: false, refusal: 'undecodable' };
  }
  // EXIF orientations 5-8 turn a JPEG a quarter, swapping its sides.
  const sameSize = decoded.width === header.width && decoded.height === header.height;
  const turned = decoded.width === header.height && decoded.height === header.width;
  if (!(sameSize || (header.type === 'jpeg' && turned)) || decoded.data.length !== decoded.width * decoded.height * 4) {
    return { ok: false, refusal: 'undecodable' };
  }

  const target = fitWithin(decoded.width, decoded.height, limits.outputSide);
  let scaled = decoded;
  if (target.width !== decoded.width || target.height !== decoded.height) {
    // A large image is first averaged down by whole blocks, which costs the Lanczos step most of its work (ADR 050).
    const factors = reductionFactors(decoded, target);
    scaled = await codecs.resize(reduceByBlocks(decoded, factors.x, factors.y), target.width, target.height);
  }
  const jpeg = await codecs.encodeJpeg(flattenOntoWhite(scaled), limits.jpegQuality);
  return { ok: true, bytes: jpeg, key: `${await sha256Hex(jpeg)}.jpg`, width: target.width, height: target.height };
}

/** How a host runs `prepareImage`: in the request (Workers, tests) or on a thread of its own (Node, node-thread.ts). */
export type ImagePipeline = (bytes: Uint8Array) => Promise<PreparedImage>;

/** The image processor could not take the file now (its thread died or took too long); answered with 503. */
export class ImageBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds = 5) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The pipeline run in the caller's own thread. */
export function inlineImagePipeline(codecs: ImageCodecs, limits: Readonly<ImageLimits> = IMAGE_LIMITS): ImagePipeline {
  return (bytes) => prepareImage(codecs, bytes, limits);
}
