import type { Pixels } from './codecs.ts';

/**
 * The first of two resizing steps for a large image (ADR 050), as Pillow's `thumbnail(reducing_gap=2.0)` and
 * libvips' shrink-then-reduce do it: average whole blocks of pixels (a box filter, by an integer factor on each side)
 * until the image is still at least `gap` times the target, then let Lanczos3 do the rest. The Lanczos resizer costs
 * in proportion to the pixels it reads times the reduction (its kernel widens with it): 8192 x 4800 straight to 1024
 * x 600 took it 14-20 s here, against a fraction of a second for 2048 x 1200. Averaged as the resizer averages: in
 * linear light, weighted by alpha, so the result stays within a level or two of resizing in one step.
 */

/** The reduction each side takes before Lanczos3: the largest integer that leaves it `gap` times the target. */
export function reductionFactors(
  from: { width: number; height: number },
  to: { width: number; height: number },
  gap = 2,
): { x: number; y: number } {
  return {
    x: Math.max(1, Math.floor(from.width / to.width / gap)),
    y: Math.max(1, Math.floor(from.height / to.height / gap)),
  };
}

// sRGB to linear light, for each 8-bit value.
const TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i += 1) {
  const c = i / 255;
  TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
// Linear light back to 8-bit sRGB, by 1/16384 steps (finer than one 8-bit level even in the darkest tones).
const STEPS = 16384;
const TO_SRGB = new Uint8Array(STEPS + 1);
for (let i = 0; i <= STEPS; i += 1) {
  const l = i / STEPS;
  TO_SRGB[i] = Math.round((l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055) * 255);
}

/**
 * The image with each fx x fy block of pixels averaged into one (pixels beyond the last whole block are dropped: at
 * most fx - 1 columns and fy - 1 rows, less than a pixel of the stored size). RGBA in, RGBA out; pure.
 */
export function reduceByBlocks(image: Pixels, fx: number, fy: number): Pixels {
  if (fx <= 1 && fy <= 1) return image;
  const { data, width } = image;
  const outWidth = Math.floor(image.width / fx);
  const outHeight = Math.floor(image.height / fy);
  const out = new Uint8ClampedArray(outWidth * outHeight * 4);
  // One output row's sums: red, green and blue in linear light times alpha, and alpha.
  const sums = new Float64Array(outWidth * 4);
  const perBlock = fx * fy;
  for (let oy = 0; oy < outHeight; oy += 1) {
    sums.fill(0);
    for (let y = oy * fy; y < (oy + 1) * fy; y += 1) {
      let i = y * width * 4;
      for (let ox = 0, s = 0; ox < outWidth; ox += 1, s += 4) {
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let dx = 0; dx < fx; dx += 1, i += 4) {
          const alpha = data[i + 3]!;
          r += TO_LINEAR[data[i]!]! * alpha;
          g += TO_LINEAR[data[i + 1]!]! * alpha;
          b += TO_LINEAR[data[i + 2]!]! * alpha;
          a += alpha;
        }
        sums[s] = sums[s]! + r;
        sums[s + 1] = sums[s + 1]! + g;
        sums[s + 2] = sums[s + 2]! + b;
        sums[s + 3] = sums[s + 3]! + a;
      }
    }
    for (let ox = 0, s = 0, o = oy * outWidth * 4; ox < outWidth; ox += 1, s += 4, o += 4) {
      const a = sums[s + 3]!;
      if (a === 0) continue; // wholly transparent: stays 0, 0, 0, 0
      out[o] = TO_SRGB[Math.round((sums[s]! / a) * STEPS)]!;
      out[o + 1] = TO_SRGB[Math.round((sums[s + 1]! / a) * STEPS)]!;
      out[o + 2] = TO_SRGB[Math.round((sums[s + 2]! / a) * STEPS)]!;
      out[o + 3] = Math.round(a / perBlock);
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}
