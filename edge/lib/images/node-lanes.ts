import { admittedImagePipeline, SMALL_LANE_MAX_COST } from './admission.ts';
import { threadedImagePipeline } from './node-thread.ts';
import type { ImagePipeline } from './pipeline.ts';

/**
 * The Node host's image processor (ADR 050): two lanes, each its own thread. The small lane (at most 4 megapixels,
 * everything the crop dialog sends) is started at once and keeps its codecs compiled; the large lane takes the
 * rest one at a time. So a flood of 40-megapixel images keeps one core busy and leaves the API and the small images
 * the other, instead of holding every upload of the league behind it.
 */
export interface NodeImageProcessor {
  prepare: ImagePipeline;
  /** Running and waiting images: the small lane, then the large one. */
  readonly load: { running: number; waiting: number }[];
  close(): Promise<void>;
}

export function nodeImageProcessor(
  options: {
    maxWaitMs?: number;
    /** Waiting places of each lane (defaults: 16 small images, 2 large ones). */
    maxWaiting?: { small?: number; large?: number };
    /** A thread that runs past this is ended and its image answered busy (node-thread.ts). */
    timeoutMs?: number;
  } = {},
): NodeImageProcessor {
  const small = threadedImagePipeline({ warm: true, timeoutMs: options.timeoutMs });
  // Nice 10 (about a tenth of a normal thread's share when the cores are contended): a flood of large images
  // takes what the API and the small lane leave over.
  const large = threadedImagePipeline({ timeoutMs: options.timeoutMs, nice: 10 });
  const admitted = admittedImagePipeline({
    maxWaitMs: options.maxWaitMs,
    lanes: [
      // ~0.1-0.5 s each on this machine: 16 waiting is a few seconds of work.
      { maxCost: SMALL_LANE_MAX_COST, maxWaiting: options.maxWaiting?.small ?? 16, prepare: small.prepare },
      // Seconds each (ADR 050): more waiting would mostly wait out IMAGE_MAX_WAIT_MS and be answered 503 anyway.
      { maxCost: Infinity, maxWaiting: options.maxWaiting?.large ?? 2, prepare: large.prepare },
    ],
  });
  return {
    prepare: admitted.prepare,
    get load() {
      return admitted.load;
    },
    async close() {
      await Promise.all([small.close(), large.close()]);
    },
  };
}
