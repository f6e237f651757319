import { describe, expect, it } from 'vitest';
import { gradient, testCodecs } from '../../test/images.ts';
import type { Pixels } from './codecs.ts';
import { reduceByBlocks, reductionFactors } from './reduce.ts';

// The box step before Lanczos3 for large images (ADR 050): whole blocks averaged in linear light, weighted by alpha,
// and a result that stays close to resizing in one step.

function pixels(width: number, height: number, rgba: number[][]): Pixels {
  return { data: new Uint8ClampedArray(rgba.flat()), width, height };
}

describe('reductionFactors', () => {
  it('reduces each side by the largest whole factor that leaves it twice the target', () => {
    expect(reductionFactors({ width: 8192, height: 4800 }, { width: 1024, height: 600 })).toEqual({ x: 4, y: 4 });
    expect(reductionFactors({ width: 8192, height: 2 }, { width: 1024, height: 1 })).toEqual({ x: 4, y: 1 });
    // A phone photo is less than four times the stored size: Lanczos3 alone.
    expect(reductionFactors({ width: 4000, height: 3000 }, { width: 1024, height: 768 })).toEqual({ x: 1, y: 1 });
  });
});

describe('reduceByBlocks', () => {
  it('averages in linear light: black and white make the sRGB grey of half the light, not 128', () => {
    const black = [0, 0, 0, 255];
    const white = [255, 255, 255, 255];
    const reduced = reduceByBlocks(pixels(2, 1, [black, white]), 2, 1);
    expect([...reduced.data]).toEqual([188, 188, 188, 255]);
  });

  it('weights colour by alpha: a transparent pixel adds no colour, and an empty block stays empty', () => {
    const clearRed = [255, 0, 0, 0];
    const blue = [0, 0, 255, 255];
    const reduced = reduceByBlocks(pixels(4, 1, [clearRed, blue, clearRed, clearRed]), 2, 1);
    expect([...reduced.data]).toEqual([0, 0, 255, 128, 0, 0, 0, 0]);
  });

  it('drops the columns and rows past the last whole block, and leaves a factor of 1 alone', () => {
    const image = gradient(9, 7);
    expect(reduceByBlocks(image, 4, 3)).toMatchObject({ width: 2, height: 2 });
    expect(reduceByBlocks(image, 1, 1)).toBe(image);
  });

  it('with Lanczos3 after it, stays within a level on average of resizing in one step', async () => {
    // A reduction by 8, as of 8192 x 4800 to the stored 1024 x 600, at an eighth of the pixels.
    const image = gradient(2048, 1200);
    // Fine grain and sharp edges, where a box filter and Lanczos3 differ most.
    for (let i = 0, n = 0; i < image.data.length; i += 4, n += 1) {
      image.data[i] = image.data[i]! + ((n * 2654435761) % 29) - 14;
      if (n % 97 < 2) image.data.fill(0, i, i + 3);
    }
    const factors = reductionFactors(image, { width: 256, height: 150 });
    expect(factors).toEqual({ x: 4, y: 4 });
    const once = await testCodecs.resize({ ...image, data: image.data.slice() }, 256, 150);
    const twice = await testCodecs.resize(reduceByBlocks(image, factors.x, factors.y), 256, 150);
    let total = 0;
    for (let i = 0; i < once.data.length; i += 1) total += Math.abs(once.data[i]! - twice.data[i]!);
    expect(total / once.data.length).toBeLessThan(1);
  }, 60_000);
});
