import { checkImageHeader, decodeCost, IMAGE_LIMITS, type ImageLimits } from './header.ts';
import { ImageBusyError, type ImagePipeline } from './pipeline.ts';

/**
 * Admission to the image processor (issue 34, ADR 050): the header is read first, so a refusal never waits and
 * every accepted image has a known cost (declared pixels x bytes per pixel, header.ts) before it is decoded. Images
 * go to a lane by that cost (on Node, each lane is a thread of its own), so a profile picture never queues behind a
 * 40-megapixel photo; within a lane the cheapest waiting image goes next. A lane keeps a few images waiting and each
 * waits a bounded time: past either bound the answer is busy (503 with Retry-After), as password hashing answers
 * (D35, hashing-slots.ts). Everything here lives in one process (one isolate on Workers).
 */

/** How long an image may wait for its lane before it is answered 503. */
export const IMAGE_MAX_WAIT_MS = 10_000;

/**
 * The small lane's largest decode: 4 megapixels at 4 bytes a pixel. The crop dialog sends at most 1024 x 1024
 * (4 MiB); a phone photo of 12 megapixels (48 MB) goes to the large lane.
 */
export const SMALL_LANE_MAX_COST = 4_194_304 * 4;

export interface CostQueueOptions {
  /** Tasks run at once. */
  concurrency: number;
  /** Tasks that may wait; a cheaper newcomer takes the place of the dearest waiter, which is answered busy. */
  maxWaiting: number;
  maxWaitMs?: number;
}

export interface CostQueue {
  /** Runs `task` once admitted; rejects with ImageBusyError when the queue is full or the wait runs out. */
  run<T>(cost: number, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting, for tests and diagnostics. */
  readonly load: { running: number; waiting: number };
}

interface Waiter {
  cost: number;
  order: number;
  start: () => void;
  refuse: (error: ImageBusyError) => void;
  handle: ReturnType<typeof setTimeout> | undefined;
}

/** Cheapest first; among equals, first come. */
const before = (a: Waiter, b: Waiter) => a.cost - b.cost || a.order - b.order;

/** A bounded queue that admits the cheapest waiting task whenever a place comes free. */
export function createCostQueue(options: CostQueueOptions): CostQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxWaiting = Math.max(0, Math.floor(options.maxWaiting));
  const maxWaitMs = options.maxWaitMs ?? IMAGE_MAX_WAIT_MS;
  const busy = () => new ImageBusyError('The image processor is busy', Math.ceil(maxWaitMs / 1000));
  // Kept sorted by `before`: the next to start is first, the first to give up its place when full is last.
  const waiting: Waiter[] = [];
  let running = 0;
  let arrivals = 0;

  const remove = (waiter: Waiter) => {
    const at = waiting.indexOf(waiter);
    if (at >= 0) waiting.splice(at, 1);
  };

  const release = () => {
    const next = waiting.shift();
    if (!next) {
      running -= 1;
      return;
    }
    // The place passes straight to the next waiter, so a newcomer can never overtake the queue.
    clearTimeout(next.handle);
    next.start();
  };

  const acquire = (cost: number) => {
    if (running < concurrency && waiting.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { cost, order: (arrivals += 1), start: resolve, refuse: reject, handle: undefined };
      if (waiting.length >= maxWaiting) {
        const dearest = waiting.at(-1);
        if (!dearest || before(waiter, dearest) >= 0) {
          reject(busy());
          return;
        }
        waiting.pop();
        clearTimeout(dearest.handle);
        dearest.refuse(busy());
      }
      waiter.handle = setTimeout(() => {
        remove(waiter);
        reject(busy());
      }, maxWaitMs);
      const at = waiting.findIndex((other) => before(waiter, other) < 0);
      waiting.splice(at < 0 ? waiting.length : at, 0, waiter);
    });
  };

  return {
    async run(cost, task) {
      await acquire(cost);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

/** One lane of the image processor: the images whose decode costs at most `maxCost`, and who runs them. */
export interface ImageLane {
  maxCost: number;
  prepare: ImagePipeline;
  /** Images processed at once (default 1: one thread each on Node; the Worker's isolate has one thread). */
  concurrency?: number;
  maxWaiting: number;
}

export interface AdmittedImagePipeline {
  prepare: ImagePipeline;
  /** Each lane's running and waiting images, in the lanes' order. */
  readonly load: { running: number; waiting: number }[];
}

/**
 * The image pipeline behind admission: refusals by the header (type, size, pixels, decode budget) are answered at
 * once; an accepted image goes to the first lane whose `maxCost` it fits (the last lane takes the rest) and waits
 * there for its turn, cheapest first, at most `maxWaitMs`.
 */
export function admittedImagePipeline(options: {
  lanes: readonly ImageLane[];
  limits?: Readonly<ImageLimits>;
  maxWaitMs?: number;
}): AdmittedImagePipeline {
  const limits = options.limits ?? IMAGE_LIMITS;
  if (options.lanes.length === 0) throw new Error('admittedImagePipeline needs at least one lane');
  const lanes = options.lanes.map((lane) => ({
    ...lane,
    queue: createCostQueue({
      concurrency: lane.concurrency ?? 1,
      maxWaiting: lane.maxWaiting,
      maxWaitMs: options.maxWaitMs,
    }),
  }));
  return {
    async prepare(bytes) {
      const header = checkImageHeader(bytes, limits);
      if (!header.ok) return header;
      const cost = decodeCost(header);
      const lane = lanes.find((l) => cost <= l.maxCost) ?? lanes.at(-1)!;
      return lane.queue.run(cost, () => lane.prepare(bytes));
    },
    get load() {
      return lanes.map((lane) => lane.queue.load);
    },
  };
}
